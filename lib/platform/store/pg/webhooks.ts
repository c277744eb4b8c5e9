// Webhooks in PostgreSQL (lib/platform/store/types.ts, WebhookStore). Claims of every node take
// turns on one advisory lock inside their transaction: the pick and the lease commit together,
// so two nodes never hold one event (a claim is one short statement pair, so the turns are short).
import type pg from 'pg';
import { token } from '../../ids.js';
import type { WebhookStore } from '../types.js';
import {
  ATTEMPT_COLUMNS, CLAIM_SELECT, EVENT_COLUMNS, NEXT_DUE_SQL, nextDueSql, toClaim, toDeliveries, toKeyWebhook, webhookEvent,
  type WebhookAttemptDbRow, type WebhookClaimDbRow, type WebhookEventDbRow, type WebhookEventType,
} from '../webhook-rows.js';
import { LOCKS, lockKey, transaction, type Queryable } from './connection.js';

/**
 * Inside a transaction: a new event of the session after its others, written only when the session
 * has a target. Events of one session are numbered under a lock on the session, so two enqueues
 * (a download's and the end's) cannot both take one number.
 */
export async function enqueueEvent(client: Queryable, event: { id: string; type: WebhookEventType; body: string }, sessionId: string, at: number): Promise<boolean> {
  const { rows } = await client.query<{ url: string }>('SELECT url FROM webhook_sessions WHERE session_id = $1 FOR UPDATE', [sessionId]);
  if (!rows[0]) return false;
  await client.query(
    `INSERT INTO webhook_events (id, session_id, seq, type, body, url, key_id, created_at, state, next_at, attempts)
     SELECT $1, w.session_id, COALESCE((SELECT max(seq) FROM webhook_events WHERE session_id = w.session_id), 0) + 1,
            $2, $3, w.url, w.key_id, $4, 'pending', $4, 0
     FROM webhook_sessions w WHERE w.session_id = $5`,
    [event.id, event.type, event.body, at, sessionId],
  );
  return true;
}

type KeyRow = { key_id: string; url: string | null; secret: Buffer; updated_at: number };

/** Webhook operations on `pool`. */
export function pgWebhookStore(pool: pg.Pool): WebhookStore {
  const keyRow = async (client: Queryable, keyId: string) =>
    (await client.query<KeyRow>('SELECT key_id, url, secret, updated_at FROM webhook_keys WHERE key_id = $1', [keyId])).rows[0];
  return {
    setKeyWebhook({ keyId, url, sealedSecret, now }) {
      return transaction(pool, async (client) => {
        const key = await client.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [keyId]);
        if (key.rowCount === 0) throw new Error(`no key ${keyId}`);
        const old = await keyRow(client, keyId);
        const secret = sealedSecret ?? old?.secret;
        if (!secret) throw new Error(`key ${keyId} has no webhook secret yet: make one first`);
        await client.query(
          `INSERT INTO webhook_keys (key_id, url, secret, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (key_id) DO UPDATE SET url = excluded.url, secret = excluded.secret, updated_at = excluded.updated_at`,
          [keyId, url === undefined ? (old?.url ?? null) : url, secret, now],
        );
        return toKeyWebhook((await keyRow(client, keyId))!);
      });
    },
    async keyWebhook(keyId) {
      const row = await keyRow(pool, keyId);
      return row && toKeyWebhook(row);
    },
    async watchSession({ sessionId, keyId, url }) {
      await pool.query('INSERT INTO webhook_sessions (session_id, key_id, url) VALUES ($1, $2, $3)', [sessionId, keyId, url]);
    },
    async sessionWebhook(sessionId) {
      const { rows } = await pool.query<{ session_id: string; key_id: string; url: string }>('SELECT session_id, key_id, url FROM webhook_sessions WHERE session_id = $1', [sessionId]);
      return rows[0] && { sessionId: rows[0].session_id, keyId: rows[0].key_id, url: rows[0].url };
    },
    async enqueueWebhook({ sessionId, type, data, now }) {
      const event = webhookEvent(sessionId, type, data, now);
      return (await transaction(pool, (client) => enqueueEvent(client, event, sessionId, now))) ? event.id : null;
    },
    claimWebhook({ now, leaseMs }) {
      return transaction(pool, async (client) => {
        await lockKey(client, LOCKS.webhooks, 'claim');
        const { rows } = await client.query<{ id: string }>(nextDueSql('$1'), [now]);
        const id = rows[0]?.id;
        if (id === undefined) return undefined;
        await client.query('UPDATE webhook_events SET lease = $2, lease_until = $3, attempts = attempts + 1 WHERE id = $1', [id, token(24), now + leaseMs]);
        return toClaim((await client.query<WebhookClaimDbRow>(`${CLAIM_SELECT} WHERE e.id = $1`, [id])).rows[0]!);
      });
    },
    async nextWebhookDue() {
      const { rows } = await pool.query<{ due: number | null }>(NEXT_DUE_SQL);
      return rows[0]?.due ?? null;
    },
    finishWebhook({ id, lease, attempt, outcome }) {
      const nextAt = outcome.state === 'pending' ? outcome.nextAt : null;
      const finishedAt = outcome.state === 'pending' ? null : attempt.at + attempt.durationMs;
      return transaction(pool, async (client) => {
        const { rowCount } = await client.query(
          `UPDATE webhook_events SET state = $3, next_at = COALESCE($4, next_at), finished_at = $5, lease = NULL, lease_until = NULL
           WHERE id = $1 AND lease = $2 AND state = 'pending'`,
          [id, lease, outcome.state, nextAt, finishedAt],
        );
        if (rowCount === 0) return false;
        await client.query(
          'INSERT INTO webhook_attempts (event_id, n, at, duration_ms, status_code, error, excerpt) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [id, attempt.n, attempt.at, attempt.durationMs, attempt.statusCode, attempt.error, attempt.excerpt],
        );
        return true;
      });
    },
    async webhookDeliveries(sessionId) {
      const events = await pool.query<WebhookEventDbRow>(`SELECT ${EVENT_COLUMNS} FROM webhook_events WHERE session_id = $1 ORDER BY seq`, [sessionId]);
      if (events.rows.length === 0) return [];
      const attempts = await pool.query<WebhookAttemptDbRow>(
        `SELECT ${ATTEMPT_COLUMNS} FROM webhook_attempts WHERE event_id = ANY($1::text[]) ORDER BY event_id, n`,
        [events.rows.map((row) => row.id)],
      );
      return toDeliveries(events.rows, attempts.rows);
    },
    async pruneWebhooks(before) {
      const { rowCount } = await pool.query(`DELETE FROM webhook_events WHERE state <> 'pending' AND finished_at < $1`, [before]);
      return rowCount ?? 0;
    },
  };
}
