import type Database from 'better-sqlite3';

/** How long a completed response is replayed for (decisions.md: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still pending after this long belongs to a request that died (say, with the process); it may be claimed again. */
export const IDEMPOTENCY_ABANDONED_MS = 10 * 60 * 1000;

/** What `beginIdempotent` found: go ahead, wait, refuse, or replay the stored response. */
export type IdempotencyBegin =
  | { state: 'new' }
  | { state: 'pending' }
  | { state: 'conflict' }
  | { state: 'replay'; status: number; body: string; requestId: string };

/** Idempotency-Key storage, scoped to the API key. */
export interface IdempotencyStore {
  /** Atomically claims `idemKey` for this request, or says why not. */
  beginIdempotent(input: { keyId: string; idemKey: string; bodyHash: string; now: number }): IdempotencyBegin;
  /** Stores the response of a claimed request for replay. */
  completeIdempotent(input: { keyId: string; idemKey: string; status: number; body: string; requestId: string }): void;
  /** Drops a pending claim whose response is not kept (429, 503, 5xx), so a retry runs afresh. */
  releaseIdempotent(input: { keyId: string; idemKey: string }): void;
}

interface IdempotencyDbRow {
  body_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  body: string | null;
  request_id: string | null;
  created_at: number;
}

/** Idempotency operations over `db`, with their statements prepared once. */
export function idempotencyStore(db: Database.Database): IdempotencyStore {
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

  const begin = db.transaction(({ keyId, idemKey, bodyHash, now }: Parameters<IdempotencyStore['beginIdempotent']>[0]): IdempotencyBegin => {
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
    if (row.body_hash !== bodyHash) return { state: 'conflict' };
    if (row.state === 'pending') return { state: 'pending' };
    return { state: 'replay', status: row.status!, body: row.body!, requestId: row.request_id! };
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
