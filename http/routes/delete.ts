import type { RouterMiddleware } from '@koa/router';
import { httpErrors } from '../../lib/contract/errors.js';
import type { AppDeps, AppState } from '../state.js';

/** DELETE /v1/sessions/:id: ends the session, waits until its runtime is recorded, answers 204. */
export function deleteRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return async (ctx) => {
    const id = ctx.params.id ?? '';
    const session = deps.registry.find(id, ctx.state.key.id);
    if (!session) throw httpErrors.sessionNotFound(`Session ${id} does not exist, expired or was already closed`);
    await session.close();
    ctx.status = 204;
  };
}
