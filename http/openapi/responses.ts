import type * as t from 'io-ts';
import type { JsonSchema, SchemaSet } from '../../lib/contract/codec/index.js';
import type { ApiErrorCode } from '../../lib/contract/errors.js';
import { errorBodyCodec, invalidContext } from '../../lib/contract/response/error.js';
import { requestId } from '../../lib/contract/response/envelope.js';
import { MAX_BODY_BYTES } from '../body.js';

// The parts every operation of the document repeats: headers and error answers, written once.

/** The answer headers the service sends, as OpenAPI header objects (`required` set per answer). */
const HEADERS = {
  'X-Request-Id': (set) => ({ description: 'Id of this request (req_…), the same as the envelope\'s request_id. On every answer.', schema: set.schemaOf(requestId) }),
  'X-RateLimit-Limit': () => ({ description: 'Requests this key may make in any 60 s (its plan\'s rate).', schema: { type: 'integer', minimum: 1 } }),
  'X-RateLimit-Remaining': () => ({ description: 'Requests left in the current 60 s window.', schema: { type: 'integer', minimum: 0 } }),
  'X-RateLimit-Reset': () => ({ description: 'Unix time (s) when the oldest counted request leaves the window.', schema: { type: 'integer', minimum: 0 } }),
  'Retry-After': () => ({ description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } }),
  'Idempotent-Replayed': () => ({ description: 'true when this is the stored answer of an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } }),
  'Content-Disposition': () => ({ description: 'attachment; filename="<session id>.zip": a download, named after the session.', schema: { type: 'string' } }),
  'Server-Timing': () => ({ description: 'Where the time went, in ms: act (all), stable (waiting for the page to settle), observe (reading it).', schema: { type: 'string' } }),
} satisfies Record<string, (set: SchemaSet) => { description: string; schema: JsonSchema }>;

/** A header name the document knows. */
export type HeaderName = keyof typeof HEADERS;

/** Which headers an answer carries: required ones always, optional ones sometimes. */
export interface HeaderSpec {
  required?: HeaderName[];
  optional?: HeaderName[];
}

/** The rate-limit headers, on every answer to an authenticated request. */
export const RATE: HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/** OpenAPI header objects for `spec`; X-Request-Id is always there. */
export function headersOf(set: SchemaSet, spec: HeaderSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of ['X-Request-Id' as const, ...(spec.required ?? [])]) out[name] = { ...HEADERS[name](set), required: true };
  for (const name of spec.optional ?? []) out[name] = { ...HEADERS[name](set), required: false };
  return out;
}

/** A JSON answer: `codec`'s schema, with headers. */
export function jsonResponse(set: SchemaSet, description: string, codec: t.Mixed, headers: HeaderSpec = {}): Record<string, unknown> {
  return { description, headers: headersOf(set, headers), content: { 'application/json': { schema: set.schemaOf(codec) } } };
}

/** The error answers, by status: codes, what they mean and how to recover, and the headers they add. */
const ERRORS = {
  400: { name: 'InvalidRequestError', codes: ['invalid_request'], text: 'The body, the query or a header is invalid: context.path names the field, context.expected what was wanted. Fix the request; sending it again unchanged fails again.' },
  401: { name: 'UnauthorizedError', codes: ['unauthorized'], text: 'Missing or invalid API key (Authorization: Bearer sk_live_… or sk_test_…).' },
  402: { name: 'InsufficientCreditsError', codes: ['insufficient_credits'], text: 'The account\'s credit pool for this cycle is empty: top up, upgrade, or wait for the next cycle.' },
  404: { name: 'SessionNotFoundError', codes: ['session_not_found'], text: 'No such session for this key: it never existed, expired, was closed or failed. Create a new session and replay the steps.' },
  409: { name: 'IdempotencyConflictError', codes: ['idempotency_conflict'], text: 'The Idempotency-Key was used with a different body, or its first request is still running (then with Retry-After: 1).' },
  413: { name: 'PayloadTooLargeError', codes: ['payload_too_large'], text: `The body is larger than ${MAX_BODY_BYTES / 2 ** 20} MiB.` },
  429: { name: 'RateLimitedError', codes: ['rate_limited'], text: 'Over the plan\'s request rate (context.limit requests_per_minute) or its concurrent sessions (context.limit concurrent_sessions): honour Retry-After, back off.' },
  421: { name: 'WrongNodeError', codes: ['wrong_node'], text: "The session runs on another node, the one its id names (ses_<node>_...) and context.node says: send its requests there. nginx with deploy/nginx.conf routes them by the id, so a client behind it never sees this." },
  500: { name: 'InternalError', codes: ['internal_error'], text: 'An internal fault; nothing internal is shown. Retrying may help.' },
  503: { name: 'EngineUnavailableError', codes: ['engine_unavailable'], text: 'The browser engine is down, restarting, or the server is shutting down, or (on a create) the machine\'s memory is nearly used; the message says which and when to retry: retry after Retry-After seconds.' },
} as const satisfies Record<number, { name: string; codes: readonly [ApiErrorCode, ...ApiErrorCode[]]; text: string }>;

/** An HTTP error status the document describes. */
export type ErrorStatus = keyof typeof ERRORS;

/** The error answer of `status`; `codes` and `text` replace the defaults where a route differs (429 on act). */
export function errorResponse(set: SchemaSet, status: ErrorStatus, headers: HeaderSpec, override?: { name: string; codes: readonly [ApiErrorCode, ...ApiErrorCode[]]; text: string }): Record<string, unknown> {
  const { name, codes, text } = override ?? ERRORS[status];
  const codec = status === 400 ? errorBodyCodec(name, codes, invalidContext) : errorBodyCodec(name, codes);
  return jsonResponse(set, text, codec, headers);
}

/** An error answer that says when to come back. */
export const RETRY: HeaderSpec = { required: ['Retry-After'] };
