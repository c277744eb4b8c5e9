// GET /v1/sessions/{id}/cdp as a WebSocket: the upgrade is Node's, not Koa's, so this is where
// it is authenticated (the API key that owns the session, or the session's connect token in the
// URL), refused in the contract's error body before any protocol switch, and handed to the
// session's CDP clients (actors/cdp-clients.ts), which bridge it to the browser.
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Session } from '../actors/session.js';
import { MAX_CDP_MESSAGE_BYTES } from '../lib/contract/cdp.js';
import { ApiError, httpErrors } from '../lib/contract/errors.js';
import { newRequestId } from '../lib/platform/ids.js';
import { keyOf } from './auth.js';
import { ownerElsewhere } from './node-owner.js';
import type { AppContext, AppDeps } from './state.js';

/** The endpoint's path; a trailing slash is accepted, as clients append one. */
const CDP_PATH = /^\/v1\/sessions\/([^/]+)\/cdp\/?$/;
/** How long after a connection's bridge opened the pool's refill keeps waiting: a client's set-up burst and its first commands. */
const CONNECT_QUIET_MS = 150;

/** Where a CDP client of `session` connects, as this request reached the service (ws, or wss behind TLS). */
export function cdpUrl(ctx: AppContext, session: Session): string {
  const scheme = ctx.protocol === 'https' ? 'wss' : 'ws';
  return `${scheme}://${ctx.host}/v1/sessions/${session.spec.id}/cdp?token=${session.cdp.token}`;
}

/** How a request for the endpoint names itself: the session id, an Authorization header, a token. */
export interface CdpCaller {
  id: string;
  authorization: string | undefined;
  token: string | undefined;
}

/**
 * The live session a CDP caller may reach: with an API key, its own session; with a token, the
 * session whose token it is. 401 without either or with a bad key, 404 for a session that is not
 * live here (a bad token reads as no session: it says nothing of which exist), 421 for one its id
 * puts on another node.
 */
export async function cdpSession(deps: AppDeps, caller: CdpCaller): Promise<Session> {
  const { id, authorization, token } = caller;
  let session: Session | undefined;
  if (authorization !== undefined) session = deps.registry.find(id, (await keyOf(deps.store, authorization)).id);
  else if (token !== undefined) session = deps.registry.findByCdpToken(id, token);
  else throw new ApiError(401, 'unauthorized', 'Send Authorization: Bearer <API_KEY>, or connect to the session\'s cdp_url, whose token stands in for the key');
  if (session) return session;
  const owner = ownerElsewhere(deps, id);
  if (owner) throw httpErrors.wrongNode(id, owner.node, owner.here);
  throw httpErrors.sessionNotFound(`Session ${id} does not exist, expired or was closed${authorization === undefined ? ', or the token is not its own' : ''}`);
}

/** The caller of a request for the endpoint, or undefined for another path. */
export function cdpCaller(request: IncomingMessage): CdpCaller | undefined {
  const url = new URL(request.url ?? '/', 'http://any');
  const id = CDP_PATH.exec(url.pathname)?.[1];
  if (id === undefined) return undefined;
  return { id: decodeURIComponent(id), authorization: request.headers.authorization, token: url.searchParams.get('token') ?? undefined };
}

/** Answers an upgrade with the contract's error body and closes the socket. */
function refuse(socket: Duplex, error: ApiError): void {
  const body = JSON.stringify({ error: { code: error.code, message: error.message, ...(error.context ? { context: error.context } : {}) } });
  const headers = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'X-Request-Id': newRequestId(), Connection: 'close', ...error.headers };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * The server's `upgrade` listener: CDP connections to sessions; any other upgrade is 404. A
 * failure that is nobody's fault but the service's is logged and answered 500.
 */
export function cdpUpgrades(deps: AppDeps): (request: IncomingMessage, socket: Duplex, head: Buffer) => void {
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_CDP_MESSAGE_BYTES, perMessageDeflate: false });
  return (request, socket, head) => {
    socket.on('error', () => undefined);
    const caller = cdpCaller(request);
    if (!caller) return refuse(socket, new ApiError(404, 'not_found', `No WebSocket at ${new URL(request.url ?? '/', 'http://any').pathname}`));
    void (async () => {
      const session = await cdpSession(deps, caller);
      const target = await session.cdp.target();
      if (!target) throw httpErrors.engineUnavailable(deps.engine.retryAfter(), 'The browser takes no CDP connections now');
      const place = session.cdp.reserve();
      if ('refused' in place) throw httpErrors.tooManyConnections(`Session ${caller.id} refuses another CDP connection: ${place.refused}`);
      // A handshake ws refuses never reaches the callback: the place is given back when the socket goes.
      socket.once('close', place.release);
      // A client sets itself up and sends its first commands the moment it connects: the warm
      // pool's refill (a context built on both cores) waits that out, as it waits out a create.
      const background = deps.registry.holdBackground();
      const resume = (): void => void setTimeout(background, CONNECT_QUIET_MS).unref();
      socket.once('close', background);
      server.handleUpgrade(request, socket, head, (client) => {
        void session.cdp.connect(client, target, place, resume);
      });
    })().catch((error: unknown) => {
      if (error instanceof ApiError) return refuse(socket, error);
      deps.telemetry.log.error({ err: error, session_id: caller.id }, 'CDP connection failed');
      refuse(socket, new ApiError(500, 'internal_error', 'Internal error'));
    });
  };
}
