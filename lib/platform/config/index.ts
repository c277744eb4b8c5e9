// The one place that reads the environment and the command line's settings. Everything is checked
// here, at once, before a command opens the store or launches a browser; every other module is
// handed the value it needs.
import { homedir, hostname } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_AI_MODEL, SOLVER_CAP_MS, SOLVER_POLL_MS, type AiProvider, type SolverConfig } from './services.js';
import { AllowList } from '../../network/address.js';
import type { Pools } from '../../network/upstream.js';
import { defaultSlots } from '../capacity/gate.js';
import { DEFAULT_MIN_FREE_MEMORY_MB } from '../capacity/memory.js';
import * as check from './checks.js';
import { ConfigError } from './errors.js';
import { chromiumSetting } from './chromium.js';
import { DEFAULT_SANDBOX_MODE, sandboxSetting, type SandboxSetting } from './chromium-host.js';
import { defaultLogLevel, type LogLevel } from './log-level.js';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_HOST,
  DEFAULT_NODE_TIMEOUT_S,
  DEFAULT_PORT,
  DEFAULT_PROFILE_MAX_MB,
  DEFAULT_WARM_SESSIONS,
  DEFAULT_MAX_TABS,
  MAX_MAX_TABS,
  MAX_NODE_TIMEOUT_S,
  MAX_PROFILE_MAX_MB,
  MAX_WARM_SESSIONS,
  VARIABLES,
} from './variables.js';

export { CHART_FORMATS, type ChartFormat } from './checks.js';
export { ConfigError } from './errors.js';
export { CHROMIUM_ARGS, chromiumSetting, findChromium } from './chromium.js';
export { LOG_LEVELS, type LogLevel } from './log-level.js';
export { DEFAULT_MAX_TABS, VARIABLES, type Use, type Variable } from './variables.js';
export { profileKey } from './profile-key.js';

/** An environment: process.env, or what a test passes. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Values given on the command line; each wins over its variable. */
export interface ConfigFlags {
  host?: string;
  port?: string;
  dataDir?: string;
}

/** The checked settings of one process. */
export interface Config {
  host: string;
  port: number;
  /** Absolute. */
  dataDir: string;
  /** NODE_ID: this node's name in session ids. */
  nodeId: string;
  /** TABWRIGHT_NODE_TIMEOUT_S, in ms: how long another node may be silent before this one fails its sessions. */
  nodeTimeoutMs: number;
  /** DATABASE_URL: the PostgreSQL store's; null for the SQLite file in dataDir. */
  databaseUrl: string | null;
  /** Null only when no Chromium was found and the command needs none. */
  chromiumPath: string | null;
  /** CHROMIUM_SANDBOX as it resolved on this machine; off for commands that launch no browser. */
  chromiumSandbox: SandboxSetting;
  logLevel: LogLevel;
  /** TABWRIGHT_ALLOW_HOSTS. */
  allowHosts: AllowList;
  /** TABWRIGHT_PROXIES, read and parsed; null without the variable. */
  proxies: Pools | null;
  /** Null: CAPTCHA solving is off. */
  captcha: SolverConfig | null;
  /** Null: `ai >>` answers that no provider is configured. */
  ai: AiProvider | null;
  /** Null: unset. */
  metricsToken: string | null;
  /** TABWRIGHT_URL and TABWRIGHT_API_KEY, the server `mcp` drives; null when neither is set. */
  server: { url: string; apiKey: string } | null;
  /** TABWRIGHT_WARM_SESSIONS: pages kept ready for creates with default options; 0 is off. */
  warmSessions: number;
  /** TABWRIGHT_MAX_TABS: tabs one session may have open at once. */
  maxTabs: number;
  /** TABWRIGHT_ENGINE_CONCURRENCY: acts and openings the browser runs at once; 0 for no limit. */
  engineConcurrency: number;
  /** TABWRIGHT_MIN_FREE_MEMORY_MB: creates are refused below it; 0 for never. */
  minFreeMemoryMb: number;
  /** TABWRIGHT_PROFILE_KEY, the 32 bytes that seal profiles; null: the data folder's key file (profileKey reads or makes it). */
  profileKey: Buffer | null;
  /** TABWRIGHT_PROFILE_MAX_MB, in bytes: the largest profile state saved. */
  profileMaxBytes: number;
  /** TABWRIGHT_WEBHOOK_CA_FILE's certificates (PEM), trusted for webhook deliveries; null: the system's alone. */
  webhookCa: string | null;
}


