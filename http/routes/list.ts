import type { Middleware } from 'koa';
import { decode } from '../../lib/contract/codec/index.js';
import { listQueryCodec } from '../../lib/contract/request/list.js';
import type { AppDeps, AppState } from '../state.js';

/** GET /v1/sessions: the key's sessions, newest first, with an opaque cursor; expired ones show as closed. */
export function listRoute(deps: AppDeps): Middleware<AppState> {
  return async (ctx) => {
    const query = decode(listQueryCodec, ctx.query);
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
  };
}
