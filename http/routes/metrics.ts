import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { ApiError } from '../../lib/contract/errors.js';
import { bearerToken } from '../auth.js';
import type { AppDeps, AppState } from '../state.js';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * GET /metrics: the app's Prometheus metrics and the process's, as text. Open unless a token is
 * configured; then `Authorization: Bearer <token>` is required (401 otherwise), compared in
 * constant time.
 */
export function metricsRoute(deps: AppDeps, token: string | undefined): Middleware<AppState> {
  const expected = token ? digest(token) : null;
  const { metrics } = deps.telemetry;
  return async (ctx) => {
    if (expected) {
      const header = ctx.get('Authorization');
      if (!header) throw new ApiError(401, 'unauthorized', 'Missing metrics token: send Authorization: Bearer <TABWRIGHT_METRICS_TOKEN>');
      const given = bearerToken(header);
      if (given === undefined || !timingSafeEqual(digest(given), expected)) throw new ApiError(401, 'unauthorized', 'Invalid metrics token');
    }
    const body = await metrics.scrape();
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Type', metrics.contentType);
    ctx.body = body;
  };
}
