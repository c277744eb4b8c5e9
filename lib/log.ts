import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

/** The process logger: JSON lines on stderr; LOG_LEVEL sets the level ('silent' in tests). */
export const log: Logger = pino(
  { level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'), base: undefined },
  pino.destination(2),
);

/**
 * A logger like the process one writing to `destination` (a test's buffer, a file): how a service
 * is given somewhere else to log. The level defaults to 'trace' so a capture misses nothing.
 */
export function createLogger(destination: DestinationStream, level: LevelWithSilent = 'trace'): Logger {
  return pino({ level, base: undefined }, destination);
}
