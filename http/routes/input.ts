import { inputBodyCodec, MAX_INPUT_EVENTS } from '../../lib/contract/request/input.js';
import { inputResultCodec } from '../../lib/contract/response/live.js';
import { conflict, NOT_TAKEN } from '../openapi/live.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/** POST /v1/sessions/:id/input: a bad body is 400 before the session is looked up, as for act. */
export const inputRoute = defineRoute({
  method: 'post',
  path: '/v1/sessions/{id}/input',
  access: 'key',
  owned: true,
  body: inputBodyCodec,
  operation: ({ set, errors }) => ({
    operationId: 'input',
    summary: 'Send mouse and keyboard input',
    description: `Applies up to ${MAX_INPUT_EVENTS} events in order to the page a person holds: mouse (x, y in CSS pixels of the viewport), keys (Playwright key names) and text. Typed text is never logged.`,
    responses: {
      200: jsonResponse(set, 'Every event was applied.', inputResultCodec, { required: [...RATE] }),
      ...errors([400, 401, 404, 413, 421, 500]),
      ...errors([429], { 429: RETRY }),
      409: conflict(set, 'InputRefusedError', ['not_taken_over', 'session_busy'], `${NOT_TAKEN} session_busy: the page did not take the input within 10 s.`),
    },
  }),
  handler: (deps) => async (ctx, { body }) => {
    const applied = await deps.registry.get(ctx.params.id ?? '', ctx.state.key.id).input(body.events);
    ctx.body = { applied };
  },
});
