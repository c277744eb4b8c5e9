import { handbackCodec } from '../../lib/contract/response/live.js';
import { conflict, NOT_TAKEN } from '../openapi/live.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/** POST /v1/sessions/:id/handback: the queue resumes. */
export const handbackRoute = defineRoute({
  method: 'post',
  path: '/v1/sessions/{id}/handback',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'handback',
    summary: 'Hand the page back',
    description: 'Ends the takeover (or withdraws one still waiting for the act under way): the queued acts run, in order.',
    responses: {
      200: jsonResponse(set, 'The queue resumed.', handbackCodec, { required: [...RATE] }),
      ...errors([401, 404, 421, 500]),
      ...errors([429], { 429: RETRY }),
      409: conflict(set, 'HandbackRefusedError', ['not_taken_over'], NOT_TAKEN),
    },
  }),
  handler: (deps) => async (ctx) => {
    const id = ctx.params.id ?? '';
    const state = await deps.registry.handback(id, ctx.state.key.id);
    ctx.body = { session_id: id, state };
  },
});
