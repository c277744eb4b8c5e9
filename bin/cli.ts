// The command line: `tabwright <command>`. bin/tabwright imports `main` from the compiled copy of this file.
import { ConfigError } from '../lib/platform/config/index.js';
import { accountsCommand } from './accounts.js';
import { chartCommand } from './chart.js';
import { commandConfig, dataDirOption, parse, processIo, UsageError, type CliIo } from './command.js';
import { commandHelp, isCommand, USAGE } from './help.js';
import { keysCommand } from './keys.js';
import { ledgerCommand } from './ledger.js';
import { catchStopSignals } from './signals.js';

export { USAGE } from './help.js';

/** Runs the command line in `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`tabwright: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(error.problems.map((problem) => `tabwright: ${problem}\n`).join(''));
      return 2;
    }
    io.err(`tabwright: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (argv.some((arg) => arg === '--help' || arg === '-h')) {
    io.out(command !== undefined && isCommand(command) ? commandHelp(command) : USAGE);
    return 0;
  }
  switch (command) {
    case 'serve':
      return serve(args, io);
    case 'keys':
      return keysCommand(args, io);
    case 'accounts':
      return accountsCommand(args, io);
    case 'ledger':
      return ledgerCommand(args, io);
    case 'mcp':
      return mcp(args, io);
    case 'chart':
      return chart(args, io);
    case 'help':
      return help(args, io);
    case undefined:
      throw new UsageError('missing command');
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

function help(args: string[], io: CliIo): number {
  const [topic, ...rest] = args;
  if (rest.length) throw new UsageError(`unexpected argument '${rest[0]}'`);
  if (topic !== undefined && !isCommand(topic)) throw new UsageError(`unknown command '${topic}'`);
  io.out(topic === undefined ? USAGE : commandHelp(topic));
  return 0;
}

async function serve(args: string[], io: CliIo): Promise<number> {
  // First thing: from here on SIGTERM and SIGINT stop the start-up or the service cleanly.
  const stop = catchStopSignals();
  try {
    const { values } = parse(args, { ...dataDirOption, host: { type: 'string' }, port: { type: 'string' } }, 0);
    const config = commandConfig(io, { host: values.host, port: values.port, dataDir: values['data-dir'] }, { chromium: true });
    // Loaded only now: Playwright and the HTTP stack are not needed to find a bad setting.
    const { serveCommand } = await import('./serve.js');
    return await serveCommand(config, io, stop.signal);
  } finally {
    stop.dispose();
  }
}

async function mcp(args: string[], io: CliIo): Promise<number> {
  // As for serve: embedded, a signal during start-up must stop it cleanly; in both modes it ends the connection.
  const stop = catchStopSignals();
  try {
    const { values } = parse(args, dataDirOption, 0);
    const config = commandConfig(io, { dataDir: values['data-dir'] }, { mcp: true });
    // Loaded only now: the SDK is not needed by the other commands.
    const { mcpCommand } = await import('./mcp.js');
    return await mcpCommand(config, stop.signal);
  } finally {
    stop.dispose();
  }
}

async function chart(args: string[], io: CliIo): Promise<number> {
  // A bad flag is a UsageError and a bad --format a ConfigError: main turns both into exit 2.
  const text = await chartCommand(args);
  io.out(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}
