import type * as t from 'io-ts';
import { described, named, strictObject, string, type SchemaSet } from '../../lib/contract/codec/index.js';
import { cdpQueryCodec, MAX_CDP_CONNECTIONS, MAX_CDP_MESSAGE_BYTES, MAX_CDP_PAGES } from '../../lib/contract/cdp.js';
import { httpErrors } from '../../lib/contract/errors.js';
import { cdpSession, cdpUrl } from '../cdp.js';
import { errorResponse, jsonResponse, type ErrorStatus } from '../openapi/responses.js';
import { defineRoute, type RouteContext } from '../route.js';
import type { AppDeps } from '../state.js';

type CdpQuery = t.TypeOf<typeof cdpQueryCodec>;

/** Who may call either route: the session's key, or its connect token. */
const ACCESS = [{ bearerAuth: [] }, { cdpToken: [] }];

/** Error answers without the rate-limit headers: these routes are not under the key's rate limit. */
const plainErrors = (set: SchemaSet, statuses: ErrorStatus[]): Record<string, unknown> =>
  Object.fromEntries(statuses.map((status) => [status, errorResponse(set, status, {})]));

/** The session a plain request to the endpoint may reach. */
function sessionOf(deps: AppDeps, ctx: RouteContext, query: CdpQuery) {
  return cdpSession(deps, { id: ctx.params.id ?? '', authorization: ctx.get('Authorization') || undefined, token: query.token });
}

const versionCodec = named(
  strictObject({
    Browser: described(string, 'What answers: tabwright, in front of the session\'s Chromium.'),
    'Protocol-Version': described(string, 'The CDP version.'),
    webSocketDebuggerUrl: described(string, 'Where to connect: the session\'s cdp_url.'),
  }),
  'CdpVersion',
);

/**
 * GET /v1/sessions/:id/cdp: the session as a browser over the Chrome DevTools Protocol. The
 * WebSocket upgrade is served by ../cdp.ts; a plain GET is told to upgrade.
 */
export const cdpRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/cdp',
  access: 'open',
  query: cdpQueryCodec,
  operation: ({ set }) => ({
    operationId: 'connectCdp',
    summary: 'Drive the session over CDP',
    description:
      'A WebSocket (send Upgrade: websocket) speaking the Chrome DevTools Protocol: point Playwright\'s chromium.connectOverCDP(cdp_url) or puppeteer.connect({browserWSEndpoint: cdp_url}) at the session\'s cdp_url. ' +
      'The client sees one browser whose default context is the session\'s: its page first, the pages it opens, nothing of other sessions. ' +
      'Browser-level commands act on the session\'s context; what would reach beyond it (other contexts, the browser\'s life, the machine, the server\'s files, non-web URLs) is answered with a CDP error naming the method. ' +
      `Traffic goes through the session's proxy and address guard and is billed as for steps. At most ${MAX_CDP_CONNECTIONS} connections at once, ${MAX_CDP_PAGES} pages, ${MAX_CDP_MESSAGE_BYTES / 2 ** 20} MiB a message (larger closes the connection, 1009). ` +
      'When the session ends each connection is closed with 4000 (closed), 4001 (expired) or 4002 (failed, the reason names the error code). A client that leaves leaves the session running.',
    security: ACCESS,
    responses: {
      101: { description: 'Switching Protocols: CDP messages from here on.' },
      ...plainErrors(set, [400, 401, 404, 421, 500]),
      409: errorResponse(set, 409, {}, { name: 'TooManyConnectionsError', codes: ['too_many_connections'], text: `The session already holds ${MAX_CDP_CONNECTIONS} CDP connections: close one first.` }),
      503: errorResponse(set, 503, { required: ['Retry-After'] }),
    },
  }),
  handler: (deps) => async (ctx, { query }) => {
    await sessionOf(deps, ctx, query);
    throw httpErrors.invalid('The CDP endpoint is a WebSocket: connect with Upgrade: websocket (chromium.connectOverCDP or puppeteer.connect with the session\'s cdp_url)', {
      path: 'headers.upgrade',
      expected: 'websocket',
    });
  },
});

/** GET /v1/sessions/:id/cdp/json/version: the discovery answer CDP clients given an http:// address ask for first. */
export const cdpVersionRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/cdp/json/version',
  access: 'open',
  query: cdpQueryCodec,
  operation: ({ set }) => ({
    operationId: 'cdpVersion',
    summary: 'Discover the session\'s CDP endpoint',
    description: 'What Chromium\'s /json/version answers, for clients given an http:// address (connectOverCDP("http://…/v1/sessions/{id}/cdp", {headers: {Authorization}})): webSocketDebuggerUrl is the session\'s cdp_url. No other discovery endpoint is served.',
    security: ACCESS,
    responses: {
      200: jsonResponse(set, 'Where to connect.', versionCodec),
      ...plainErrors(set, [401, 404, 421, 500]),
    },
  }),
  handler: (deps) => async (ctx, { query }) => {
    const session = await sessionOf(deps, ctx, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { Browser: 'tabwright', 'Protocol-Version': '1.3', webSocketDebuggerUrl: cdpUrl(ctx, session) };
  },
});
