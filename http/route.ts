// What one endpoint declares: its method and path, who may call it, the codecs of its body and
// query, how the API document shows it, and its handler. The router (./app.ts) and the API
// document (./openapi/document.ts) both read the one list of them (./routes/index.ts).
import type * as t from 'io-ts';
import type { IdempotencyRule } from './idempotency.js';
import type { DocumentedRoute } from './openapi/operation.js';
import type { AppContext, AppDeps } from './state.js';

/** How the app is set up beyond what it talks to. */
export interface AppOptions {
  /** When set, GET /metrics requires `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string;
}

/** What a handler is made with besides the app's dependencies: its options, and every route (for the API document). */
export interface AppSetup extends AppOptions {
  routes: readonly Route[];
}

/** A request's context as a handler sees it: the app's, with the path's parameters. */
export type RouteContext = AppContext & { params: Record<string, string | undefined> };

/** What a handler gets besides the context: the decoded body and query (undefined without a codec). */
export interface RouteInput<B, Q> {
  body: B;
  query: Q;
}

/** One endpoint. */
export interface Route<B = unknown, Q = unknown> extends DocumentedRoute {
  /** key: an API key (401 without one) and the plan's rate limit; open: anyone. */
  readonly access: 'key' | 'open';
  /** It needs the session's browser or files: a session its id puts on another node is refused here (./node-owner.ts). */
  readonly owned?: true;
  /** An Idempotency-Key replays the first answer, by this rule (./idempotency.ts). */
  readonly idempotent?: IdempotencyRule;
  /** The body, read (at most 1 MiB), parsed and decoded before the handler: a bad one is 400 before anything runs. */
  readonly body?: t.Type<B, unknown, unknown>;
  /** The query string, decoded likewise. */
  readonly query?: t.Type<Q, unknown, unknown>;
  /** The handler, made once from what the app talks to. */
  handler(deps: AppDeps, setup: AppSetup): (ctx: RouteContext, input: RouteInput<B, Q>) => Promise<void> | void;
}

/**
 * Declares a route, its body's and query's types inferred from their codecs; the list the app
 * reads holds them erased (the app hands each handler what its own codecs decoded).
 */
export function defineRoute<B = undefined, Q = undefined>(route: Route<B, Q>): Route {
  return route as unknown as Route;
}

/** The router's form of a document path: `{id}` becomes `:id`. */
export const routerPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
