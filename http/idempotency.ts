// Idempotency-Key: a retry of a create or an act meets the first request's answer instead of
// running again. The claim lives in the store (any node, any restart); this file decides what a
// route keeps, what a retry meets while the first still runs, and what the key is per.
import { createHash } from 'node:crypto';
import type { Middleware, Next, ParameterizedContext } from 'koa';
import { ApiError } from '../lib/contract/errors.js';
import type { Clock } from '../lib/platform/clock.js';
import type { IdempotencyBegin, IdempotencyClaim, Store } from '../lib/platform/store/index.js';
import { readRawBody } from './body.js';
import { renderError } from './errors.js';
import type { AppContext, AppState } from './state.js';

/** How a route answers a repeated Idempotency-Key. */
export interface IdempotencyRule {
  /** The answers kept for replay; any other releases the claim, so a retry runs afresh. */
  readonly kept: ReadonlySet<number>;
  /** What a retry meets while the first request still runs: 409 with Retry-After, or the first's answer once it is there. */
  readonly whileRunning: 'refuse' | 'wait';
  /** The key is per API key and, for a route on a session, per session too. */
  readonly perSession: boolean;
}

/**
 * Create (decisions.md): 201 and 400 are kept, never 429 or 503 (meant to be retried); a retry
 * while the first runs is 409 with Retry-After: 1, as the contract states.
 */
export const CREATE_REPLAYS: IdempotencyRule = { kept: new Set([201, 400]), whileRunning: 'refuse', perSession: false };

/**
 * Act (issue 31): 200 (a failed step included) and 400 are kept; 404, 409 session_busy, 421, 429,
 * 503 and 5xx are not, since a retry may meet another answer. A retry while the first runs waits
 * for its answer: a client whose connection dropped mid-act cannot know whether the click happened,
 * and a 409 would only make it ask again.
 */
export const ACT_REPLAYS: IdempotencyRule = { kept: new Set([200, 400]), whileRunning: 'wait', perSession: true };

/** Fork (issue 31): as act, kept 201 and 400, so a retried fork never makes its copies twice. */
export const FORK_REPLAYS: IdempotencyRule = { kept: new Set([201, 400]), whileRunning: 'wait', perSession: true };

/** The longest Idempotency-Key accepted (the API document states it from here). */
export const MAX_KEY_LENGTH = 255;
/** How often a waiting retry asks the store again: the first request may run on another node, so there is nothing to listen to. */
const WAIT_POLL_MS = 200;

/** The Idempotency-Key header as a route's API document shows it, with what the route does with it. */
export const keyParameter = (description: string) => ({
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description,
  schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
});

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

const stillRunning = (message: string): ApiError => new ApiError(409, 'idempotency_conflict', message, undefined, { 'Retry-After': '1' });

/**
 * Replays by `rule` (decisions.md): the first answer is replayed byte for byte with its original
 * X-Request-Id and Idempotent-Replayed: true, even after the session it acted in ended; a different
 * body is 409. With a key, the raw body is read here (for its hash) and left on ctx.state for the route.
 */
export function idempotency(store: Store, clock: Clock, rule: IdempotencyRule): Middleware<AppState & { rawBody?: Buffer }> {
  const replaying = async (ctx: ParameterizedContext<AppState & { rawBody?: Buffer }>, next: Next): Promise<void> => {
    const idemKey = ctx.get('Idempotency-Key');
    ctx.state.rawBody = await readRawBody(ctx);
    if (idemKey.length > MAX_KEY_LENGTH) {
      throw new ApiError(400, 'invalid_request', `Idempotency-Key is longer than ${MAX_KEY_LENGTH} characters`, {
        path: 'Idempotency-Key',
        expected: `at most ${MAX_KEY_LENGTH} characters`,
      });
    }
    const params = (ctx as unknown as { params?: Record<string, string> }).params;
    const claim: IdempotencyClaim = { keyId: ctx.state.key.id, scope: rule.perSession ? (params?.id ?? '') : '', idemKey };
    const begun = await begin(ctx, store, clock, rule, { ...claim, bodyHash: bodyHash(ctx.state.rawBody) });
    if (begun.state === 'conflict') {
      throw new ApiError(409, 'idempotency_conflict', 'This Idempotency-Key was already used with a different body');
    }
    if (begun.state === 'pending') throw stillRunning('A request with this Idempotency-Key is still running');
    if (begun.state === 'replay') {
      ctx.status = begun.status;
      ctx.set('X-Request-Id', begun.requestId);
      ctx.set('Idempotent-Replayed', 'true');
      ctx.type = 'application/json';
      ctx.body = begun.body;
      return;
    }
    try {
      await next();
    } catch (error) {
      renderError(ctx, error);
    }
    // Stored even when this request's client has gone: its retry is what the stored answer is for.
    if (rule.kept.has(ctx.status)) {
      const body = JSON.stringify(ctx.body);
      ctx.type = 'application/json';
      ctx.body = body;
      await store.completeIdempotent({ ...claim, status: ctx.status, body, requestId: ctx.state.requestId });
    } else {
      await store.releaseIdempotent(claim);
    }
  };
  // Without a key this is no step at all (not even an await): the route reads its own body and
  // answers in the same turns as if this were not in its chain.
  return (ctx, next): Promise<void> => (ctx.get('Idempotency-Key') ? replaying(ctx, next) : (next() as Promise<void>));
}

/**
 * The claim, or what holds it. Under 'wait' a pending claim is asked about again until it is done
 * (replay), released (this request claims it and runs), or abandoned: the store hands a claim
 * pending for IDEMPOTENCY_ABANDONED_MS to the next asker, which bounds the wait. A client that
 * leaves while waiting stops it (the 409 goes nowhere but the request log).
 */
async function begin(ctx: AppContext, store: Store, clock: Clock, rule: IdempotencyRule, input: IdempotencyClaim & { bodyHash: string }): Promise<IdempotencyBegin> {
  for (;;) {
    const begun = await store.beginIdempotent({ ...input, now: clock.now() });
    if (begun.state !== 'pending' || rule.whileRunning === 'refuse') return begun;
    if (!(await pause(ctx, clock, WAIT_POLL_MS))) throw stillRunning('The client left while a request with this Idempotency-Key was still running');
  }
}

/** Waits `ms` on the clock; false as soon as the client's connection closes. */
function pause(ctx: AppContext, clock: Clock, ms: number): Promise<boolean> {
  const response = ctx.res;
  if (response.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const left = (): void => {
      clock.clearTimeout(timer);
      resolve(false);
    };
    const timer = clock.setTimeout(() => {
      response.off('close', left);
      resolve(true);
    }, ms);
    response.once('close', left);
  });
}
