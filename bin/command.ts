// What every subcommand shares: where output goes, how a usage error is told apart, and its configuration.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type Config, type ConfigFlags, type ConfigNeeds, type LogLevel } from '../lib/platform/config/index.js';
import { setLogLevel } from '../lib/platform/log.js';
import { openStore, type Store } from '../lib/platform/store/index.js';

/** Where a command writes, what environment it reads and what it may change of the process; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /**
   * Applies the checked LOG_LEVEL to the process logger. Absent for a command run inside another
   * program (the tests): the logger is that program's, and its level is not the command's to set.
   */
  setLogLevel?(level: LogLevel): void;
}

/** The real process streams and environment. */
export const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  env: process.env,
  setLogLevel,
};

/** A mistake in the command line itself: the caller prints usage and exits with 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The option every command accepts. */
export const dataDirOption = { 'data-dir': { type: 'string' } } as const;

/** parseArgs in strict mode, with its complaints turned into usage errors. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: positionals > 0 });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument '${parsed.positionals[positionals]}'`);
  return parsed;
}

/**
 * The checked configuration of the command about to run, its log level applied. A bad setting
 * throws ConfigError (every problem at once) before the command opens or launches anything.
 */
export function commandConfig(io: CliIo, flags: ConfigFlags, needs: ConfigNeeds = {}): Config {
  const config = loadConfig(io.env, flags, needs);
  io.setLogLevel?.(config.logLevel);
  return config;
}

/** Runs `work` against the store the configuration names (DATABASE_URL, else the data folder's), closing it however `work` ends. */
export async function withStore<T>(config: Pick<Config, 'dataDir' | 'databaseUrl'>, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(config.dataDir, { databaseUrl: config.databaseUrl });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** An epoch-milliseconds time as ISO 8601, or '-' for none. */
export const isoTime = (ms: number | null): string => (ms === null ? '-' : new Date(ms).toISOString());

/** Rows as left-aligned columns separated by two spaces, one line each. */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')).join('\n') + '\n';
}
