import type { Middleware } from 'koa';
import type { AppDeps, AppState } from '../state.js';

/**
 * GET /health (no key): 200 `{status: "ok", engine: "up", sessions}` while the browser is up, else
 * 503 `{status: "unavailable", engine: "down" | "restarting", sessions}` with Retry-After, so a
 * load balancer or supervisor sees a service that cannot open sessions as unavailable.
 */
export function healthRoute(deps: AppDeps): Middleware<AppState> {
  return (ctx) => {
    const engine = deps.engine.health;
    const sessions = deps.registry.size;
    ctx.set('Cache-Control', 'no-store');
    if (engine === 'up') {
      ctx.body = { status: 'ok', engine, sessions };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', String(deps.engine.retryAfter()));
    ctx.body = { status: 'unavailable', engine, sessions };
  };
}
