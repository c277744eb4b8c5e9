// The CDP endpoint's bounds and the ways it ends a connection (GET /v1/sessions/{id}/cdp): the
// API document, the bridge (lib/browser/cdp) and the upgrade (http/cdp) read them from here.
import { described, strictObject, text } from './codec/index.js';

/** CDP connections one session holds at once; one more is refused. */
export const MAX_CDP_CONNECTIONS = 4;

/** The largest message a CDP client may send (a file set through a page, a fulfilled response); a larger one closes that connection. */
export const MAX_CDP_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Pages (tabs and popups) a session's context may hold while CDP clients open more. */
export const MAX_CDP_PAGES = 20;

/** The close codes of a CDP connection that tabwright ends (4000-4999: the application's own), with their reason. */
export const CDP_CLOSE = {
  /** The session was closed (DELETE, a close step, its MCP client went away). */
  closed: 4000,
  /** The session's timeout passed. */
  expired: 4001,
  /** The session failed (its page crashed, the engine restarted, ...); the reason names the error code. */
  failed: 4002,
  /** The client sent something that is not a CDP command (not JSON, no id or method): WebSocket's invalid payload. */
  malformed: 1007,
} as const;

/** The close code for a session that ended `status`. */
export const cdpCloseCode = (status: 'closed' | 'expired' | 'failed'): number => CDP_CLOSE[status];

/** The query of the CDP endpoint and its discovery: the connect token, for clients that cannot send the key. */
export const cdpQueryCodec = strictObject(
  {},
  { token: described(text(100), 'The session\'s connect token, as its cdp_url carries it; instead of Authorization, for clients that cannot send headers.') },
  'a query string',
);
