// Webhooks in the contract (issue 32): the events a webhook receives, the body each delivery
// POSTs, and what GET /v1/sessions/{id}/webhooks answers of a session's deliveries.
import { anyJson, arrayOf, dateTime, described, intAtLeast, named, nullable, oneOf, string, strictObject } from '../codec/index.js';
import { sessionId } from './envelope.js';

/** The events a webhook receives, in the words of their `type`. */
export const WEBHOOK_EVENT_TYPES = ['session.ended', 'session.failed', 'download.completed'] as const;

const eventType = described(
  oneOf(WEBHOOK_EVENT_TYPES),
  'session.ended: the session closed or expired; session.failed: it failed (data.error says why); download.completed: a file the page downloaded is kept (data is the download item).',
);

/** The JSON body every delivery of an event POSTs, the same on every attempt. */
export const webhookEventCodec = named(
  strictObject({
    id: described(string, 'The event id (evt_...): the same on every attempt, so a receiver can drop a repeat.'),
    type: eventType,
    created: described(dateTime, 'When the event happened (ISO 8601).'),
    session_id: sessionId,
    data: described(
      anyJson,
      'session.ended and session.failed: {status: closed or failed, expired, ended_at, error: {code, message} or null}. download.completed: the download item {id, name, mime, bytes, url, complete}.',
    ),
  }),
  'WebhookEvent',
);

const attemptCodec = named(
  strictObject({
    n: described(intAtLeast(1), 'Which attempt, from 1.'),
    at: described(dateTime, 'When it started (ISO 8601).'),
    duration_ms: described(intAtLeast(0), 'How long it took, in milliseconds.'),
    status_code: described(nullable(intAtLeast(0)), 'The receiver\'s HTTP status; null when none came (see error).'),
    error: described(nullable(string), 'Why no status came (refused address, connection, TLS, time-out); null when one did.'),
    excerpt: described(nullable(string), 'The start of the receiver\'s answer (at most 256 characters); null when it was empty.'),
  }),
  'WebhookAttempt',
);

/** One event of a session and its delivery. */
export const webhookDeliveryCodec = named(
  strictObject({
    id: described(string, 'The event id, as its body carries it.'),
    type: eventType,
    url: described(string, 'Where it is sent.'),
    created_at: described(dateTime, 'When the event happened (ISO 8601).'),
    state: described(
      oneOf(['pending', 'delivered', 'failed']),
      'pending: not yet answered 2xx (it waits for its session\'s earlier events, or for its next attempt); delivered: answered 2xx, never sent again; failed: given up 24 h after the event.',
    ),
    next_attempt_at: described(nullable(dateTime), 'When the next attempt is due; null once delivered or failed.'),
    finished_at: described(nullable(dateTime), 'When it was delivered or given up; null while pending.'),
    attempts: described(arrayOf(attemptCodec, { name: 'attempts' }), 'Its attempts, in order.'),
  }),
  'WebhookDelivery',
);

/** The answer of GET /v1/sessions/{id}/webhooks. */
export const webhookDeliveryListCodec = named(
  strictObject({ deliveries: described(arrayOf(webhookDeliveryCodec, { name: 'deliveries' }), "The session's events in order, each with its attempts; empty when the session has no webhook.") }),
  'WebhookDeliveryList',
);
