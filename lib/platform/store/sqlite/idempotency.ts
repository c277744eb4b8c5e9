import type Database from 'better-sqlite3';
import { claimedAnswer, type IdempotencyDbRow } from '../db-rows.js';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS } from '../rules.js';
import type { IdempotencyBegin, IdempotencyClaim, IdempotencyStore } from '../types.js';
import type { Sync } from './sync.js';

/** The WHERE clause naming one claim, with the named parameters of an IdempotencyClaim. */
const CLAIM = 'key_id = @keyId AND scope = @scope AND idem_key = @idemKey';

/** Idempotency operations over `db`, with their statements prepared once. */
export function idempotencyStore(db: Database.Database): Sync<IdempotencyStore> {
  const purge = db.prepare<[number]>('DELETE FROM idempotency WHERE created_at <= ?');
  const find = db.prepare<IdempotencyClaim, IdempotencyDbRow>(`SELECT body_hash, state, status, body, request_id, created_at FROM idempotency WHERE ${CLAIM}`);
  const claim = db.prepare<IdempotencyClaim & { bodyHash: string; now: number }>(
    `INSERT INTO idempotency (key_id, scope, idem_key, body_hash, state, created_at) VALUES (@keyId, @scope, @idemKey, @bodyHash, 'pending', @now)`,
  );
  const reclaim = db.prepare<IdempotencyClaim & { bodyHash: string; now: number }>(
    `UPDATE idempotency SET body_hash = @bodyHash, created_at = @now WHERE ${CLAIM} AND state = 'pending'`,
  );
  const complete = db.prepare<IdempotencyClaim & { status: number; body: string; requestId: string }>(
    `UPDATE idempotency SET state = 'done', status = @status, body = @body, request_id = @requestId WHERE ${CLAIM} AND state = 'pending'`,
  );
  const release = db.prepare<IdempotencyClaim>(`DELETE FROM idempotency WHERE ${CLAIM} AND state = 'pending'`);

  const begin = db.transaction((input: Parameters<Sync<IdempotencyStore>['beginIdempotent']>[0]): IdempotencyBegin => {
    const { keyId, scope, idemKey, bodyHash, now } = input;
    // Lazy expiry: old rows go whenever anyone claims, so no timer is needed and none is forgotten.
    purge.run(now - IDEMPOTENCY_TTL_MS);
    const row = find.get({ keyId, scope, idemKey });
    if (!row) {
      claim.run({ keyId, scope, idemKey, bodyHash, now });
      return { state: 'new' };
    }
    if (row.state === 'pending' && row.created_at <= now - IDEMPOTENCY_ABANDONED_MS) {
      reclaim.run({ keyId, scope, idemKey, bodyHash, now });
      return { state: 'new' };
    }
    return claimedAnswer(row, bodyHash);
  });

  return {
    // IMMEDIATE: read and claim under one write lock, so two processes cannot both see the key absent.
    beginIdempotent: (input) => begin.immediate(input),
    completeIdempotent({ keyId, scope, idemKey, status, body, requestId }) {
      complete.run({ keyId, scope, idemKey, status, body, requestId });
    },
    releaseIdempotent({ keyId, scope, idemKey }) {
      release.run({ keyId, scope, idemKey });
    },
  };
}
