import { maxHeaderSize } from 'node:http';
import type * as t from 'io-ts';
import { SchemaSet, type JsonSchema } from '../../lib/contract/codec/index.js';
import { actBodyCodec } from '../../lib/api/act.js';
import { createBodyCodec } from '../../lib/api/create.js';
import { eventsQueryCodec } from '../../lib/contract/request/events.js';
import { listQueryCodec } from '../../lib/contract/request/list.js';
import { envelopeCodec, sessionId } from '../../lib/contract/response/envelope.js';
import { eventPageCodec, JOURNAL_RETENTION_MS, MAX_JOURNAL_EVENTS } from '../../lib/contract/response/events.js';
import { healthCodec } from '../../lib/contract/response/health.js';
import { sessionInfoCodec, sessionListCodec } from '../../lib/contract/response/session.js';
import { MAX_TRACE_BYTES } from '../../lib/platform/traces.js';
import { MAX_BODY_BYTES } from '../body.js';
import { MAX_KEY_LENGTH } from '../idempotency.js';
import { actTakeoverParts, livePaths } from './live.js';
import { mcpPaths } from './mcp.js';
import { errorResponse, headersOf, jsonResponse, RATE, type HeaderSpec } from './responses.js';

/** Where the walker's named definitions go in the document. */
const SCHEMAS = '#/components/schemas/';

const DESCRIPTION = [
  'Isolated Chromium sessions driven through a JSON API: create a session, run steps in it (goto, click, fill, extract, ...), ',
  'and get the page back as markdown with numbered interactive elements. Every /v1 route needs `Authorization: Bearer <API key>`; ',
  'every answer carries X-Request-Id, and answers to authenticated requests carry the X-RateLimit headers. Errors are ',
  '`{error: {code, message, context}}`; a step that fails is not an HTTP error: the envelope says which step failed in `error`. ',
  `Bodies are JSON of at most ${MAX_BODY_BYTES} bytes; an unknown route is 404 not_found.`,
].join('');

