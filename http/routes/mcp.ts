import type { Middleware } from 'koa';
import { ApiError, httpErrors } from '../../lib/contract/errors.js';
import type { McpConnections } from '../../mcp/http.js';
import { bearerToken } from '../auth.js';
import { parseJson, readRawBody } from '../body.js';
import type { AppState } from '../state.js';

/** Where this server answered the request: its tools call the REST API there, over loopback. */
function localBase(socket: { localAddress?: string; localPort?: number }): string {
  const address = socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort ?? 0}`;
}

/**
 * POST, GET and DELETE /mcp: the Streamable HTTP transport of the MCP server, after the key guard.
 * A POST without Mcp-Session-Id must be an initialize request; an Mcp-Session-Id this key did not
 * open (or that ended) is 404 not_found, so the client initializes again.
 */
export function mcpRoute(connections: McpConnections): Middleware<AppState> {
  return async (ctx) => {
    const body = ctx.method === 'POST' ? parseJson(await readRawBody(ctx)) : undefined;
    const caller = { keyId: ctx.state.key.id, token: bearerToken(ctx.get('Authorization')) ?? '', baseUrl: localBase(ctx.req.socket) };
    // The transport writes the answer itself; Koa must not, unless the request is refused below.
    ctx.respond = false;
    const refused = await connections.handle(ctx.req, ctx.res, body, caller);
    if (!refused) return;
    ctx.respond = true;
    if (refused.kind === 'unknown_session') {
      throw new ApiError(404, 'not_found', `No MCP session ${refused.sessionId} for this key: it was closed, idle too long or never opened; send initialize again`, { mcp_session_id: refused.sessionId });
    }
    throw httpErrors.invalid('No Mcp-Session-Id: the first request of an MCP connection is a POST of the initialize request', { path: 'headers.mcp-session-id', expected: 'the Mcp-Session-Id the initialize answer gave, or an initialize request' });
  };
}
