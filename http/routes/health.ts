import type { Middleware } from 'koa';
import type { AppDeps, AppState } from '../state.js';

/**
 * GET /health (no key): 200 `{status: "ok", engine: "up", sessions, memory}` while the browser is
 * up, else 503 `{status: "unavailable", engine: "down" | "restarting", ...}` with Retry-After, so a
 * load balancer or supervisor sees a service that cannot open sessions as unavailable. Memory below
 * what is kept free shows as `memory.low` and keeps the 200: the live sessions still work, and a
 * supervisor must not restart the server (and end them) for it.
 */
export function healthRoute(deps: AppDeps): Middleware<AppState> {
  return (ctx) => {
    const engine = deps.engine.health;
    const sessions = deps.registry.size;
    const { availableMb, minFreeMb, low } = deps.registry.memory();
    const memory = { available_mb: availableMb, min_free_mb: minFreeMb, low };
    ctx.set('Cache-Control', 'no-store');
    if (engine === 'up') {
      ctx.body = { status: 'ok', engine, sessions, memory };
      return;
    }
    ctx.status = 503;
    ctx.set('Retry-After', String(deps.engine.retryAfter()));
    ctx.body = { status: 'unavailable', engine, sessions, memory };
  };
}
