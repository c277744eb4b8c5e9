// Per-request state in PostgreSQL: Idempotency-Key claims and the rate-limit window. A claim is
// the row INSERT ... ON CONFLICT DO NOTHING manages to write (the primary key decides, on any node);
// the rate window is counted and taken under the key's advisory lock in one transaction.
import type pg from 'pg';
import type { IdempotencyBegin } from '../rows.js';
import { claimedAnswer, type IdempotencyDbRow } from '../db-rows.js';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS, RATE_WINDOW_MS, rateDecision } from '../rules.js';
import type { IdempotencyStore, RateStore } from '../types.js';
import { LOCKS, lockKey, transaction } from './connection.js';

/** Idempotency operations on `pool`. */
export function pgIdempotencyStore(pool: pg.Pool): IdempotencyStore {
  return {
    async beginIdempotent({ keyId, scope, idemKey, bodyHash, now }) {
      // Lazy expiry, outside the claim: rows another transaction holds are skipped rather than
      // waited for (two purges never deadlock), and an expired row met below is taken over anyway.
      await pool.query(
        `DELETE FROM idempotency WHERE (key_id, scope, idem_key) IN
           (SELECT key_id, scope, idem_key FROM idempotency WHERE created_at <= $1 LIMIT 1000 FOR UPDATE SKIP LOCKED)`,
        [now - IDEMPOTENCY_TTL_MS],
      );
      return transaction(pool, async (client): Promise<IdempotencyBegin> => {
        for (;;) {
          const claimed = await client.query(
            `INSERT INTO idempotency (key_id, scope, idem_key, body_hash, state, created_at) VALUES ($1, $2, $3, $4, 'pending', $5) ON CONFLICT DO NOTHING`,
            [keyId, scope, idemKey, bodyHash, now],
          );
          if (claimed.rowCount === 1) return { state: 'new' };
          // Someone else's row: wait for whoever holds it, then read what they left.
          const { rows } = await client.query<IdempotencyDbRow>(
            'SELECT body_hash, state, status, body, request_id, created_at FROM idempotency WHERE key_id = $1 AND scope = $2 AND idem_key = $3 FOR UPDATE',
            [keyId, scope, idemKey],
          );
          const row = rows[0];
          // Released (deleted) between the insert and the read: claim again.
          if (!row) continue;
          const abandoned = row.state === 'pending' && row.created_at <= now - IDEMPOTENCY_ABANDONED_MS;
          if (abandoned || row.created_at <= now - IDEMPOTENCY_TTL_MS) {
            await client.query(
              `UPDATE idempotency SET body_hash = $4, state = 'pending', status = NULL, body = NULL, request_id = NULL, created_at = $5
               WHERE key_id = $1 AND scope = $2 AND idem_key = $3`,
              [keyId, scope, idemKey, bodyHash, now],
            );
            return { state: 'new' };
          }
          return claimedAnswer(row, bodyHash);
        }
      });
    },
    async completeIdempotent({ keyId, scope, idemKey, status, body, requestId }) {
      await pool.query(
        `UPDATE idempotency SET state = 'done', status = $4, body = $5, request_id = $6 WHERE key_id = $1 AND scope = $2 AND idem_key = $3 AND state = 'pending'`,
        [keyId, scope, idemKey, status, body, requestId],
      );
    },
    async releaseIdempotent({ keyId, scope, idemKey }) {
      await pool.query(`DELETE FROM idempotency WHERE key_id = $1 AND scope = $2 AND idem_key = $3 AND state = 'pending'`, [keyId, scope, idemKey]);
    },
  };
}

/** The rate limit on `pool`: a key's takes are serialised on its advisory lock, so the window is exact across nodes. */
export function pgRateStore(pool: pg.Pool): RateStore {
  return {
    takeRate({ keyId, limit, now }) {
      return transaction(pool, async (client) => {
        await lockKey(client, LOCKS.rate, keyId);
        const start = now - RATE_WINDOW_MS;
        await client.query('DELETE FROM rate_hits WHERE key_id = $1 AND at <= $2', [keyId, start]);
        const { rows } = await client.query<{ n: number; oldest: number | null }>('SELECT count(*) AS n, min(at) AS oldest FROM rate_hits WHERE key_id = $1', [keyId]);
        const inWindow = rows[0]?.n ?? 0;
        const oldest = rows[0]?.oldest ?? undefined;
        if (inWindow >= limit) return rateDecision({ allowed: false, limit, counted: inWindow, oldest, now });
        await client.query('INSERT INTO rate_hits (key_id, at) VALUES ($1, $2)', [keyId, now]);
        return rateDecision({ allowed: true, limit, counted: inWindow + 1, oldest: oldest ?? now, now });
      });
    },
  };
}
