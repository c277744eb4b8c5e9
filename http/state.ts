import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Registry } from '../actors/registry.js';
import type { Clock } from '../lib/platform/clock.js';
import type { ProfileVault } from '../lib/platform/profiles/vault.js';
import type { ApiKeyRecord, Store } from '../lib/platform/store/index.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { McpConnections } from '../mcp/http.js';
import type { EngineHealth } from '../machines/engine.js';

/** What /health reads of the engine (actors/engine's Engine, or a stand-in where there is no browser). */
export interface EngineView {
  readonly health: EngineHealth;
  /** Seconds a client should wait before retrying while the engine is not up. */
  retryAfter(): number;
}

/** What the HTTP layer talks to; every route is made from it. */
export interface AppDeps {
  store: Store;
  /** Saved browser profiles over `store`, sealed with this node's key (GET and DELETE /v1/profiles). */
  profiles: ProfileVault;
  registry: Registry;
  clock: Clock;
  engine: EngineView;
  /** The log and the metrics this app writes to and serves. */
  telemetry: Telemetry;
  /** The data folder (config's DATA_DIR): where the traces are read from. */
  dataDir: string;
  /** The MCP sessions of POST /mcp. */
  mcp: McpConnections;
}

/** What middleware leaves on `ctx.state` for the routes. */
export interface AppState {
  requestId: string;
  /** The app's logger (set before anything can fail). */
  log: Logger;
  /** Set by auth on every /v1 route. */
  key: ApiKeyRecord;
  /** The session a route created, for the request log (routes with `:id` have it in their params). */
  sessionId?: string;
}

/** The Koa context every route receives. */
export type AppContext = ParameterizedContext<AppState>;
