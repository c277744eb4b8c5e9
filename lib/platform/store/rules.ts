// Numbers and pure reckonings every store implementation applies the same way, so SQLite and
// PostgreSQL answer alike: they differ in how they lock, not in what they compute.
import { isPlanName } from '../../contract/plans.js';
import { hashApiKey, newApiKey, token } from '../ids.js';
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

/** How `revokeKey` looks its input up: a whole key by its hash, anything shorter by its display prefix. */
export type RevokeLookup = { hash: string } | { prefix: string };

/** What revokeKey's input asks for, refusing a prefix too short to name a key. */
export function revokeLookup(input: string): RevokeLookup {
  // Longer than the display prefix: only the whole key can be checked, through its hash.
  if (input.length > KEY_PREFIX_LENGTH) return { hash: hashApiKey(input) };
  if (input.length < MIN_REVOKE_PREFIX) {
    throw new Error(`a key prefix needs at least ${MIN_REVOKE_PREFIX} characters (for example sk_live_ab), got '${input}'`);
  }
  return { prefix: input };
}

/**
 * The one live key of `candidates` (the keys `input` matched, by hash or prefix), or the reason
 * there is none to revoke: nothing matched, only revoked keys did, or several live ones did.
 */
export function oneLiveKey<K extends { prefix: string; revoked_at: number | null }>(input: string, candidates: readonly K[]): K {
  const live = candidates.filter((row) => row.revoked_at === null);
  if (live.length === 1) return live[0]!;
  if (live.length > 1) {
    const prefixes = live.map((row) => row.prefix).join(', ');
    throw new Error(`'${input}' matches ${live.length} keys (${prefixes}); give more characters or the whole key`);
  }
  const [revoked] = candidates;
  if (revoked) throw new Error(`key ${revoked.prefix} is already revoked`);
  if (input.length > KEY_PREFIX_LENGTH) {
    throw new Error(`no key matches '${input.slice(0, KEY_PREFIX_LENGTH)}…': give the whole key, or a prefix of ${MIN_REVOKE_PREFIX} to ${KEY_PREFIX_LENGTH} characters`);
  }
  throw new Error(`no key matches '${input}'`);
}

/**
 * A new API key for an account on `accountsPlan`: the full key (shown once), what is stored of it,
 * and the plan stored with it. A live key takes its account's plan (null: resolved through the
 * account); a test key is on Trial unless told otherwise (decisions.md).
 */
export function newKeyFor(accountsPlan: string, input: { test: boolean; plan?: string }) {
  const { test, plan } = input;
  if (plan !== undefined && !isPlanName(plan)) throw new Error(`unknown plan '${String(plan)}'`);
  if (!test && plan !== undefined && plan !== accountsPlan) {
    throw new Error(`a live key takes its account's plan ('${accountsPlan}'), not '${plan}'`);
  }
  const key = newApiKey(test);
  return { key, id: `key_${token(16)}`, hash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX_LENGTH), plan: test ? (plan ?? 'trial') : null };
}
