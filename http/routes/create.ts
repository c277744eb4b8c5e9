import type { Middleware } from 'koa';
import type { CreateRequest } from '../../actors/registry.js';
import { decode } from '../../lib/contract/codec/index.js';
import { createBodyCodec, type CreateBody } from '../../lib/api/create.js';
import { parseJson } from '../body.js';
import { answerOf, envelope, serverTiming } from '../envelope.js';
import type { AppDeps, AppState } from '../state.js';

/** The decoded body as what the registry opens (the registry's admission checks it against the plan). */
function toCreateRequest(body: CreateBody): CreateRequest {
  const hasWork = body.url !== undefined || (body.steps?.length ?? 0) > 0;
  return {
    timeoutSeconds: body.timeout,
    pageMode: body.page,
    settings: {
      viewport: body.viewport,
      userAgent: body.user_agent,
      locale: body.locale,
      timezoneId: body.timezone,
      cookies: body.cookies,
      blockResources: body.block_resources,
      autoDismissBlockers: body.auto_dismiss_blockers,
      trace: body.trace,
      proxy: body.proxy,
      url: body.url,
    },
    plan: hasWork ? { url: body.url, steps: body.steps ?? [], pageMode: body.page, observe: true } : null,
  };
}

/** POST /v1/sessions: validate everything, open the session, run url and steps, answer 201. */
export function createRoute(deps: AppDeps): Middleware<AppState & { rawBody?: Buffer }> {
  return async (ctx) => {
    const body = decode(createBodyCodec, parseJson(ctx.state.rawBody ?? Buffer.alloc(0)));
    const request = toCreateRequest(body);
    const { session, reply } = await deps.registry.create(ctx.state.key, request);
    ctx.state.sessionId = session.spec.id;
    const answer = reply ? answerOf(session, reply) : null;
    const timing = serverTiming(answer);
    if (timing) ctx.set('Server-Timing', timing);
    ctx.status = 201;
    ctx.body = envelope(session, ctx.state.requestId, answer?.result ?? null);
  };
}
