import { listQueryCodec } from '../../lib/contract/request/list.js';
import { sessionListCodec } from '../../lib/contract/response/session.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/** GET /v1/sessions: the key's sessions, newest first, with an opaque cursor; expired ones show as closed. */
export const listRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions',
  access: 'key',
  query: listQueryCodec,
  operation: ({ set, errors }) => ({
    operationId: 'listSessions',
    summary: 'List the key\'s sessions',
    description: 'Newest first, in pages; closed and expired sessions appear as closed.',
    responses: {
      200: jsonResponse(set, 'A page of sessions.', sessionListCodec, { required: [...RATE] }),
      ...errors([400, 401, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => async (ctx, { query }) => {
    const page = await deps.store.listSessions({ keyId: ctx.state.key.id, status: query.status, limit: query.limit, after: query.after });
    ctx.body = {
      sessions: page.sessions.map((row) => ({
        session_id: row.id,
        status: row.status === 'expired' ? 'closed' : row.status,
        started_at: new Date(row.startedAt).toISOString(),
      })),
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    };
  },
});
