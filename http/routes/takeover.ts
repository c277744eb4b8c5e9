import type { RouterMiddleware } from '@koa/router';
import { decode } from '../../lib/contract/codec/index.js';
import { inputBodyCodec } from '../../lib/contract/request/input.js';
import { parseJson, readRawBody } from '../body.js';
import type { AppDeps, AppState } from '../state.js';

/** POST /v1/sessions/:id/takeover: answers once a person holds the page (after the act under way, if any). */
export function takeoverRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return async (ctx) => {
    const id = ctx.params.id ?? '';
    await deps.registry.takeover(id, ctx.state.key.id);
    ctx.body = { session_id: id, state: 'human' };
  };
}

/** POST /v1/sessions/:id/handback: the queue resumes. */
export function handbackRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return async (ctx) => {
    const id = ctx.params.id ?? '';
    const state = await deps.registry.handback(id, ctx.state.key.id);
    ctx.body = { session_id: id, state };
  };
}

/** POST /v1/sessions/:id/input: a bad body is 400 before the session is looked up, as for act. */
export function inputRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return async (ctx) => {
    const body = decode(inputBodyCodec, parseJson(await readRawBody(ctx)));
    const applied = await deps.registry.get(ctx.params.id ?? '', ctx.state.key.id).input(body.events);
    ctx.body = { applied };
  };
}