/** What the command about to run needs beyond valid values. */
export interface ConfigNeeds {
  /** `serve` launches a browser, so finding none is a problem for it (and for the embedded mcp, below) alone. */
  chromium?: boolean;
  /**
   * The command is `mcp`. Without TABWRIGHT_URL and TABWRIGHT_API_KEY it runs the service itself
   * (embedded): it needs a browser, listens on loopback on any free port whatever HOST and PORT
   * say (they are serve's), and keeps its data in the user's data folder unless told otherwise.
   */
  mcp?: boolean;
}

/** Where the embedded mcp listens: this machine only, a port nobody else asked for. */
const EMBEDDED_LISTEN = { host: '127.0.0.1', port: 0 } as const;

/**
 * The embedded mcp's data folder when DATA_DIR is unset: `$XDG_DATA_HOME/tabwright`, else
 * `~/.local/share/tabwright` (the XDG base directory rule, relative values ignored), so a client
 * that starts `tabwright mcp` from any working directory finds the same account and sessions.
 */
function userDataDir(env: Env): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  const home = env.HOME?.trim() || homedir();
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.local', 'share'), 'tabwright');
}

/**
 * Reads and checks every setting (flags over variables over defaults). Throws ConfigError listing
 * every bad value, so one run shows them all.
 */
