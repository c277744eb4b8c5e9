// Every environment variable tabwright reads, with its default and meaning: the help text and the
// README's table are written from this list, and a TABWRIGHT_* name not in it is reported as a typo.
import { DEFAULT_AI_MODEL, SOLVER_CAP_MS, SOLVER_POLL_MS } from './services.js';
import { SLOTS_PER_CORE } from '../capacity/gate.js';
import { DEFAULT_MIN_FREE_MEMORY_MB } from '../capacity/memory.js';
import { DEBIAN_CHROMIUMS } from './chromium.js';
import { DEFAULT_SANDBOX_MODE } from './chromium-host.js';
import { LOG_LEVELS } from './log-level.js';

/** One environment variable as the help text documents it. */
export interface Variable {
  name: string;
  /** The default in words, or '' when unset means "off". */
  default: string;
  meaning: string;
  /**
   * Which commands use it: every one that opens the data folder; `serve` alone; every command that
   * runs the service (`serve`, and `mcp` in its embedded mode); `mcp` in both modes; or `mcp`
   * embedded alone.
   */
  usedBy: Use;
}

/** The readers of a variable, as the help groups them. */
export type Use = 'every command' | 'serve' | 'service' | 'mcp' | 'embedded mcp';

/** The address `serve` listens on by default: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';
/** The port `serve` listens on by default. */
export const DEFAULT_PORT = 8080;
/** The data folder, relative to the working directory. */
export const DEFAULT_DATA_DIR = './data';
/** Pages kept ready for creates with default options: a burst of two, for the memory of two idle sessions (about 60 MB PSS each here). */
export const DEFAULT_WARM_SESSIONS = 2;
/** The most TABWRIGHT_WARM_SESSIONS may ask for: each ready page holds memory whether a create comes or not. */
export const MAX_WARM_SESSIONS = 32;
/** Tabs one session may have open at once: a sign-in popup and a few links opened beside the page, not a page that opens windows in a loop. */
export const DEFAULT_MAX_TABS = 10;
/** The most TABWRIGHT_MAX_TABS may allow: each tab is a renderer's memory. */
export const MAX_MAX_TABS = 50;

/** How long a node may be silent before another fails its sessions, in seconds. */
export const DEFAULT_NODE_TIMEOUT_S = 30;
/** The longest TABWRIGHT_NODE_TIMEOUT_S: past it, a dead node's sessions would bill their whole timeout anyway. */
export const MAX_NODE_TIMEOUT_S = 3600;

/** The largest saved profile by default, in MiB of its plaintext state. */
export const DEFAULT_PROFILE_MAX_MB = 10;
/** The most TABWRIGHT_PROFILE_MAX_MB may allow: a profile is read whole into memory, at every start of a session that names it. */
export const MAX_PROFILE_MAX_MB = 100;
/** The key file in the data folder that seals profiles when TABWRIGHT_PROFILE_KEY is unset. */
export const PROFILE_KEY_FILE = 'profile.key';

