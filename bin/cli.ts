// The command line: `tabwright <command>`. bin/tabwright imports `main` from the compiled copy of this file.
import { ConfigError } from '../lib/config/index.js';
import { accountsCommand } from './accounts.js';
import { chartCommand } from './chart.js';
import { commandConfig, dataDirOption, parse, processIo, UsageError, type CliIo } from './command.js';
import { keysCommand } from './keys.js';
import { ledgerCommand } from './ledger.js';
import { catchStopSignals } from './signals.js';

/** The text printed for --help and after every usage error. */
export const USAGE = `Usage: tabwright <command> [options]

Commands:
  serve [--host H] [--port P]                      run the API (env HOST, PORT; default 127.0.0.1:8080)
  keys create --plan PLAN [--test] [--account ID]  create an API key; without --account, on a new account;
                                                   the key is printed once, alone on the last line of stdout
  keys list [--account ID]                         list keys (prefix, id, kind, plan, account, times)
  keys revoke KEY_PREFIX                           revoke the key matching a prefix (10+ characters) or a whole key
  accounts list                                    list accounts with their plan, keys and active sessions
  accounts show ID                                 show an account's plan, keys and active sessions
  accounts set-plan ID PLAN                        move an account (and its live keys) to another plan
  accounts topup ID AMOUNT                         add AMOUNT credits to an account's live pool
  ledger export --account ID [--out FILE] [--test] the account's credit ledger as CSV (stdout without --out;
                                                   --test exports the test-key pool instead of the live one)
  chart [args]                                     print the state charts of the machines

Options:
  --data-dir D   the data folder (env DATA_DIR; default ./data); every command takes it
  --help, -h     print this text

Plans: trial, starter, pro, scale.
`;

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
  // chart owns its arguments, --help included.
  if (command !== 'chart' && argv.some((arg) => arg === '--help' || arg === '-h')) {
    io.out(USAGE);
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
    case 'chart':
      return chart(args, io);
    case 'help':
      io.out(USAGE);
      return 0;
    case undefined:
      throw new UsageError('missing command');
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
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

function chart(args: string[], io: CliIo): number {
  let text;
  try {
    text = chartCommand(args);
  } catch (error) {
    // Drawing a chart is pure, so the only way it fails is a bad argument.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  io.out(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}
