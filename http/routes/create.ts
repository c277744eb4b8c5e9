import type { Middleware } from 'koa';
import type { CreateRequest } from '../../actors/registry.js';
import { PLANS } from '../../lib/billing/plans.js';
import { decode } from '../../lib/codec/index.js';
import { httpErrors } from '../../lib/errors.js';
import { createBodyCodec, type CreateBody } from '../../lib/request/create.js';
import type { ApiKeyRecord } from '../../lib/store/index.js';
import { parseJson } from '../body.js';
import { answerOf, envelope, serverTiming } from '../envelope.js';
import type { AppDeps, AppState } from '../state.js';

/** Checks the decoded body against the key's plan and turns it into what the registry opens. */
function toCreateRequest(body: CreateBody, key: ApiKeyRecord): CreateRequest {
  const plan = PLANS[key.plan];
  if (body.timeout > plan.maxSessionSeconds) {
    throw httpErrors.invalid(
      `timeout ${body.timeout} s is above the ${plan.name} plan's maximum session length of ${plan.maxSessionSeconds} s`,
      { path: 'timeout', expected: `integer from 10 to ${plan.maxSessionSeconds}` },
    );
  }
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
    const request = toCreateRequest(body, ctx.state.key);
    const { session, reply } = await deps.registry.create(ctx.state.key, request);
    const answer = reply ? answerOf(session, reply) : null;
    const timing = serverTiming(answer);
    if (timing) ctx.set('Server-Timing', timing);
    ctx.status = 201;
    ctx.body = envelope(session, ctx.state.requestId, answer?.result ?? null);
  };
}
