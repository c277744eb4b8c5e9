import type { RouterMiddleware } from '@koa/router';
import { ApiError, httpErrors } from '../../lib/contract/errors.js';
import { openTrace } from '../../lib/platform/traces.js';
import type { AppDeps, AppState } from '../state.js';

/**
 * GET /v1/sessions/:id/trace: the session's Playwright trace as a zip download, once the session
 * has ended (whatever its status). Before that, without `trace`, or once pruned: 404 trace_not_found.
 */
export function traceRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return async (ctx) => {
    const id = ctx.params.id ?? '';
    const row = await deps.store.getSession(id);
    if (!row || row.keyId !== ctx.state.key.id) throw httpErrors.sessionNotFound(`Session ${id} does not exist`);
    // A live session's trace is still being recorded; it is written as the session ends, before its row says so.
    if (row.status === 'active') {
      throw new ApiError(404, 'trace_not_found', `Session ${id} is still active: its trace is written when it ends (DELETE it, or let it expire)`);
    }
    const trace = await openTrace(deps.dataDir, id);
    if (!trace) {
      throw new ApiError(404, 'trace_not_found', `Session ${id} has no trace: it was created without trace: true, its trace could not be written, or it was deleted 24 h after the session ended`);
    }
    ctx.type = 'application/zip';
    ctx.length = trace.bytes;
    ctx.attachment(`${id}.zip`);
    ctx.body = trace.stream;
  };
}
