import { pino, type Logger } from 'pino';

/** The process logger: JSON lines on stderr; LOG_LEVEL sets the level ('silent' in tests). */
export const log: Logger = pino(
  { level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'), base: undefined },
  pino.destination(2),
);
