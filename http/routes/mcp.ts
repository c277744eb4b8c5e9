import { ApiError, httpErrors } from '../../lib/contract/errors.js';
import { bearerToken } from '../auth.js';
import { parseJson, readRawBody } from '../body.js';
import { errorResponse, headersOf, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

const JSON_RPC = {
  type: 'object',
  description: 'A JSON-RPC 2.0 message (or a batch) of the Model Context Protocol: see modelcontextprotocol.io, transport "Streamable HTTP".',
};

/** Where this server answered the request: its tools call the REST API there, over loopback. */
function localBase(socket: { localAddress?: string; localPort?: number }): string {
  const address = socket.localAddress ?? '127.0.0.1';
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort ?? 0}`;
}

/**
 * POST, GET and DELETE /mcp: the Streamable HTTP transport of the MCP server, after the key guard.
 * A POST without Mcp-Session-Id must be an initialize request; an Mcp-Session-Id this key did not
 * open (or that ended) is 404 not_found, so the client initializes again. The transport reads its
 * own body (JSON-RPC) and answers every method itself.
 */
export const mcpRoute = defineRoute({
  method: 'all',
  path: '/mcp',
  access: 'key',
  operations: ({ set, errors }) => {
    const sessionHeader = {
      name: 'Mcp-Session-Id',
      in: 'header',
      required: false,
      description: 'The MCP session, as the initialize answer gave it; absent only on the initialize request.',
      schema: { type: 'string' },
    };
    const transportAnswer = (description: string) => ({ description, headers: headersOf(set, { required: [...RATE] }), content: { 'application/json': { schema: JSON_RPC } } });
    const common = {
      ...errors([401, 500]),
      404: errorResponse(set, 404, { required: [...RATE] }, {
        name: 'McpSessionNotFoundError',
        codes: ['not_found'],
        text: 'The Mcp-Session-Id is not an open MCP session of this key (ended with DELETE, unused for 30 min, or never opened): initialize again.',
      }),
      ...errors([429], { 429: RETRY }),
    };
    return {
      parameters: [sessionHeader],
      post: {
        operationId: 'mcpMessage',
        summary: 'Send MCP messages',
        description:
          'The MCP server over Streamable HTTP, under the same key as /v1: its tools act on this key\'s sessions within its plan and credits; each POST counts once against the rate limit. ' +
          'The first POST is the initialize request and its answer carries Mcp-Session-Id; each MCP session has a default browser session, opened on first use and closed with it. ' +
          'An MCP session ends with DELETE, after 30 min unused, or when the key opens a 17th; an ended one is 404 not_found. Protocol errors are JSON-RPC errors from the transport.',
        requestBody: { required: true, content: { 'application/json': { schema: JSON_RPC } } },
        responses: {
          200: transportAnswer('The JSON-RPC answers (Accept must name application/json and text/event-stream).'),
          202: { description: 'Notifications or answers only: accepted, no body.', headers: headersOf(set, { required: [...RATE] }) },
          ...errors([400, 413]),
          406: transportAnswer('Accept does not name application/json and text/event-stream: a JSON-RPC error.'),
          ...common,
        },
      },
      get: {
        operationId: 'mcpStream',
        summary: 'Listen for MCP server messages',
        description: 'The MCP session\'s standalone event stream (Accept: text/event-stream); this server sends no unprompted messages, so it only stays open.',
        responses: {
          200: { description: 'The event stream.', headers: headersOf(set, { required: [...RATE] }), content: { 'text/event-stream': { schema: { type: 'string' } } } },
          ...errors([400]),
          ...common,
        },
      },
      delete: {
        operationId: 'mcpClose',
        summary: 'End an MCP session',
        description: 'Ends the MCP session and closes (and bills) its default browser session before answering.',
        responses: {
          200: { description: 'The MCP session ended.', headers: headersOf(set, { required: [...RATE] }) },
          ...errors([400]),
          ...common,
        },
      },
    };
  },
  handler: (deps) => async (ctx) => {
    const body = ctx.method === 'POST' ? parseJson(await readRawBody(ctx)) : undefined;
    const caller = { keyId: ctx.state.key.id, token: bearerToken(ctx.get('Authorization')) ?? '', baseUrl: localBase(ctx.req.socket) };
    // The transport writes the answer itself; Koa must not, unless the request is refused below.
    ctx.respond = false;
    const refused = await deps.mcp.handle(ctx.req, ctx.res, body, caller);
    if (!refused) return;
    ctx.respond = true;
    if (refused.kind === 'unknown_session') {
      throw new ApiError(404, 'not_found', `No MCP session ${refused.sessionId} for this key: it was closed, idle too long or never opened; send initialize again`, { mcp_session_id: refused.sessionId });
    }
    throw httpErrors.invalid('No Mcp-Session-Id: the first request of an MCP connection is a POST of the initialize request', { path: 'headers.mcp-session-id', expected: 'the Mcp-Session-Id the initialize answer gave, or an initialize request' });
  },
});
