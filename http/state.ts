import type { ParameterizedContext } from 'koa';
import type { Registry } from '../actors/registry.js';
import type { Clock } from '../lib/clock.js';
import type { ApiKeyRecord, Store } from '../lib/store/index.js';

/** What the HTTP layer talks to; every route is made from it. */
export interface AppDeps {
  store: Store;
  registry: Registry;
  clock: Clock;
}

/** What middleware leaves on `ctx.state` for the routes. */
export interface AppState {
  requestId: string;
  /** Set by auth on every /v1 route. */
  key: ApiKeyRecord;
}

/** The Koa context every route receives. */
export type AppContext = ParameterizedContext<AppState>;
