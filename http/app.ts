import Koa from 'koa';
import Router from '@koa/router';
import { ApiError } from '../lib/errors.js';
import { authenticate } from './auth.js';
import { errorBoundary } from './errors.js';
import { idempotency } from './idempotency.js';
import { rateLimit, requestId } from './middleware.js';
import { RateLimiter } from './rate-limit.js';
import { actRoute } from './routes/act.js';
import { createRoute } from './routes/create.js';
import { deleteRoute } from './routes/delete.js';
import { getRoute } from './routes/get.js';
import { listRoute } from './routes/list.js';
import { openApiRoute } from './routes/openapi.js';
import type { AppDeps, AppState } from './state.js';

/**
 * The Koa app: request id, the error boundary, then per route auth (before the body is read),
 * the rate limit and the handler. It translates HTTP into registry and session calls only.
 */
export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  const limiter = new RateLimiter(deps.clock);
  const guard = [authenticate(deps.store), rateLimit(limiter)] as const;
  const router = new Router<AppState>({ prefix: '/v1' });

  router.get('/openapi.json', openApiRoute());
  router.post('/sessions', ...guard, idempotency(deps.store, deps.clock), createRoute(deps));
  router.get('/sessions', ...guard, listRoute(deps));
  router.get('/sessions/:id', ...guard, getRoute(deps));
  router.delete('/sessions/:id', ...guard, deleteRoute(deps));
  router.post('/sessions/:id/act', ...guard, actRoute(deps));

  app.use(requestId);
  app.use(errorBoundary);
  app.use(async (ctx, next) => {
    if (ctx.path === '/health' && ctx.method === 'GET') {
      ctx.body = { status: 'ok', sessions: deps.registry.size };
      return;
    }
    await next();
  });
  app.use(router.routes());
  app.use((ctx) => {
    throw new ApiError(404, 'not_found', `No such route: ${ctx.method} ${ctx.path}`);
  });
  return app;
}
