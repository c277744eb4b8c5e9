// The help text: every command, flag and environment variable. Variables, their defaults and
// meanings come from lib/platform/config, the one place that reads them.
import { PLAN_NAMES } from '../lib/contract/plans.js';
import { CHART_FORMATS, VARIABLES, type Use, type Variable } from '../lib/platform/config/index.js';

interface CommandHelp {
  /** Each form of the command and what it does. */
  forms: Array<[synopsis: string, meaning: string]>;
  flags: Array<[flag: string, meaning: string]>;
  /** Said once under the command's own help. */
  notes?: string;
  /** The variables it reads (every one is checked all the same): those of `uses` and `names`, each group under its heading. */
  env: Array<{ heading: string; uses: readonly Use[]; names?: readonly string[] }>;
}

/** What every command that opens the data folder reads. */
const DATA_COMMAND: CommandHelp['env'] = [{ heading: 'Environment', uses: ['every command'] }];

const DATA_DIR_FLAG: [string, string] = ['--data-dir D', 'the data folder (wins over DATA_DIR; default ./data)'];
const MCP_DATA_DIR_FLAG: [string, string] = ['--data-dir D', 'embedded: the data folder (wins over DATA_DIR; default $XDG_DATA_HOME/tabwright, so ~/.local/share/tabwright)'];

/** Every command, in the order the help lists them. */
const COMMANDS: Record<string, CommandHelp> = {
  serve: {
    forms: [['serve [--host H] [--port P]', 'run the API until SIGTERM or SIGINT']],
    flags: [
      ['--host H', 'the address to listen on (wins over HOST; default 127.0.0.1)'],
      ['--port P', 'the port, 0 to 65535, 0 for any free one (wins over PORT; default 8080)'],
      DATA_DIR_FLAG,
    ],
    notes:
      'Prints "listening on http://HOST:PORT" once it answers requests. SIGTERM or SIGINT end every ' +
      'session cleanly (usage written) and exit 0; during start-up they stop it at once and exit 0. ' +
      'Exits 1 when the port is in use or may not be used, or when another serve or an embedded mcp ' +
      'owns the data folder; 2 for a bad flag or setting.',
    env: [{ heading: 'Environment', uses: ['every command', 'serve', 'service'] }],
  },
  keys: {
    forms: [
      ['keys create --plan PLAN [--test] [--account ID] [--webhook-url URL]', 'create an API key; without --account, on a new account; the key is printed once, alone on the last line of stdout (with --webhook-url, its webhook signing secret on the line before)'],
      ['keys list [--account ID]', 'list keys (prefix, id, kind, plan, account, times)'],
      ['keys webhook KEY_PREFIX [--url URL | --clear-url] [--rotate-secret]', "set or clear the key's webhook URL (https, not a private address unless TABWRIGHT_ALLOW_HOSTS allows it) and make a new signing secret, printed once alone on stdout (one is made as well when the key has none)"],
      ['keys revoke KEY_PREFIX [--wait S]', 'revoke the key matching a prefix (10+ characters) or a whole key; a running server closes its live sessions (billed as closed) within about a second, and the command says how many'],
    ],
    flags: [
      ['--plan PLAN', `create: the plan, one of ${PLAN_NAMES.join(', ')}; a live key uses its account's plan`],
      ['--test', 'create: a test key (its own plan, the test credit pool)'],
      ['--account ID', 'create: add the key to this account; list: only this account\'s keys'],
      ['--webhook-url URL', "create: where the key's sessions' events are POSTed, signed (see docs/api.md, Webhooks)"],
      ['--wait S', 'revoke: wait at most S seconds (0 to 300, default 15) for the key\'s live sessions to close; 0 does not wait'],
      DATA_DIR_FLAG,
    ],
    env: DATA_COMMAND,
  },
  accounts: {
    forms: [
      ['accounts list', 'list accounts with their plan, keys and active sessions'],
      ['accounts show ID', "show an account's plan, keys, active sessions and credits"],
      ['accounts set-plan ID PLAN', 'move an account (and its live keys) to another plan'],
      ['accounts topup ID AMOUNT', "add AMOUNT credits to an account's live pool"],
    ],
    flags: [DATA_DIR_FLAG],
    env: DATA_COMMAND,
  },
  ledger: {
    forms: [['ledger export --account ID [--out FILE] [--test]', "the account's credit ledger as CSV"]],
    flags: [
      ['--account ID', 'the account (required)'],
      ['--out FILE', 'write the CSV to FILE instead of stdout'],
      ['--test', 'the test-key pool instead of the live one'],
      DATA_DIR_FLAG,
    ],
    env: DATA_COMMAND,
  },
  mcp: {
    forms: [
      [
        'mcp [--data-dir D]',
        'an MCP server on stdin and stdout: with TABWRIGHT_URL and TABWRIGHT_API_KEY it drives that running server; without them it runs the service itself (embedded)',
      ],
    ],
    flags: [MCP_DATA_DIR_FLAG],
    notes:
      'One tool per step type, run_steps, session_open, session_close and session_list. A tool without ' +
      "session_id uses the connection's default session, opened on first use and closed when stdin ends " +
      'or on SIGTERM/SIGINT. Embedded, it launches its own Chromium, listens on 127.0.0.1 on a free port, ' +
      'owns the data folder (as serve does: one owner at a time) and works under an account of its own on ' +
      'plan scale (see `accounts list --data-dir D`) with a key made for the run and revoked when it ends, ' +
      'together with the sessions it left open (closed, billed). Exits 1 when the start fails (another ' +
      'process owns the data folder, Chromium does not launch), 2 for a bad flag or setting.',
    env: [
      { heading: 'Environment, driving a running server', uses: ['mcp'], names: ['LOG_LEVEL'] },
      { heading: 'Environment, embedded (without TABWRIGHT_URL and TABWRIGHT_API_KEY)', uses: ['every command', 'embedded mcp', 'service'] },
    ],
  },
  chart: {
    forms: [['chart [--engine] [--format F]', 'print the session (or engine) machine as a Mermaid state diagram or an SVG state chart']],
    flags: [
      ['--engine', 'the engine machine instead of the session machine'],
      ['--format F', `${CHART_FORMATS.join(' or ')} (default ${CHART_FORMATS[0]}): Mermaid stateDiagram-v2 text, or a standalone SVG laid out by ELK`],
    ],
    notes: 'Drawn from the machine definition itself, so the chart cannot drift from the code. Exits 2 for a bad flag or --format.',
    env: [],
  },
  help: {
    forms: [['help [COMMAND]', 'print this text, or one command\'s forms, flags and environment']],
    flags: [['--help, -h', 'after any command: that command\'s help']],
    env: [],
  },
};