export function loadConfig(env: Env, flags: ConfigFlags = {}, needs: ConfigNeeds = {}): Config {
  // Read in the order of VARIABLES, so problems come in the order the help lists the variables.
  const problems = check.unknownNames(Object.keys(env), VARIABLES.map((variable) => variable.name));
  /** The checked value of `name` (or of its flag, which wins); undefined when unset or bad. */
  const value = <T>(name: string, parse: check.Check<T>, flag?: { name: string; value: string | undefined }): T | undefined => {
    // An empty variable counts as unset (`PORT= tabwright serve`); an empty flag value is a mistake.
    const given = flag?.value !== undefined ? { label: flag.name, text: flag.value.trim() } : { label: name, text: env[name]?.trim() || undefined };
    if (given.text === undefined) return undefined;
    try {
      return parse(given.text);
    } catch (error) {
      problems.push(`${given.label} ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  const text = (name: string): string | undefined => env[name]?.trim() || undefined;

  // Neither of the pair set: mcp runs the service itself. One of them alone is reported below.
  const embedded = (needs.mcp ?? false) && text('TABWRIGHT_URL') === undefined && text('TABWRIGHT_API_KEY') === undefined;
  // HOST and PORT are checked for every command but only serve listens where they say.
  const host = value('HOST', check.host, { name: '--host', value: flags.host }) ?? DEFAULT_HOST;
  const port = value('PORT', check.port, { name: '--port', value: flags.port }) ?? DEFAULT_PORT;
  const listen = needs.mcp ? EMBEDDED_LISTEN : { host, port };
  const dataDir = value('DATA_DIR', check.folder, { name: '--data-dir', value: flags.dataDir }) ?? (embedded ? userFolder(env, problems) : resolve(DEFAULT_DATA_DIR));
  const databaseUrl = value('DATABASE_URL', check.postgresUrl) ?? null;
  const logLevel = value('LOG_LEVEL', check.logLevel) ?? defaultLogLevel(env);
  // Only what runs the service (serve, embedded mcp) launches a browser: it needs one, and probes the system for namespaces.
  const service = (needs.chromium ?? false) || embedded;
  const chromium = chromiumSetting(env, service);
  if (chromium.problem) problems.push(chromium.problem);
  const sandboxMode = value('CHROMIUM_SANDBOX', check.sandboxMode) ?? DEFAULT_SANDBOX_MODE;
  const sandbox: ReturnType<typeof sandboxSetting> = service ? sandboxSetting(sandboxMode, process.getuid?.()) : { on: false, why: 'this command launches no browser' };
  if (sandbox.problem) problems.push(sandbox.problem);
  const allowHosts = value('TABWRIGHT_ALLOW_HOSTS', check.allowList) ?? AllowList.parse(undefined);
  const proxies = value('TABWRIGHT_PROXIES', check.proxyFile) ?? null;

  const solver = value('TABWRIGHT_CAPTCHA_SOLVER', check.httpUrl);
  const pollMs = value('TABWRIGHT_CAPTCHA_POLL_MS', check.positiveMs) ?? SOLVER_POLL_MS;
  const capMs = value('TABWRIGHT_CAPTCHA_TIMEOUT_MS', check.positiveMs) ?? SOLVER_CAP_MS;
  const captcha = solver ? { base: solver, key: text('TABWRIGHT_CAPTCHA_KEY') ?? '', pollMs, capMs } : null;

  const metricsToken = value('TABWRIGHT_METRICS_TOKEN', check.token) ?? null;
  const aiBase = value('AI_BASE_URL', check.httpUrl);
  const ai = aiBase ? { baseUrl: aiBase, apiKey: text('AI_API_KEY') ?? '', model: text('AI_MODEL') ?? DEFAULT_AI_MODEL } : null;

  const serverUrl = value('TABWRIGHT_URL', check.httpUrl);
  const apiKey = value('TABWRIGHT_API_KEY', check.token);
  const [hasUrl, hasKey] = [text('TABWRIGHT_URL') !== undefined, text('TABWRIGHT_API_KEY') !== undefined];
  if (hasUrl !== hasKey) problems.push(hasUrl ? 'TABWRIGHT_URL is set without TABWRIGHT_API_KEY: set both' : 'TABWRIGHT_API_KEY is set without TABWRIGHT_URL: set both');
  const server = serverUrl !== undefined && apiKey !== undefined ? { url: serverUrl, apiKey } : null;

  const warmSessions = value('TABWRIGHT_WARM_SESSIONS', check.wholeUpTo(MAX_WARM_SESSIONS)) ?? DEFAULT_WARM_SESSIONS;
  const maxTabs = value('TABWRIGHT_MAX_TABS', check.wholeFromTo(1, MAX_MAX_TABS)) ?? DEFAULT_MAX_TABS;
  const engineConcurrency = value('TABWRIGHT_ENGINE_CONCURRENCY', check.wholeNumber) ?? defaultSlots();
  const minFreeMemoryMb = value('TABWRIGHT_MIN_FREE_MEMORY_MB', check.wholeNumber) ?? DEFAULT_MIN_FREE_MEMORY_MB;
  const nodeId = value('NODE_ID', check.nodeId) ?? nodeIdOf(hostname());
  const nodeTimeoutMs = (value('TABWRIGHT_NODE_TIMEOUT_S', check.wholeFromTo(3, MAX_NODE_TIMEOUT_S)) ?? DEFAULT_NODE_TIMEOUT_S) * 1000;
  const profileKey = value('TABWRIGHT_PROFILE_KEY', check.key32) ?? null;
  const profileMaxBytes = (value('TABWRIGHT_PROFILE_MAX_MB', check.wholeFromTo(1, MAX_PROFILE_MAX_MB)) ?? DEFAULT_PROFILE_MAX_MB) * 2 ** 20;
  const webhookCa = value('TABWRIGHT_WEBHOOK_CA_FILE', check.certificateFile) ?? null;
  // Nodes sharing a database share its profiles: a key file of each node's own would leave every
  // profile saved elsewhere unreadable. Only what runs the service seals any.
  if (service && databaseUrl !== null && text('TABWRIGHT_PROFILE_KEY') === undefined) {
    problems.push('TABWRIGHT_PROFILE_KEY must be set when DATABASE_URL is: every node sharing the database seals and opens profiles with it, so each needs the same key (openssl rand -hex 32)');
  }

  if (problems.length) throw new ConfigError(problems);
  return {
    ...listen,
    dataDir,
    nodeId,
    nodeTimeoutMs,
    databaseUrl,
    chromiumPath: chromium.path,
    chromiumSandbox: { on: sandbox.on, why: sandbox.why },
    logLevel,
    allowHosts,
    proxies,
    captcha,
    ai,
    metricsToken,
    server,
    warmSessions,
    maxTabs,
    engineConcurrency,
    minFreeMemoryMb,
    profileKey,
    profileMaxBytes,
    webhookCa,
  };
}

/** The default node id from a host name: lower-cased, letters and digits only, at most 20; `node` when nothing is left. */
export function nodeIdOf(host: string): string {
  return host.toLowerCase().replace(/[^0-9a-z]/g, '').slice(0, 20) || 'node';
}

/** userDataDir checked like DATA_DIR; a problem (it is a file) is added to `problems`. */
function userFolder(env: Env, problems: string[]): string {
  const path = userDataDir(env);
  try {
    return check.folder(path);
  } catch (error) {
    problems.push(`the data folder of mcp ${error instanceof Error ? error.message : String(error)}: set DATA_DIR`);
    return path;
  }
}

/** The checked `--format` of `tabwright chart` (mermaid when absent); a bad one throws ConfigError naming the flag. */
export function chartFormat(flag: string | undefined): check.ChartFormat {
  if (flag === undefined) return check.CHART_FORMATS[0];
  try {
    return check.chartFormat(flag.trim());
  } catch (error) {
    throw new ConfigError([`--format ${error instanceof Error ? error.message : String(error)}`]);
  }
}
