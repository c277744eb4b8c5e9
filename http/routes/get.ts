import type { RouterMiddleware } from '@koa/router';
import { httpErrors } from '../../lib/errors.js';
import type { AppDeps } from '../app.js';
import type { AppState } from '../state.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** GET /v1/sessions/:id: active and failed sessions are readable; closed and expired ones are gone (404). */
export function getRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return (ctx) => {
    const id = ctx.params.id ?? '';
    const row = deps.store.getSession(id);
    if (!row || row.keyId !== ctx.state.key.id || row.status === 'closed' || row.status === 'expired') {
      throw httpErrors.sessionNotFound(`Session ${id} does not exist, expired or was closed`);
    }
    ctx.body = {
      session_id: row.id,
      status: row.status,
      started_at: iso(row.startedAt),
      ended_at: iso(row.endedAt),
      duration_seconds: row.endedAt === null ? null : Math.ceil((row.endedAt - row.startedAt) / 1000),
      expires_at: iso(row.expiresAt),
      error_code: row.errorCode,
      error_message: row.errorMessage,
    };
  };
}
