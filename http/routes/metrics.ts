import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../lib/contract/errors.js';
import { bearerToken } from '../auth.js';
import { errorResponse, headersOf } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * GET /metrics: the app's Prometheus metrics and the process's, as text. Open unless a token is
 * configured; then `Authorization: Bearer <token>` is required (401 otherwise), compared in
 * constant time.
 */
export const metricsRoute = defineRoute({
  method: 'get',
  path: '/metrics',
  access: 'open',
  operation: ({ set }) => ({
    operationId: 'metrics',
    summary: 'Prometheus metrics',
    description: 'The Prometheus text exposition. Open unless TABWRIGHT_METRICS_TOKEN is set; then it needs Authorization: Bearer <that token>.',
    security: [{}, { metricsToken: [] }],
    responses: {
      200: { description: 'Metrics in the Prometheus text format.', headers: headersOf(set, {}), content: { 'text/plain': { schema: { type: 'string' } } } },
      401: { ...errorResponse(set, 401, {}), description: 'TABWRIGHT_METRICS_TOKEN is set and the request did not carry it.' },
    },
  }),
  handler: (deps, { metricsToken }) => {
    const expected = metricsToken ? digest(metricsToken) : null;
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
  },
});
