import { maxHeaderSize } from 'node:http';
import type * as t from 'io-ts';
import { SchemaSet, type JsonSchema } from '../../lib/contract/codec/index.js';
import { profileNameCodec } from '../../lib/contract/request/profile.js';
import { sessionId } from '../../lib/contract/response/envelope.js';
import { webhookEventCodec } from '../../lib/contract/response/webhook.js';
import { MAX_BODY_BYTES } from '../body.js';
import type { DocumentedRoute, DocumentParts } from './operation.js';
import { errorResponse, RATE, type ErrorStatus, type HeaderSpec } from './responses.js';

/** Where the walker's named definitions go in the document. */
const SCHEMAS = '#/components/schemas/';

const DESCRIPTION = [
  'Isolated Chromium sessions driven through a JSON API: create a session, run steps in it (goto, click, fill, extract, ...), ',
  'and get the page back as markdown with numbered interactive elements. Every /v1 route needs `Authorization: Bearer <API key>`; ',
  'every answer carries X-Request-Id, and answers to authenticated requests carry the X-RateLimit headers. Errors are ',
  '`{error: {code, message, context}}`; a step that fails is not an HTTP error: the envelope says which step failed in `error`. ',
  `Bodies are JSON of at most ${MAX_BODY_BYTES} bytes; an unknown route is 404 not_found.`,
].join('');

/** Builds the OpenAPI 3.1 document from the routes (their codecs and operations); pure, so the build can write it too. */
export function buildDocument(routes: readonly DocumentedRoute[]): Record<string, unknown> {
  const set = new SchemaSet(SCHEMAS);
  const body = (codec: t.Mixed) => ({ required: true, content: { 'application/json': { schema: set.schemaOf(codec) } } });
  const errors = (statuses: ErrorStatus[], extra: Partial<Record<number, HeaderSpec>> = {}) =>
    Object.fromEntries(
      statuses.map((status) => {
        // Authentication comes before the rate limit: a 401 has no X-RateLimit headers, and a fault may come before either.
        const base: HeaderSpec = status === 401 ? {} : status === 500 ? { optional: [...RATE] } : { required: [...RATE] };
        const more = extra[status] ?? {};
        const spec = { required: [...(base.required ?? []), ...(more.required ?? [])], optional: [...(base.optional ?? []), ...(more.optional ?? [])] };
        return [String(status), errorResponse(set, status, spec)];
      }),
    );
  const idParam = { name: 'id', in: 'path', required: true, description: 'Session id, from the create answer.', schema: set.schemaOf(sessionId) };
  const nameParam = { name: 'name', in: 'path', required: true, description: 'Profile name.', schema: set.schemaOf(profileNameCodec) };
  const parts: DocumentParts = { set, body, errors, idParam };

  // One path item per path, its operations in the routes' order; a path with {id} or {name} shares the parameter.
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.operation && !route.operations) continue;
    const shared = [...(route.path.includes('{id}') ? [idParam] : []), ...(route.path.includes('{name}') ? [nameParam] : [])];
    const item = (paths[route.path] ??= shared.length > 0 ? { parameters: shared } : {});
    if (route.operations) Object.assign(item, route.operations(parts));
    else if (route.operation && route.method !== 'all') item[route.method] = operationOf(route, parts);
  }

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

  // What the service POSTs to a webhook URL (docs/api.md, Webhooks): OpenAPI 3.1's own place for it.
  const webhooks = {
    sessionEvent: {
      post: {
        summary: 'A session event, POSTed to the webhook URL',
        description:
          'Sent for session.ended, session.failed and download.completed, in order per session, retried with backoff for 24 h until the receiver answers 2xx (then never again). ' +
          'Verify Tabwright-Signature before trusting the body: HMAC-SHA256 with the key\'s webhook secret over "<t>.<raw body>", hex, compared with v1; refuse a t more than 5 minutes away.',
        security: [],
        parameters: [
          {
            name: 'Tabwright-Signature',
            in: 'header',
            required: true,
            description: 't=<unix seconds of this attempt>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>',
            schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: set.schemaOf(webhookEventCodec) } } },
        responses: { '200': { description: 'Any 2xx: delivered. Anything else, or no answer within 10 s, is retried; redirects are not followed.' } },
      },
    },
  };

  return {
    openapi: '3.1.0',
    info: { title: 'tabwright', version: '1.0', description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'bin/tabwright serve with its defaults' }],
    security: [{ bearerAuth: [] }],
    paths,
    webhooks,
    components: {
      schemas: set.definitions,
      responses: { UnknownRoute: unknownRoute, UnreadableRequest: unreadable },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key, sk_live_… or sk_test_…, made with bin/tabwright keys create.' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'The value of TABWRIGHT_METRICS_TOKEN, when the server has one.' },
        cdpToken: { type: 'apiKey', in: 'query', name: 'token', description: 'A session\'s CDP connect token, part of its cdp_url: it opens that session\'s CDP endpoint only, and only while the session lives.' },
      },
    },
  };
}

/**
 * A route's operation with its query parameters (before its own) and its body, in the document's
 * order of keys; the request's schemas are walked before the answers', as a reader meets them.
 */
function operationOf(route: DocumentedRoute, parts: DocumentParts): Record<string, unknown> {
  const query = route.query ? queryParameters(parts.set, route.query) : [];
  const requestBody = route.body ? parts.body(route.body) : undefined;
  const { operationId, summary, description, security, parameters: own = [], responses } = route.operation!(parts);
  const parameters = [...query, ...own];
  return {
    operationId,
    summary,
    ...(description === undefined ? {} : { description }),
    ...(security === undefined ? {} : { security }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses,
  };
}

/** A strictObject query codec's fields as OpenAPI query parameters, descriptions lifted to the parameter. */
function queryParameters(set: SchemaSet, codec: t.Mixed): unknown[] {
  const schema = set.schemaOf(codec);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...rest }]) => ({ name, in: 'query', required: required.has(name), description, schema: rest }));
}

/** The document as served and written to docs/openapi.json: two-space JSON with a final newline. */
export function openApiJson(routes: readonly DocumentedRoute[]): string {
  return `${JSON.stringify(buildDocument(routes), null, 2)}\n`;
}
