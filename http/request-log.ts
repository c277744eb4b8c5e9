import type { Middleware } from 'koa';
import { isSessionId } from '../lib/platform/ids.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { AppState } from './state.js';

/** Routes a monitor polls: logged at debug so the log is not one probe line every few seconds. */
const PROBES: ReadonlySet<string> = new Set(['/health', '/metrics']);

/**
 * Logs and counts every request once it is answered (errors included, since it sits outside the
 * error boundary): the router's pattern as the route, the key's display prefix, the session id
 * when the route has one, the error code when the answer is an error.
 */
export function requestLog(telemetry: Telemetry): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    ctx.state.log = telemetry.log;
    try {
      await next();
    } finally {
      const routed = ctx as typeof ctx & { _matchedRoute?: string | RegExp; params?: Record<string, string> };
      const route = typeof routed._matchedRoute === 'string' ? routed._matchedRoute : null;
      // A path parameter is whatever the client typed (a pasted key, even): logged only when it is shaped like an id.
      const id = routed.params?.id;
      const error = ctx.status >= 400 ? (ctx.body as { error?: { code?: unknown } } | null)?.error?.code : undefined;
      telemetry.request({
        requestId: ctx.state.requestId,
        method: ctx.method,
        route,
        status: ctx.status,
        ms: performance.now() - started,
        keyPrefix: (ctx.state.key as AppState['key'] | undefined)?.prefix,
        sessionId: ctx.state.sessionId ?? (id !== undefined && isSessionId(id) ? id : undefined),
        code: typeof error === 'string' ? error : undefined,
        quiet: route !== null && PROBES.has(route),
      });
    }
  };
}
