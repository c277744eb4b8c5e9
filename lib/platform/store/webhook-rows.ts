// What the store keeps of webhooks (lib/platform/webhooks/): a key's URL and sealed signing
// secret, the target a session's events go to, each event with its delivery state, and each
// attempt. Shared by both implementations, with the one place an event's body is written.
import type { WEBHOOK_EVENT_TYPES } from '../../contract/response/webhook.js';
import { token } from '../ids.js';

/** One of the contract's WEBHOOK_EVENT_TYPES. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A key's webhook: its default URL (null: none, creates name their own) and its signing secret, sealed. */
export interface KeyWebhook {
  keyId: string;
  url: string | null;
  sealedSecret: Buffer;
  updatedAt: number;
}

/** Where a session's events go, fixed when it was admitted. */
export interface SessionWebhook {
  sessionId: string;
  keyId: string;
  url: string;
}

/** A delivery's state: pending (waiting or under an attempt), delivered (a 2xx), failed (given up). */
export type WebhookState = 'pending' | 'delivered' | 'failed';

/** One attempt to deliver an event, as recorded. */
export interface WebhookAttempt {
  /** 1 for the first attempt. */
  n: number;
  at: number;
  durationMs: number;
  /** The answer's status, or null when none came (then `error` says why). */
  statusCode: number | null;
  error: string | null;
  /** The start of the answer's body, bounded (MAX_WEBHOOK_EXCERPT). */
  excerpt: string | null;
}

/** The longest excerpt of an answer's body kept with an attempt, in characters. */
export const MAX_WEBHOOK_EXCERPT = 256;

/** An event claimed for one attempt: what to send and where, until `leaseUntil`. */
export interface WebhookClaim {
  id: string;
  sessionId: string;
  seq: number;
  type: WebhookEventType;
  /** The JSON body, exactly as it is sent and signed on every attempt. */
  body: string;
  url: string;
  keyId: string;
  accountId: string;
  /** The key's sealed secret; null when the key has none (the attempt then fails and says so). */
  sealedSecret: Buffer | null;
  createdAt: number;
  /** This attempt's number. */
  attempt: number;
  /** The claim's token: only its holder may record the attempt's outcome. */
  lease: string;
}

/** What an attempt's outcome does to its event. */
export type WebhookOutcome = { state: 'delivered' } | { state: 'failed' } | { state: 'pending'; nextAt: number };

/** An event with its delivery state and attempts (GET /v1/sessions/{id}/webhooks). */
export interface WebhookDelivery {
  id: string;
  sessionId: string;
  seq: number;
  type: WebhookEventType;
  url: string;
  createdAt: number;
  state: WebhookState;
  /** When the next attempt is due; null once delivered or failed. */
  nextAt: number | null;
  /** When it was delivered or given up; null while pending. */
  finishedAt: number | null;
  attempts: WebhookAttempt[];
}

/** A new event's id. */
export const newEventId = (): string => `evt_${token(24)}`;

/**
 * A new event: its id and the JSON body every attempt sends, `{id, type, created, session_id,
 * data}` (created in ISO 8601, like every time the API answers).
 */
export function webhookEvent(sessionId: string, type: WebhookEventType, data: unknown, at: number): { id: string; type: WebhookEventType; body: string } {
  const id = newEventId();
  return { id, type, body: JSON.stringify({ id, type, created: new Date(at).toISOString(), session_id: sessionId, data }) };
}

/** The event a session's end makes: session.failed with its error, else session.ended (closed or expired). */
export function endedEvent(e: { id: string; status: string; endedAt: number; errorCode: string | null; errorMessage: string | null }) {
  const failed = e.status === 'failed';
  const data = {
    status: failed ? 'failed' : 'closed',
    expired: e.status === 'expired',
    ended_at: new Date(e.endedAt).toISOString(),
    error: failed ? { code: e.errorCode, message: e.errorMessage } : null,
  };
  return webhookEvent(e.id, failed ? 'session.failed' : 'session.ended', data, e.endedAt);
}

/** webhook_events as selected by both implementations (EVENT_COLUMNS). */
export interface WebhookEventDbRow {
  id: string;
  session_id: string;
  seq: number;
  type: string;
  url: string;
  created_at: number;
  state: string;
  next_at: number;
  finished_at: number | null;
}

