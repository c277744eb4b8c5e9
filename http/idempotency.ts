import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { ApiError } from '../lib/contract/errors.js';
import type { Clock } from '../lib/platform/clock.js';
import type { Store } from '../lib/platform/store/index.js';
import { readRawBody } from './body.js';
import { renderError } from './errors.js';
import type { AppState } from './state.js';

/** decisions.md: only these answers are kept for replay; 429 and 503 are meant to be retried. */
const KEPT = new Set([201, 400]);
/** The longest Idempotency-Key accepted (the API document states it from here). */
export const MAX_KEY_LENGTH = 255;

/** A body's identity for "same body": its JSON with keys sorted, or its bytes when it is not JSON. */
export function bodyHash(raw: Buffer): string {
  let canonical: string;
  try {
    canonical = JSON.stringify(JSON.parse(raw.toString('utf8')), (_, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
        : value,
    );
  } catch {
    canonical = raw.toString('base64');
  }
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * `Idempotency-Key` on create (decisions.md): the first answer is replayed byte for byte with its
 * original X-Request-Id; a different body, or the same key while the first is still running, is 409.
 * The raw body is read here and left on ctx.state for the route.
 */
export function idempotency(store: Store, clock: Clock): Middleware<AppState & { rawBody?: Buffer }> {
  return async (ctx, next) => {
    ctx.state.rawBody = await readRawBody(ctx);
    const idemKey = ctx.get('Idempotency-Key');
    if (!idemKey) {
      await next();
      return;
    }
    if (idemKey.length > MAX_KEY_LENGTH) {
      throw new ApiError(400, 'invalid_request', `Idempotency-Key is longer than ${MAX_KEY_LENGTH} characters`, {
        path: 'Idempotency-Key',
        expected: `at most ${MAX_KEY_LENGTH} characters`,
      });
    }
    // A create's claim is the key's alone (scope '').
    const id = { keyId: ctx.state.key.id, scope: '', idemKey };
    const claim = await store.beginIdempotent({ ...id, bodyHash: bodyHash(ctx.state.rawBody), now: clock.now() });
    if (claim.state === 'conflict') {
      throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different body');
    }
    if (claim.state === 'pending') {
      throw new ApiError(409, 'idempotency_conflict', 'A request with this Idempotency-Key is still running', undefined, {
        'Retry-After': '1',
      });
    }
    if (claim.state === 'replay') {
      ctx.status = claim.status;
      ctx.set('X-Request-Id', claim.requestId);
      ctx.set('Idempotent-Replayed', 'true');
      ctx.type = 'application/json';
      ctx.body = claim.body;
      return;
    }
    try {
      await next();
    } catch (error) {
      renderError(ctx, error);
    }
    if (KEPT.has(ctx.status)) {
      const body = JSON.stringify(ctx.body);
      ctx.type = 'application/json';
      ctx.body = body;
      await store.completeIdempotent({ ...id, status: ctx.status, body, requestId: ctx.state.requestId });
    } else {
      await store.releaseIdempotent(id);
    }
  };
}
