import { takeoverCodec } from '../../lib/contract/response/live.js';
import { BUSY, conflict } from '../openapi/live.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/** POST /v1/sessions/:id/takeover: answers once a person holds the page (after the act under way, if any). */
export const takeoverRoute = defineRoute({
  method: 'post',
  path: '/v1/sessions/{id}/takeover',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'takeover',
    summary: 'Take over the page',
    description:
      'A person takes the page (state active.human): acts wait in the queue until the handback; the session\'s timeout keeps running. If an act is running, the takeover happens once it has answered; ' +
      'this request answers when the person holds the page, at most 30 s later (else 409, and the takeover is withdrawn).',
    responses: {
      200: jsonResponse(set, 'The person holds the page.', takeoverCodec, { required: [...RATE] }),
      ...errors([401, 404, 421, 500]),
      ...errors([429], { 429: RETRY }),
      409: conflict(set, 'TakeoverBusyError', ['session_busy'], `${BUSY} Or the act under way did not answer within 30 s.`),
    },
  }),
  handler: (deps) => async (ctx) => {
    const id = ctx.params.id ?? '';
    await deps.registry.takeover(id, ctx.state.key.id);
    ctx.body = { session_id: id, state: 'human' };
  },
});
