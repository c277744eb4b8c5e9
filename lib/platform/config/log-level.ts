// The logger's levels, apart from the rest of the configuration: lib/platform/log.ts needs a level the
// moment it is imported, before any command has read and checked its settings.

/** pino's levels, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** One of pino's levels. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Whether `value` names one of pino's levels. */
export const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

/** What LOG_LEVEL defaults to: info, or silent under the test runner (which sets NODE_ENV=test). */
export const defaultLogLevel = (env: Readonly<Record<string, string | undefined>>): LogLevel => (env.NODE_ENV === 'test' ? 'silent' : 'info');

/**
 * The level the logger starts at: LOG_LEVEL if it names a level, else the default. It never
 * throws, so a bad LOG_LEVEL cannot crash an import; the configuration reports it instead, and a
 * command applies the checked level before it does anything.
 */
export function startLogLevel(env: Readonly<Record<string, string | undefined>> = process.env): LogLevel {
  const level = env.LOG_LEVEL?.trim();
  return level && isLogLevel(level) ? level : defaultLogLevel(env);
}
