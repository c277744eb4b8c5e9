// Numbers and pure reckonings every store implementation applies the same way, so SQLite and
// PostgreSQL answer alike: they differ in how they lock, not in what they compute.
import type { RateDecision } from './rows.js';

/** How long a completed response is replayed for (decisions.md: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still pending after this long belongs to a request that died (say, with the process); it may be claimed again. */
export const IDEMPOTENCY_ABANDONED_MS = 10 * 60 * 1000;

/** How many leading characters of a key are kept for display, e.g. `sk_live_ab12cd34`. */
export const KEY_PREFIX_LENGTH = 16;
/** The shortest prefix `revokeKey` accepts: `sk_live_` plus two characters. */
export const MIN_REVOKE_PREFIX = 10;

/** The error message of a session failed at start-up. */
export const ORPHAN_MESSAGE = 'The server restarted while the session was active';
/** The error message of a session failed because the node running it stopped beating. */
export const NODE_LOST_MESSAGE = 'The node running the session stopped answering; another node ended the session and refunded it';

/**
 * The SQL LIKE pattern of the ids of `node`'s sessions (ses_<node>_...), for `id LIKE ? ESCAPE '\\'`.
 * Node ids are letters and digits only, so only the underscores need escaping.
 */
export const nodeSessionPattern = (node: string): string => `ses\\_${node}\\_%`;
/** The length of a session id without a node (ses_ + 24), which start-up counts as its own node's. */
export const NODELESS_ID_LENGTH = 28;

/** The rate limit's sliding window. */
export const RATE_WINDOW_MS = 60_000;

/** The 429's Retry-After for a key at its concurrency limit: whole seconds to its earliest expiry, from 1 to 60. */
export function secondsToFirstExpiry(expiries: readonly number[], now: number): number {
  return Math.max(1, Math.ceil(Math.min(60_000, ...expiries.map((at) => at - now)) / 1000));
}

/**
 * The rate decision once the window is known: `counted` requests in it (this one included when
 * allowed), the oldest of them at `oldest` (undefined when none).
 */
export function rateDecision(input: { allowed: boolean; limit: number; counted: number; oldest: number | undefined; now: number }): RateDecision {
  const { allowed, limit, counted, now } = input;
  const freesAt = (input.oldest ?? now) + RATE_WINDOW_MS;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - counted),
    resetAt: Math.ceil(freesAt / 1000),
    retryAfter: Math.max(1, Math.ceil((freesAt - now) / 1000)),
  };
}
