import type { RouterMiddleware } from '@koa/router';
import { decode } from '../../lib/contract/codec/index.js';
import { actBodyCodec } from '../../lib/api/act.js';
import { parseJson, readRawBody } from '../body.js';
import { answerOf, envelope, serverTiming } from '../envelope.js';
import { prefersNoWait } from '../prefer.js';
import type { AppDeps, AppState } from '../state.js';

/** POST /v1/sessions/:id/act: a bad body is 400 before the session is even looked up. */
export function actRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return async (ctx) => {
    const body = decode(actBodyCodec, parseJson(await readRawBody(ctx)));
    const wait = !prefersNoWait(ctx.get('Prefer'));
    const { session, reply } = await deps.registry.act(ctx.params.id ?? '', ctx.state.key.id, body.steps, { wait });
    const answer = answerOf(session, reply);
    const timing = serverTiming(answer);
    if (timing) ctx.set('Server-Timing', timing);
    ctx.body = envelope(session, ctx.state.requestId, answer.result);
  };
}