/** The columns of a WebhookEventDbRow. */
export const EVENT_COLUMNS = 'id, session_id, seq, type, url, created_at, state, next_at, finished_at';

/** webhook_attempts as selected (ATTEMPT_COLUMNS). */
export interface WebhookAttemptDbRow {
  event_id: string;
  n: number;
  at: number;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  excerpt: string | null;
}

/** The columns of a WebhookAttemptDbRow. */
export const ATTEMPT_COLUMNS = 'event_id, n, at, duration_ms, status_code, error, excerpt';

/** A claimed event as selected, with its key's account and secret (CLAIM_SELECT). */
export interface WebhookClaimDbRow {
  id: string;
  session_id: string;
  seq: number;
  type: string;
  body: string;
  url: string;
  key_id: string;
  account_id: string;
  secret: Buffer | null;
  created_at: number;
  attempts: number;
  lease: string;
}

/** The claimed event joined with its key; each implementation adds its own `WHERE e.id = ...`. */
export const CLAIM_SELECT = `
  SELECT e.id, e.session_id, e.seq, e.type, e.body, e.url, e.key_id, k.account_id, w.secret, e.created_at, e.attempts, e.lease
  FROM webhook_events e JOIN api_keys k ON k.id = e.key_id LEFT JOIN webhook_keys w ON w.key_id = e.key_id`;

/**
 * The next due event: pending, due, not under a live lease, and with no earlier event of its
 * session still pending (order per session). Each implementation binds `now` to its placeholder.
 */
export const nextDueSql = (now: string): string => `
  SELECT e.id FROM webhook_events e
  WHERE e.state = 'pending' AND e.next_at <= ${now} AND (e.lease_until IS NULL OR e.lease_until <= ${now})
    AND NOT EXISTS (SELECT 1 FROM webhook_events p WHERE p.session_id = e.session_id AND p.seq < e.seq AND p.state = 'pending')
  ORDER BY e.next_at, e.created_at, e.seq LIMIT 1`;

/** The earliest time any pending event may be attempted: its next_at, or its lease's end when later. */
export const NEXT_DUE_SQL = `SELECT min(CASE WHEN lease_until IS NOT NULL AND lease_until > next_at THEN lease_until ELSE next_at END) AS due FROM webhook_events WHERE state = 'pending'`;

/** A claim as the store answers it. */
export function toClaim(row: WebhookClaimDbRow): WebhookClaim {
  return {
    id: row.id,
    sessionId: row.session_id,
    seq: row.seq,
    type: row.type as WebhookEventType,
    body: row.body,
    url: row.url,
    keyId: row.key_id,
    accountId: row.account_id,
    sealedSecret: row.secret,
    createdAt: row.created_at,
    attempt: row.attempts,
    lease: row.lease,
  };
}

/** Events with their attempts, in order, as webhookDeliveries answers them. */
export function toDeliveries(events: readonly WebhookEventDbRow[], attempts: readonly WebhookAttemptDbRow[]): WebhookDelivery[] {
  const byEvent = new Map<string, WebhookAttempt[]>();
  for (const a of attempts) {
    const list = byEvent.get(a.event_id) ?? [];
    list.push({ n: a.n, at: a.at, durationMs: a.duration_ms, statusCode: a.status_code, error: a.error, excerpt: a.excerpt });
    byEvent.set(a.event_id, list);
  }
  return events.map((e) => ({
    id: e.id,
    sessionId: e.session_id,
    seq: e.seq,
    type: e.type as WebhookEventType,
    url: e.url,
    createdAt: e.created_at,
    state: e.state as WebhookState,
    nextAt: e.state === 'pending' ? e.next_at : null,
    finishedAt: e.finished_at,
    attempts: (byEvent.get(e.id) ?? []).sort((a, b) => a.n - b.n),
  }));
}

/** A key_webhooks row as answered. */
export const toKeyWebhook = (row: { key_id: string; url: string | null; secret: Buffer; updated_at: number }): KeyWebhook => ({
  keyId: row.key_id,
  url: row.url,
  sealedSecret: Buffer.from(row.secret),
  updatedAt: row.updated_at,
});
