import type { Middleware } from 'koa';
import { ApiError } from '../lib/contract/errors.js';
import { newRequestId } from '../lib/platform/ids.js';
import { PLANS } from '../lib/contract/plans.js';
import type { RateLimiter } from './rate-limit.js';
import type { AppContext, AppState } from './state.js';

/** Gives every request its id, as `X-Request-Id`, before anything can fail. */
export const requestId: Middleware<AppState> = async (ctx, next) => {
  ctx.state.requestId = newRequestId();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
};

/** Counts the request against the key's plan and sets the X-RateLimit headers; 429 when over. */
export function rateLimit(limiter: RateLimiter, exempt: (ctx: AppContext) => boolean = () => false): Middleware<AppState> {
  return async (ctx, next) => {
    if (exempt(ctx)) {
      await next();
      return;
    }
    const limit = PLANS[ctx.state.key.plan].requestsPerMinute;
    const decision = await limiter.take(ctx.state.key.id, limit);
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(decision.resetAt));
    if (!decision.allowed) {
      throw new ApiError(
        429,
        'rate_limited',
        `Rate limit of ${limit} requests per minute reached; retry in ${decision.retryAfter} s`,
        { limit: 'requests_per_minute', max: limit },
        { 'Retry-After': String(decision.retryAfter) },
      );
    }
    await next();
  };
}
