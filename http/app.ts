import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import { decode } from '../lib/contract/codec/index.js';
import { ApiError } from '../lib/contract/errors.js';
import { INTERNAL_HEADER } from '../mcp/http.js';
import { authenticate } from './auth.js';
import { parseJson, readRawBody } from './body.js';
import { errorBoundary } from './errors.js';
import { idempotency } from './idempotency.js';
import { rateLimit, requestId } from './middleware.js';
import { ownedHere } from './node-owner.js';
import { RateLimiter } from './rate-limit.js';
import { requestLog } from './request-log.js';
import { routerPath, type AppOptions, type Route, type RouteContext } from './route.js';
import { routes } from './routes/index.js';
import type { AppDeps, AppState } from './state.js';

export type { AppOptions };

/**
 * The Koa app: request id, the request log, the error boundary, then each route of
 * ./routes/index.ts with what it declares: for a key route, auth (before the body is read) and
 * the rate limit; Idempotency-Key; the session's node; its body and query decoded (a bad one is
 * 400 before the handler runs); then its handler. It translates HTTP into registry and session
 * calls only; an unknown route is 404 not_found.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  const limiter = new RateLimiter(deps.store, deps.clock);
  // A tool's own REST request was counted already, as the POST /mcp that called it.
  const guard = [authenticate(deps.store), rateLimit(limiter, (ctx) => deps.mcp.isInternal(ctx.get(INTERNAL_HEADER) || undefined))];
  // The session's browser and files are on the node its id names.
  const owned = ownedHere(deps);
  const setup = { ...options, routes };
  const router = new Router<AppState>();
  for (const route of routes) {
    const chain: Middleware<AppState>[] = [
      ...(route.access === 'key' ? guard : []),
      // Replays before the node: a kept answer is in the store, so a retry nginx sent to another
      // node (the session's died, or it ended) still gets it, and a 421 or 404 is not kept.
      ...(route.idempotent ? [idempotency(deps.store, deps.clock, route.idempotent)] : []),
      ...(route.owned ? [owned] : []),
      handle(route, deps, setup),
    ];
    router[route.method](routerPath(route.path), ...(chain as Parameters<Router<AppState>['get']>[1][]));
  }

  app.use(requestId);
  app.use(requestLog(deps.telemetry));
  app.use(errorBoundary);
  app.use(router.routes());
  app.use((ctx) => {
    throw new ApiError(404, 'not_found', `No such route: ${ctx.method} ${ctx.path}`);
  });
  return app;
}

/** The route's handler, given its decoded body (the raw body Idempotency-Key already read, if any) and query. */
function handle(route: Route, deps: AppDeps, setup: Parameters<Route['handler']>[1]): Middleware<AppState & { rawBody?: Buffer }> {
  const handler = route.handler(deps, setup);
  return async (ctx) => {
    const body = route.body && decode(route.body, parseJson(ctx.state.rawBody ?? (await readRawBody(ctx))));
    const query = route.query && decode(route.query, ctx.query);
    await handler(ctx as unknown as RouteContext, { body, query });
  };
}
