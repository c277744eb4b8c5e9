import type { ParameterizedContext } from 'koa';
import type { ApiKeyRecord } from '../lib/store/index.js';

/** What middleware leaves on `ctx.state` for the routes. */
export interface AppState {
  requestId: string;
  /** Set by auth on every /v1 route. */
  key: ApiKeyRecord;
}

/** The Koa context every route receives. */
export type AppContext = ParameterizedContext<AppState>;