/** Every variable, in the order the help text lists them. */
export const VARIABLES: readonly Variable[] = [
  { name: 'HOST', default: DEFAULT_HOST, meaning: 'the address serve listens on, an IP address or a host name (--host wins)', usedBy: 'serve' },
  { name: 'PORT', default: String(DEFAULT_PORT), meaning: 'the port serve listens on, 0 to 65535; 0 takes any free port (--port wins)', usedBy: 'serve' },
  {
    name: 'DATA_DIR',
    default: `${DEFAULT_DATA_DIR}; for mcp in its embedded mode $XDG_DATA_HOME/tabwright (so ~/.local/share/tabwright)`,
    meaning: 'the folder of the SQLite data and of the session traces, traces/ (--data-dir wins); must not be a file; created when missing',
    usedBy: 'every command',
  },
  {
    name: 'DATABASE_URL',
    default: '',
    meaning:
      'a PostgreSQL URL, postgresql://user:password@host:port/database: the shared state (accounts, keys, sessions, usage, ledger, limits) goes there instead of the SQLite file in DATA_DIR, so several nodes can share it; traces stay in DATA_DIR',
    usedBy: 'every command',
  },
  { name: 'LOG_LEVEL', default: 'info (silent under the test runner, NODE_ENV=test)', meaning: `pino level of the JSON logs on stderr: ${LOG_LEVELS.join(', ')}`, usedBy: 'every command' },
  {
    name: 'XDG_DATA_HOME',
    default: '~/.local/share',
    meaning: 'for mcp in its embedded mode: the folder its data folder, tabwright/, goes in when DATA_DIR is unset; a relative path is ignored (the XDG rule)',
    usedBy: 'embedded mcp',
  },
  { name: 'CHROMIUM_PATH', default: `the first of ${DEBIAN_CHROMIUMS.join(', ')}`, meaning: 'the Chromium to drive; must be an executable file', usedBy: 'service' },
  {
    name: 'CHROMIUM_SANDBOX',
    default: DEFAULT_SANDBOX_MODE,
    meaning:
      "auto, on or off: Chromium's own sandbox (renderers in user, PID and network namespaces). It cannot run as root; auto turns it on when the service is not root and the system lets it make user namespaces, and serve logs which it chose and why",
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_ALLOW_HOSTS',
    default: '',
    meaning: 'comma-separated host names, IP addresses or CIDRs the address guard lets sessions and webhooks reach anyway (private addresses are refused otherwise); e.g. 127.0.0.1 to drive pages served on this machine; URLs, ports and wildcards are refused',
    usedBy: 'every command',
  },
  {
    name: 'TABWRIGHT_PROXIES',
    default: '',
    meaning: 'a JSON file of upstream proxy pools, {"datacenter": {"de": ["http://user:pass@host:port", ...], "default": [...]}, "residential": {...}} (countries from the contract\'s list for the kind; http, https or socks5 URLs); without it datacenter means a direct connection (still metered)',
    usedBy: 'service',
  },
  { name: 'TABWRIGHT_CAPTCHA_SOLVER', default: '', meaning: 'the http(s) base URL of a 2Captcha-compatible API for solving reCAPTCHA, hCaptcha and Turnstile; solving is off without it', usedBy: 'service' },
  { name: 'TABWRIGHT_CAPTCHA_KEY', default: '', meaning: "the solver's API key", usedBy: 'service' },
  { name: 'TABWRIGHT_CAPTCHA_POLL_MS', default: String(SOLVER_POLL_MS), meaning: 'milliseconds between polls of the solver (a positive whole number)', usedBy: 'service' },
  { name: 'TABWRIGHT_CAPTCHA_TIMEOUT_MS', default: String(SOLVER_CAP_MS), meaning: 'milliseconds one solve may take (a positive whole number)', usedBy: 'service' },
  { name: 'TABWRIGHT_METRICS_TOKEN', default: '', meaning: 'the bearer token GET /metrics asks for; printable, no spaces', usedBy: 'service' },
  { name: 'AI_BASE_URL', default: '', meaning: 'the http(s) base URL of an OpenAI-compatible chat completions API, for ai >> extraction', usedBy: 'service' },
  { name: 'AI_API_KEY', default: '', meaning: 'its API key', usedBy: 'service' },
  { name: 'AI_MODEL', default: DEFAULT_AI_MODEL, meaning: 'the model asked', usedBy: 'service' },
  { name: 'TABWRIGHT_URL', default: '', meaning: 'for mcp: the http(s) base URL of the running tabwright server it drives (with TABWRIGHT_API_KEY); without both, mcp runs the service itself (its embedded mode)', usedBy: 'mcp' },
  { name: 'TABWRIGHT_API_KEY', default: '', meaning: "for mcp: the API key it uses there; its sessions, plan limits and credits are the key's", usedBy: 'mcp' },
  {
    name: 'TABWRIGHT_WARM_SESSIONS',
    default: String(DEFAULT_WARM_SESSIONS),
    meaning: `how many pages for creates with default options serve keeps ready (context, page, proxy and set-up made ahead, refilled after each create has answered), 0 to ${MAX_WARM_SESSIONS}; 0 turns the warm pool off`,
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_MAX_TABS',
    default: String(DEFAULT_MAX_TABS),
    meaning: `how many tabs one session may have open at once, 1 to ${MAX_MAX_TABS}; a tab a page opens past it is closed at once and the session's journal says so (tab.refused)`,
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_ENGINE_CONCURRENCY',
    default: `${SLOTS_PER_CORE} per CPU core`,
    meaning: 'how many acts and session openings run in the browser at once; the rest wait their turn in arrival order (never an error); 0 for no limit',
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_MIN_FREE_MEMORY_MB',
    default: String(DEFAULT_MIN_FREE_MEMORY_MB),
    meaning: "the machine's memory (MemAvailable, or the cgroup's room under its limit) below which a create answers 503 engine_unavailable; 0 turns the check off",
    usedBy: 'service',
  },
  {
    name: 'NODE_ID',
    default: 'the host name, lower-cased, letters and digits only (node when none are left)',
    meaning: 'the name of this node, 1 to 20 lower-case letters and digits: every session id it makes carries it (ses_<node>_...), so nginx and the other nodes know where the session runs; unique per node sharing one DATABASE_URL',
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_NODE_TIMEOUT_S',
    default: String(DEFAULT_NODE_TIMEOUT_S),
    meaning: `seconds without a heartbeat after which the other nodes sharing the database take a node for dead and fail its sessions (engine_failure, refunded); each node beats every third of it; 3 to ${MAX_NODE_TIMEOUT_S}`,
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_PROFILE_KEY',
    default: `the data folder's ${PROFILE_KEY_FILE}, made (mode 0600) on first start; required with DATABASE_URL`,
    meaning:
      'the AES-256 key that encrypts saved profiles at rest: 32 bytes as 64 hex digits or base64 (openssl rand -hex 32); every node sharing one DATABASE_URL needs the same one. A changed key leaves saved profiles unreadable (409 profile_unreadable), never silently empty',
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_PROFILE_MAX_MB',
    default: String(DEFAULT_PROFILE_MAX_MB),
    meaning: `the largest state a profile saves, in MiB of its uncompressed JSON, 1 to ${MAX_PROFILE_MAX_MB}; a larger save is refused and journaled, and the previous state stays`,
    usedBy: 'service',
  },
  {
    name: 'TABWRIGHT_WEBHOOK_CA_FILE',
    default: '',
    meaning: "a PEM file of certificate authorities trusted for webhook deliveries besides the system's (a receiver with a private CA); deliveries are https only",
    usedBy: 'service',
  },
];
