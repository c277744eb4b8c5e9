// Webhooks in SQLite (lib/platform/store/types.ts, WebhookStore): every method that reads and then
// writes runs in one IMMEDIATE transaction, so a claim is decided under the one write lock.
import type Database from 'better-sqlite3';
import { token } from '../../ids.js';
import type { WebhookStore } from '../types.js';
import {
  ATTEMPT_COLUMNS, CLAIM_SELECT, EVENT_COLUMNS, NEXT_DUE_SQL, nextDueSql, toClaim, toDeliveries, toKeyWebhook, webhookEvent,
  type WebhookAttemptDbRow, type WebhookClaimDbRow, type WebhookEventDbRow, type WebhookEventType,
} from '../webhook-rows.js';
import type { Sync } from './sync.js';

/** A new event of the session after its others, written only when the session has a target: the one statement both enqueues share. */
export function enqueueStatement(db: Database.Database) {
  const insert = db.prepare<{ id: string; sessionId: string; type: string; body: string; at: number }>(
    `INSERT INTO webhook_events (id, session_id, seq, type, body, url, key_id, created_at, state, next_at, attempts)
     SELECT @id, w.session_id, COALESCE((SELECT max(seq) FROM webhook_events WHERE session_id = w.session_id), 0) + 1,
            @type, @body, w.url, w.key_id, @at, 'pending', @at, 0
     FROM webhook_sessions w WHERE w.session_id = @sessionId`,
  );
  return (event: { id: string; type: WebhookEventType; body: string }, sessionId: string, at: number): boolean =>
    insert.run({ ...event, sessionId, at }).changes === 1;
}

type KeyRow = { key_id: string; url: string | null; secret: Buffer; updated_at: number };

/** Webhook operations over `db`, with their statements prepared once. */
export function webhookStore(db: Database.Database): Sync<WebhookStore> {
  const enqueue = enqueueStatement(db);
  const keyRow = db.prepare<[string], KeyRow>('SELECT key_id, url, secret, updated_at FROM webhook_keys WHERE key_id = ?');
  const keyExists = db.prepare<[string], number>('SELECT 1 FROM api_keys WHERE id = ?').pluck();
  const upsertKey = db.prepare<KeyRow>(
    `INSERT INTO webhook_keys (key_id, url, secret, updated_at) VALUES (@key_id, @url, @secret, @updated_at)
     ON CONFLICT (key_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at`,
  );
  const watch = db.prepare<[string, string, string]>('INSERT INTO webhook_sessions (session_id, key_id, url) VALUES (?, ?, ?)');
  const target = db.prepare<[string], { session_id: string; key_id: string; url: string }>('SELECT session_id, key_id, url FROM webhook_sessions WHERE session_id = ?');
  const nextDue = db.prepare<{ now: number }, string>(nextDueSql('@now')).pluck();
  const lease = db.prepare<{ id: string; lease: string; until: number }>('UPDATE webhook_events SET lease = @lease, lease_until = @until, attempts = attempts + 1 WHERE id = @id');
  const claimed = db.prepare<[string], WebhookClaimDbRow>(`${CLAIM_SELECT} WHERE e.id = ?`);
  const due = db.prepare<[], number | null>(NEXT_DUE_SQL).pluck();
  const finish = db.prepare<{ id: string; lease: string; state: string; nextAt: number | null; finishedAt: number | null }>(
    `UPDATE webhook_events SET state = @state, next_at = COALESCE(@nextAt, next_at), finished_at = @finishedAt, lease = NULL, lease_until = NULL
     WHERE id = @id AND lease = @lease AND state = 'pending'`,
  );
  const record = db.prepare<{ id: string; n: number; at: number; durationMs: number; statusCode: number | null; error: string | null; excerpt: string | null }>(
    'INSERT INTO webhook_attempts (event_id, n, at, duration_ms, status_code, error, excerpt) VALUES (@id, @n, @at, @durationMs, @statusCode, @error, @excerpt)',
  );
  const events = db.prepare<[string], WebhookEventDbRow>(`SELECT ${EVENT_COLUMNS} FROM webhook_events WHERE session_id = ? ORDER BY seq`);
  const attempts = db.prepare<[string], WebhookAttemptDbRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM webhook_attempts WHERE event_id IN (SELECT id FROM webhook_events WHERE session_id = ?) ORDER BY event_id, n`,
  );
  const prune = db.prepare<[number]>(`DELETE FROM webhook_events WHERE state <> 'pending' AND finished_at < ?`);

  const setKey = db.transaction(({ keyId, url, sealedSecret, now }: { keyId: string; url?: string | null; sealedSecret?: Buffer; now: number }) => {
    if (keyExists.get(keyId) === undefined) throw new Error(`no key ${keyId}`);
    const old = keyRow.get(keyId);
    const secret = sealedSecret ?? old?.secret;
    if (!secret) throw new Error(`key ${keyId} has no webhook secret yet: make one first`);
    upsertKey.run({ key_id: keyId, url: url === undefined ? (old?.url ?? null) : url, secret, updated_at: now });
    return toKeyWebhook(keyRow.get(keyId)!);
  });
  const claim = db.transaction(({ now, leaseMs }: { now: number; leaseMs: number }) => {
    const id = nextDue.get({ now });
    if (id === undefined) return undefined;
    lease.run({ id, lease: token(24), until: now + leaseMs });
    return toClaim(claimed.get(id)!);
  });
  const finishOne = db.transaction(({ id, lease: held, attempt, outcome }: Parameters<Sync<WebhookStore>['finishWebhook']>[0]) => {
    const nextAt = outcome.state === 'pending' ? outcome.nextAt : null;
    const finishedAt = outcome.state === 'pending' ? null : attempt.at + attempt.durationMs;
    if (finish.run({ id, lease: held, state: outcome.state, nextAt, finishedAt }).changes === 0) return false;
    record.run({ id, ...attempt });
    return true;
  });

  return {
    setKeyWebhook(input) {
      return setKey.immediate(input);
    },
    keyWebhook(keyId) {
      const row = keyRow.get(keyId);
      return row && toKeyWebhook(row);
    },
    watchSession({ sessionId, keyId, url }) {
      watch.run(sessionId, keyId, url);
    },
    sessionWebhook(sessionId) {
      const row = target.get(sessionId);
      return row && { sessionId: row.session_id, keyId: row.key_id, url: row.url };
    },
    enqueueWebhook({ sessionId, type, data, now }) {
      const event = webhookEvent(sessionId, type, data, now);
      return db.transaction(() => enqueue(event, sessionId, now)).immediate() ? event.id : null;
    },
    claimWebhook(input) {
      return claim.immediate(input);
    },
    nextWebhookDue() {
      return due.get() ?? null;
    },
    finishWebhook(input) {
      return finishOne.immediate(input);
    },
    webhookDeliveries(sessionId) {
      return toDeliveries(events.all(sessionId), attempts.all(sessionId));
    },
    pruneWebhooks(before) {
      return prune.run(before).changes;
    },
  };
}
