import { pino, type Logger } from 'pino';
import { startLogLevel, type LogLevel } from './config/log-level.js';

/** The process logger: JSON lines on stderr, at LOG_LEVEL ('silent' in tests). */
export const log: Logger = pino({ level: startLogLevel(), base: undefined }, pino.destination(2));

/** Sets the level the checked configuration chose (bin/ does, before a command runs). */
export function setLogLevel(level: LogLevel): void {
  log.level = level;
}