/** Whether `name` is a command the help knows. */
export const isCommand = (name: string): boolean => Object.hasOwn(COMMANDS, name);

const WIDTH = 100;

/** `text` wrapped to WIDTH, every line after the first indented by `indent` spaces. */
function wrap(text: string, indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent + line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** Two columns: each left cell padded to the widest, each right cell wrapped under itself. */
function columns(rows: Array<[string, string]>, indent = 2): string {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `${' '.repeat(indent)}${left.padEnd(width)}${wrap(right, indent + width)}\n`).join('');
}

const describe = (variable: Variable): string => `${variable.meaning}; default ${variable.default || 'unset'}`;

/** The variables of `uses` and `names`, in the order the help lists them all. */
function environment(uses: readonly Use[], names: readonly string[] = []): string {
  const shown = VARIABLES.filter((variable) => uses.includes(variable.usedBy) || names.includes(variable.name));
  return columns(shown.map((variable) => [variable.name, describe(variable)]));
}

/** The text printed for --help and after every usage error. */
export const USAGE =
  'Usage: tabwright <command> [options]\n' +
  '       tabwright help [COMMAND]   or   tabwright COMMAND --help\n\n' +
  'Commands:\n' +
  columns(Object.values(COMMANDS).flatMap((command) => command.forms)) +
  '\nFlags:\n' +
  columns(Object.entries(COMMANDS).flatMap(([name, command]) => command.flags.map(([flag, meaning], i): [string, string] => [`${i ? '' : name}`.padEnd(10) + flag, meaning]))) +
  '\nEnvironment (checked before any command but help and chart runs; each bad value is one line\n' +
  'on stderr, and the command exits 2 without doing anything):\n' +
  columns(VARIABLES.map((variable) => [variable.name, describe(variable)])) +
  `\nPlans: ${PLAN_NAMES.join(', ')}.\n` +
  'Exit status: 0 done; 1 failed (port in use, no such account, ...); 2 bad command line or setting.\n';

/** One command's help: its forms, flags, notes and the variables it reads. */
export function commandHelp(name: string): string {
  const command = COMMANDS[name];
  if (!command) return USAGE;
  const forms = command.forms.map(([synopsis]) => `tabwright ${synopsis}`);
  let text = `Usage: ${forms.join('\n       ')}\n\n${columns(command.forms)}`;
  if (command.notes) text += `\n${wrap(command.notes, 0)}\n`;
  text += `\nFlags:\n${columns(command.flags)}`;
  for (const { heading, uses, names } of command.env) text += `\n${heading}:\n${environment(uses, names)}`;
  if (command.env.length) text += 'Every other variable of `tabwright help` is checked too: a bad one stops the command.\n';
  return text;
}
