import type { RouterMiddleware } from '@koa/router';
import { credits } from '../../lib/billing/rates.js';
import { quotaExceeded } from '../../lib/billing/quota.js';
import { decode } from '../../lib/codec/index.js';
import { httpErrors } from '../../lib/errors.js';
import { actBodyCodec } from '../../lib/request/act.js';
import { parseJson, readRawBody } from '../body.js';
import { answerOf, envelope, serverTiming } from '../envelope.js';
import type { AppDeps, AppState } from '../state.js';

/** POST /v1/sessions/:id/act: a bad body is 400 before the session is even looked up. */
export function actRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return async (ctx) => {
    const body = decode(actBodyCodec, parseJson(await readRawBody(ctx)));
    const id = ctx.params.id ?? '';
    const session = deps.registry.find(id, ctx.state.key.id);
    if (!session) throw httpErrors.sessionNotFound(`Session ${id} does not exist, expired or was closed`);
    if (!session.spec.test) {
      // Accrued credits are not in the ledger until a session ends: what every live session of the
      // account has run up is compared with what the ledger says is left.
      const now = deps.clock.now();
      const accrued = credits(session.usage(now)).total;
      const unbilled = deps.registry.unbilledCredits(session.spec.accountId, now);
      const balance = deps.store.creditBalance(session.spec.accountId, false, now);
      if (unbilled >= balance) {
        await session.close();
        throw quotaExceeded(deps.store, session.spec.accountId, { accrued, unbilled }, balance, now);
      }
    }
    const reply = await session.act({ steps: body.steps, pageMode: session.spec.pageMode, observe: true });
    const answer = answerOf(session, reply);
    const timing = serverTiming(answer);
    if (timing) ctx.set('Server-Timing', timing);
    ctx.body = envelope(session, ctx.state.requestId, answer.result);
  };
}