/** Builds the OpenAPI 3.1 document from the request and response codecs; pure, so the build can write it too. */
export function buildDocument(): Record<string, unknown> {
  const set = new SchemaSet(SCHEMAS);
  const body = (codec: t.Mixed) => ({ required: true, content: { 'application/json': { schema: set.schemaOf(codec) } } });
  const errors = (statuses: Array<Parameters<typeof errorResponse>[1]>, extra: Partial<Record<number, HeaderSpec>> = {}) =>
    Object.fromEntries(
      statuses.map((status) => {
        // Authentication comes before the rate limit: a 401 has no X-RateLimit headers, and a fault may come before either.
        const base: HeaderSpec = status === 401 ? {} : status === 500 ? { optional: [...RATE] } : { required: [...RATE] };
        const more = extra[status] ?? {};
        const spec = { required: [...(base.required ?? []), ...(more.required ?? [])], optional: [...(base.optional ?? []), ...(more.optional ?? [])] };
        return [String(status), errorResponse(set, status, spec)];
      }),
    );
  const retry: HeaderSpec = { required: ['Retry-After'] };
  const idParam = { name: 'id', in: 'path', required: true, description: 'Session id, from the create answer.', schema: set.schemaOf(sessionId) };
  const parts = { set, body, errors, idParam };
  const actTakeover = actTakeoverParts(parts);

  const paths = {
    '/v1/sessions': {
      post: {
        operationId: 'createSession',
        summary: 'Create a session',
        description: 'Opens an isolated browser session; with url it navigates there, with steps it runs them, and the answer observes the page. A step that fails answers 201 with error set.',
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: 'Makes a retry safe: the first answer (201 or 400) is replayed for 24 h to the same key with the same body (Idempotent-Replayed: true); another body is 409.',
            schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
          },
        ],
        requestBody: body(createBodyCodec),
        responses: {
          201: jsonResponse(set, 'The session is active; the envelope holds the page (or null for a bare session).', envelopeCodec, {
            required: [...RATE],
            optional: ['Server-Timing', 'Idempotent-Replayed'],
          }),
          ...errors([400, 401, 402, 409, 413, 429, 500, 503], {
            400: { optional: ['Idempotent-Replayed'] },
            409: { optional: ['Retry-After'] },
            429: retry,
            503: retry,
          }),
        },
      },
      get: {
        operationId: 'listSessions',
        summary: 'List the key\'s sessions',
        description: 'Newest first, in pages; closed and expired sessions appear as closed.',
        parameters: queryParameters(set, listQueryCodec),
        responses: {
          200: jsonResponse(set, 'A page of sessions.', sessionListCodec, { required: [...RATE] }),
          ...errors([400, 401, 429, 500], { 429: retry }),
        },
      },
    },
    '/v1/sessions/{id}': {
      parameters: [idParam],
      get: {
        operationId: 'getSession',
        summary: 'Get a session',
        description: 'An active or failed session with its usage; closed and expired sessions are not found.',
        responses: {
          200: jsonResponse(set, 'The session.', sessionInfoCodec, { required: [...RATE] }),
          ...errors([401, 404, 429, 500], { 429: retry }),
        },
      },
      delete: {
        operationId: 'deleteSession',
        summary: 'Close a session',
        description: 'Ends the session at once (an act still running answers 404) and records its runtime.',
        responses: {
          204: { description: 'Closed; no body.', headers: headersOf(set, { required: [...RATE] }) },
          ...errors([401, 404, 421, 429, 500], { 429: retry }),
        },
      },
    },
    '/v1/sessions/{id}/act': {
      parameters: [idParam],
      post: {
        operationId: 'act',
        summary: 'Run steps',
        description:
          'Runs the steps in order (acts on one session queue), stops at the first failure, then observes the page. A step that fails answers 200 with error set. ' +
          'While a person holds the page (takeover) the act waits for the handback, unless sent with Prefer: wait=0.',
        parameters: [actTakeover.parameter],
        requestBody: body(actBodyCodec),
        responses: {
          200: jsonResponse(set, 'The steps ran (or one failed: see error).', envelopeCodec, { required: [...RATE], optional: ['Server-Timing'] }),
          ...errors([400, 401, 404, 413, 421, 500, 503], { 503: retry }),
          409: actTakeover.conflict,
          429: errorResponse(set, 429, { required: [...RATE, 'Retry-After'] }, {
            name: 'ActRefusedError',
            codes: ['rate_limited', 'quota_exceeded'],
            text: 'rate_limited: over the plan\'s request rate, honour Retry-After. quota_exceeded: the account\'s live sessions reached its credit balance; the session was closed and billed, Retry-After is the next cycle: top up, upgrade or wait.',
          }),
        },
      },
    },
    '/v1/sessions/{id}/trace': {
      parameters: [idParam],
      get: {
        operationId: 'getTrace',
        summary: 'Download a session\'s trace',
        description:
          'The Playwright trace of a session created with trace: true, once it has ended (closed, expired or failed), for 24 h after the end. ' +
          'It opens in Playwright\'s trace viewer: npx playwright show-trace <file>.',
        responses: {
          200: {
            description: 'The trace, a zip file streamed from disk.',
            headers: headersOf(set, { required: [...RATE, 'Content-Disposition'] }),
            content: { 'application/zip': { schema: { type: 'string', format: 'binary', description: 'A Playwright trace (zip).' } } },
          },
          ...errors([401, 421, 429, 500], { 429: retry }),
          404: errorResponse(set, 404, { required: [...RATE] }, {
            name: 'TraceNotFoundError',
            codes: ['session_not_found', 'trace_not_found'],
            text:
              'session_not_found: no such session for this key. trace_not_found: the session is still active (its trace is written when it ends), ' +
              `was created without trace: true, its trace could not be written (over ${MAX_TRACE_BYTES / 2 ** 20} MiB, or the browser was lost), or it was deleted 24 h after the end.`,
          }),
        },
      },
    },
    ...livePaths(parts),
    ...mcpPaths(parts),
    '/v1/sessions/{id}/events': {
      parameters: [idParam],
      get: {
        operationId: 'sessionEvents',
        summary: 'Read a session\'s event journal',
        description:
          'What happened to the session, in order: machine transitions, acts, steps (secrets redacted), navigations, page and console errors, blockers, CAPTCHAs, refused access, usage and `ended` (always last). ' +
          `Readable while the session is active and for ${JOURNAL_RETENTION_MS / 3_600_000} h after it ended, however it ended; the newest ${MAX_JOURNAL_EVENTS.toLocaleString('en')} events are kept. ` +
          'With Accept: text/event-stream the answer is a Server-Sent Events stream: each event as `id: <id>`, `event: <type>`, `data: <the event as JSON>`, ' +
          'replayed after Last-Event-ID (or after, or from the start), then live, with a `: heartbeat` comment every 15 s; it closes after `ended` ' +
          '(at once after the replay when the session has already ended). Read it with fetch() and a stream reader: EventSource cannot send Authorization.',
        parameters: [
          ...queryParameters(set, eventsQueryCodec),
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            description: 'For the stream: the id of the last event received; the replay starts after it (over after).',
            schema: { type: 'integer', minimum: 0 },
          },
        ],
        responses: {
          200: {
            description: 'A page of events (JSON), or the stream (text/event-stream).',
            headers: headersOf(set, { required: [...RATE] }),
            content: {
              'application/json': { schema: set.schemaOf(eventPageCodec) },
              'text/event-stream': { schema: { type: 'string', description: 'Server-Sent Events: id, event (the type) and data (the JournalEvent as JSON) per event; `: heartbeat` comments.' } },
            },
          },
          ...errors([400, 401, 404, 429, 500], { 429: retry }),
        },
      },
    },
    '/v1/openapi.json': {
      get: {
        operationId: 'getOpenApi',
        summary: 'This document',
        security: [],
        responses: { 200: { description: 'The OpenAPI 3.1 document of this API.', headers: headersOf(set, {}), content: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } } } },
      },
    },
    '/health': {
      get: {
        operationId: 'health',
        summary: 'Health of the service',
        security: [],
        responses: {
          200: jsonResponse(set, 'The browser engine is up.', healthCodec),
          503: jsonResponse(set, 'The browser engine is down or restarting.', healthCodec, { required: ['Retry-After'] }),
        },
      },
    },
    '/metrics': {
      get: {
        operationId: 'metrics',
        summary: 'Prometheus metrics',
        description: 'The Prometheus text exposition. Open unless TABWRIGHT_METRICS_TOKEN is set; then it needs Authorization: Bearer <that token>.',
        security: [{}, { metricsToken: [] }],
        responses: {
          200: { description: 'Metrics in the Prometheus text format.', headers: headersOf(set, {}), content: { 'text/plain': { schema: { type: 'string' } } } },
          401: { ...errorResponse(set, 401, {}), description: 'TABWRIGHT_METRICS_TOKEN is set and the request did not carry it.' },
        },
      },
    },
  };

  // No path can list the answer to a path that does not exist; it is a component, for reference.
  const unknownRoute = errorResponse(set, 404, {}, {
    name: 'NotFoundError',
    codes: ['not_found'],
    text: 'Any route this document does not list, with or without a key: 404 not_found.',
  });

  // Nor the answer to a request the HTTP parser refuses before any route sees it (http/client-error.ts).
  const unreadable = errorResponse(set, 400, {}, {
    name: 'UnreadableRequestError',
    codes: ['invalid_request'],
    text:
      'A request the HTTP parser refuses before any route sees it, on any path: 400 invalid_request for a NUL, lone CR or LF in a header, ' +
      'raw non-ASCII bytes in the path, an unknown method or version (context.path headers, url, method or version); ' +
      `431 invalid_request for a request line and headers over ${Math.round(maxHeaderSize / 1024)} KB; 408 invalid_request for a request that does not arrive in full in time. ` +
      'The connection is closed after the answer (Connection: close).',
  });

  return {
    openapi: '3.1.0',
    info: { title: 'tabwright', version: '1.0', description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'bin/tabwright serve with its defaults' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: set.definitions,
      responses: { UnknownRoute: unknownRoute, UnreadableRequest: unreadable },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key, sk_live_… or sk_test_…, made with bin/tabwright keys create.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The value of TABWRIGHT_METRICS_TOKEN, when the server has one.' },
      },
    },
  };
}

/** A strictObject query codec's fields as OpenAPI query parameters, descriptions lifted to the parameter. */
function queryParameters(set: SchemaSet, codec: t.Mixed): unknown[] {
  const schema = set.schemaOf(codec);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...rest }]) => ({ name, in: 'query', required: required.has(name), description, schema: rest }));
}

let cached: string | undefined;

/** The document as served and written to docs/openapi.json: built once, two-space JSON with a final newline. */
export function openApiJson(): string {
  return (cached ??= `${JSON.stringify(buildDocument(), null, 2)}\n`);
}
