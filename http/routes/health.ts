import { healthCodec } from '../../lib/contract/response/health.js';
import { jsonResponse } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/**
 * GET /health (no key): 200 `{status: "ok", engine: "up", sessions, memory}` while the browser is
 * up, else 503 `{status: "unavailable", engine: "down" | "restarting", ...}` with Retry-After, so a
 * load balancer or supervisor sees a service that cannot open sessions as unavailable. Memory below
 * what is kept free shows as `memory.low` and keeps the 200: the live sessions still work, and a
 * supervisor must not restart the server (and end them) for it.
 */
export const healthRoute = defineRoute({
  method: 'get',
  path: '/health',
  access: 'open',
  operation: ({ set }) => ({
    operationId: 'health',
    summary: 'Health of the service',
    security: [],
    responses: {
      200: jsonResponse(set, 'The browser engine is up.', healthCodec),
      503: jsonResponse(set, 'The browser engine is down or restarting.', healthCodec, { required: ['Retry-After'] }),
    },
  }),
  handler: (deps) => (ctx) => {
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
  },
});
