import type Database from 'better-sqlite3';
import { RATE_WINDOW_MS, rateDecision } from '../rules.js';
import type { RateStore } from '../types.js';
import type { Sync } from './sync.js';

/**
 * The rate limit's sliding window in the rate_events table (migration 5), one row per counted
 * request, over `db`. Pass the journal's connection: a rate row is not money, so it need not wait
 * for the disk sync every request would otherwise pay.
 */
export function rateStore(db: Database.Database): Sync<RateStore> {
  const prune = db.prepare<[number]>('DELETE FROM rate_events WHERE at <= ?');
  const window = db.prepare<[string, number], { counted: number; oldest: number | null }>(
    'SELECT count(*) AS counted, min(at) AS oldest FROM rate_events WHERE key_id = ? AND at > ?',
  );
  const count = db.prepare<[string, number]>('INSERT INTO rate_events (key_id, at) VALUES (?, ?)');

  // IMMEDIATE: the count and the insert under one write lock, so two processes cannot both see room for one more.
  const take = db.transaction(({ keyId, limit, now }: { keyId: string; limit: number; now: number }) => {
    // Every key's old rows go on every take: each row is deleted once, found through the index on at.
    prune.run(now - RATE_WINDOW_MS);
    const found = window.get(keyId, now - RATE_WINDOW_MS)!;
    const allowed = found.counted < limit;
    if (allowed) count.run(keyId, now);
    const counted = found.counted + (allowed ? 1 : 0);
    return rateDecision({ allowed, limit, counted, oldest: found.oldest ?? undefined, now });
  });

  return {
    takeRate(input) {
      return take.immediate(input);
    },
  };
}
