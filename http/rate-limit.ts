import { LRUCache } from 'lru-cache';
import type { Clock } from '../lib/clock.js';

const WINDOW_MS = 60_000;

/** The verdict for one request, with what the X-RateLimit headers say. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time (s) when the oldest counted request leaves the window. */
  resetAt: number;
  /** Seconds until a refused request may be retried. */
  retryAfter: number;
}

/**
 * A sliding-window log per API key: exactly `limit` requests are admitted in any 60 s, the next
 * is refused. Refused requests are not counted. Keys idle for a window are forgotten by the LRU.
 */
export class RateLimiter {
  private readonly logs = new LRUCache<string, number[]>({ max: 100_000, ttl: WINDOW_MS, updateAgeOnGet: true });

  constructor(private readonly clock: Clock) {}

  /** Counts a request of `keyId` against `limit` per minute, unless it is over. */
  take(keyId: string, limit: number): RateDecision {
    const now = this.clock.now();
    const log = (this.logs.get(keyId) ?? []).filter((at) => at > now - WINDOW_MS);
    const allowed = log.length < limit;
    if (allowed) log.push(now);
    this.logs.set(keyId, log);
    const oldest = log[0] ?? now;
    const freesAt = oldest + WINDOW_MS;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - log.length),
      resetAt: Math.ceil(freesAt / 1000),
      retryAfter: Math.max(1, Math.ceil((freesAt - now) / 1000)),
    };
  }
}
