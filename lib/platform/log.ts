import { pino, type DestinationStream, type LevelWithSilent, type Logger } from 'pino';
import { startLogLevel, type LogLevel } from './config/log-level.js';

/** The process logger: JSON lines on stderr, at LOG_LEVEL ('silent' in tests). */
export const log: Logger = pino({ level: startLogLevel(), base: undefined }, pino.destination(2));

/** Sets the level the checked configuration chose (bin/ does, before a command runs). */
export function setLogLevel(level: LogLevel): void {
  log.level = level;
}

/**
 * A logger like the process one writing to `destination` (a test's buffer, a file): how a service
 * is given somewhere else to log. The level defaults to 'trace' so a capture misses nothing.
 */
export function createLogger(destination: DestinationStream, level: LevelWithSilent = 'trace'): Logger {
  return pino({ level, base: undefined }, destination);
}
