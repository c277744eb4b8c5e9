import type Database from 'better-sqlite3';
import { claimedAnswer, type IdempotencyDbRow } from '../db-rows.js';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS } from '../rules.js';
import type { IdempotencyBegin, IdempotencyStore } from '../types.js';
import type { Sync } from './sync.js';

/** Idempotency operations over `db`, with their statements prepared once. */
export function idempotencyStore(db: Database.Database): Sync<IdempotencyStore> {
  const purge = db.prepare<[number]>('DELETE FROM idempotency WHERE created_at <= ?');
  const find = db.prepare<[string, string], IdempotencyDbRow>(
    'SELECT body_hash, state, status, body, request_id, created_at FROM idempotency WHERE key_id = ? AND idem_key = ?',
  );
  const claim = db.prepare<[string, string, string, number]>(
    `INSERT INTO idempotency (key_id, idem_key, body_hash, state, created_at) VALUES (?, ?, ?, 'pending', ?)`,
  );
  const reclaim = db.prepare<[string, number, string, string]>(
    `UPDATE idempotency SET body_hash = ?, created_at = ? WHERE key_id = ? AND idem_key = ? AND state = 'pending'`,
  );
  const complete = db.prepare<{ keyId: string; idemKey: string; status: number; body: string; requestId: string }>(
    `UPDATE idempotency SET state = 'done', status = @status, body = @body, request_id = @requestId
     WHERE key_id = @keyId AND idem_key = @idemKey AND state = 'pending'`,
  );
  const release = db.prepare<[string, string]>(`DELETE FROM idempotency WHERE key_id = ? AND idem_key = ? AND state = 'pending'`);

  const begin = db.transaction(({ keyId, idemKey, bodyHash, now }: Parameters<Sync<IdempotencyStore>['beginIdempotent']>[0]): IdempotencyBegin => {
    // Lazy expiry: old rows go whenever anyone claims, so no timer is needed and none is forgotten.
    purge.run(now - IDEMPOTENCY_TTL_MS);
    const row = find.get(keyId, idemKey);
    if (!row) {
      claim.run(keyId, idemKey, bodyHash, now);
      return { state: 'new' };
    }
    if (row.state === 'pending' && row.created_at <= now - IDEMPOTENCY_ABANDONED_MS) {
      reclaim.run(bodyHash, now, keyId, idemKey);
      return { state: 'new' };
    }
    return claimedAnswer(row, bodyHash);
  });

  return {
    // IMMEDIATE: read and claim under one write lock, so two processes cannot both see the key absent.
    beginIdempotent: (input) => begin.immediate(input),
    completeIdempotent(input) {
      complete.run(input);
    },
    releaseIdempotent({ keyId, idemKey }) {
      release.run(keyId, idemKey);
    },
  };
}
