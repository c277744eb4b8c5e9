import type { Clock } from '../lib/platform/clock.js';
import type { RateDecision, RateStore } from '../lib/platform/store/index.js';

export type { RateDecision } from '../lib/platform/store/index.js';

/**
 * The per-key request limit, counted in the store (a sliding window of RATE_WINDOW_MS): exactly
 * `limit` requests are admitted in any window, the next is refused and not counted, and every
 * node sharing the store counts into the same window.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateStore,
    private readonly clock: Clock,
  ) {}

  /** Counts a request of `keyId` against `limit` per minute, unless it is over. */
  take(keyId: string, limit: number): Promise<RateDecision> {
    return this.store.takeRate({ keyId, limit, now: this.clock.now() });
  }
}
