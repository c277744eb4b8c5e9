import { actBodyCodec } from '../../lib/api/act.js';
import { envelopeCodec } from '../../lib/contract/response/envelope.js';
import { answerOf, envelope, serverTiming } from '../envelope.js';
import { ACT_REPLAYS, keyParameter } from '../idempotency.js';
import { BUSY, PREFER_PARAMETER } from '../openapi/live.js';
import { errorResponse, jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { prefersNoWait } from '../prefer.js';
import { defineRoute } from '../route.js';

/** POST /v1/sessions/:id/act: a bad body is 400 before the session is even looked up. */
export const actRoute = defineRoute({
  method: 'post',
  path: '/v1/sessions/{id}/act',
  access: 'key',
  owned: true,
  idempotent: ACT_REPLAYS,
  body: actBodyCodec,
  operation: ({ set, errors }) => ({
    operationId: 'act',
    summary: 'Run steps',
    description:
      'Runs the steps in order (acts on one session queue), stops at the first failure, then observes the page. A step that fails answers 200 with error set. ' +
      'While a person holds the page (takeover) the act waits for the handback, unless sent with Prefer: wait=0.',
    parameters: [
      PREFER_PARAMETER,
      keyParameter(
        'Makes a retry safe (a dropped connection: did the click happen?): per API key and session, the first answer (200, a failed step included, or 400) ' +
          'is replayed for 24 h to the same key with the same body (Idempotent-Replayed: true, its original X-Request-Id) without running a step, even after the session ended. ' +
          'The same key while the first act still runs waits for it and gets its answer, replayed. Another body is 409 idempotency_conflict. ' +
          'Answers that may differ on a retry (404, 409 session_busy, 421, 429, 503, 5xx) are not kept.',
      ),
    ],
    responses: {
      200: jsonResponse(set, 'The steps ran (or one failed: see error).', envelopeCodec, { required: [...RATE], optional: ['Server-Timing', 'Idempotent-Replayed'] }),
      ...errors([400, 401, 404, 413, 421, 500, 503], { 400: { optional: ['Idempotent-Replayed'] }, 503: RETRY }),
      409: errorResponse(set, 409, { required: [...RATE] }, {
        name: 'ActConflictError',
        codes: ['session_busy', 'idempotency_conflict'],
        text: `session_busy: ${BUSY} Sent with Prefer: wait=0, so the act was not queued. idempotency_conflict: the Idempotency-Key was used with another body.`,
      }),
      429: errorResponse(set, 429, { required: [...RATE, 'Retry-After'] }, {
        name: 'ActRefusedError',
        codes: ['rate_limited', 'quota_exceeded'],
        text: 'rate_limited: over the plan\'s request rate, honour Retry-After. quota_exceeded: the account\'s live sessions reached its credit balance; the session was closed and billed, Retry-After is the next cycle: top up, upgrade or wait.',
      }),
    },
  }),
  handler: (deps) => async (ctx, { body }) => {
    const wait = !prefersNoWait(ctx.get('Prefer'));
    const { session, reply } = await deps.registry.act(ctx.params.id ?? '', ctx.state.key.id, body.steps, { wait });
    const answer = answerOf(session, reply);
    const timing = serverTiming(answer);
    if (timing) ctx.set('Server-Timing', timing);
    ctx.body = envelope(ctx, session, answer.result);
  },
});
