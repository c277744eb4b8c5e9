import Koa from 'koa';
import Router from '@koa/router';
import { ApiError } from '../lib/contract/errors.js';
import { INTERNAL_HEADER } from '../mcp/http.js';
import { authenticate } from './auth.js';
import { errorBoundary } from './errors.js';
import { idempotency } from './idempotency.js';
import { rateLimit, requestId } from './middleware.js';
import { RateLimiter } from './rate-limit.js';
import { requestLog } from './request-log.js';
import { actRoute } from './routes/act.js';
import { createRoute } from './routes/create.js';
import { dashboardRoute } from './routes/dashboard.js';
import { deleteRoute } from './routes/delete.js';
import { eventsRoute } from './routes/events.js';
import { getRoute } from './routes/get.js';
import { healthRoute } from './routes/health.js';
import { listRoute } from './routes/list.js';
import { mcpRoute } from './routes/mcp.js';
import { liveRoute } from './routes/live.js';
import { metricsRoute } from './routes/metrics.js';
import { openApiRoute } from './routes/openapi.js';
import { traceRoute } from './routes/trace.js';
import { handbackRoute, inputRoute, takeoverRoute } from './routes/takeover.js';
import type { AppDeps, AppState } from './state.js';
import { ownedHere } from './node-owner.js';

/** How the app is set up beyond what it talks to. */
export interface AppOptions {
  /** When set, GET /metrics requires `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string;
}

/**
 * The Koa app: request id, the request log, the error boundary, then per route auth (before the
 * body is read), the rate limit and the handler. /health, /metrics and the dashboard's page sit
 * outside the /v1 key guard. It translates HTTP into registry and session calls only.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  const limiter = new RateLimiter(deps.store, deps.clock);
  // A tool's own REST request was counted already, as the POST /mcp that called it.
  const guard = [authenticate(deps.store), rateLimit(limiter, (ctx) => deps.mcp.isInternal(ctx.get(INTERNAL_HEADER) || undefined))] as const;
  const router = new Router<AppState>({ prefix: '/v1' });

  // The session's browser and files are on the node its id names.
  const owned = ownedHere(deps);
  router.get('/openapi.json', openApiRoute());
  router.post('/sessions', ...guard, idempotency(deps.store, deps.clock), createRoute(deps));
  router.get('/sessions', ...guard, listRoute(deps));
  router.get('/sessions/:id', ...guard, getRoute(deps));
  router.delete('/sessions/:id', ...guard, owned, deleteRoute(deps));
  router.post('/sessions/:id/act', ...guard, owned, actRoute(deps));
  router.get('/sessions/:id/trace', ...guard, owned, traceRoute(deps));
  router.get('/sessions/:id/live', ...guard, owned, liveRoute(deps));
  router.post('/sessions/:id/takeover', ...guard, owned, takeoverRoute(deps));
  router.post('/sessions/:id/handback', ...guard, owned, handbackRoute(deps));
  router.post('/sessions/:id/input', ...guard, owned, inputRoute(deps));
  router.get('/sessions/:id/events', ...guard, eventsRoute(deps));
  const open = new Router<AppState>();
  open.get('/health', healthRoute(deps));
  open.get('/metrics', metricsRoute(deps, options.metricsToken));
  open.get('/dashboard', dashboardRoute());
  open.get('/dashboard/:file', dashboardRoute());
  // The MCP transport (issue 15): the same key guard and rate limit as /v1.
  open.all('/mcp', ...guard, mcpRoute(deps.mcp));

  app.use(requestId);
  app.use(requestLog(deps.telemetry));
  app.use(errorBoundary);
  app.use(open.routes());
  app.use(router.routes());
  app.use((ctx) => {
    throw new ApiError(404, 'not_found', `No such route: ${ctx.method} ${ctx.path}`);
  });
  return app;
}
