import { httpErrors } from '../../lib/contract/errors.js';
import { headersOf, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/** DELETE /v1/sessions/:id: ends the session, waits until its runtime is recorded, answers 204. */
export const deleteRoute = defineRoute({
  method: 'delete',
  path: '/v1/sessions/{id}',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'deleteSession',
    summary: 'Close a session',
    description: 'Ends the session at once (an act still running answers 404) and records its runtime.',
    responses: {
      204: { description: 'Closed; no body.', headers: headersOf(set, { required: [...RATE] }) },
      ...errors([401, 404, 421, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const id = ctx.params.id ?? '';
    const session = deps.registry.find(id, ctx.state.key.id);
    if (!session) throw httpErrors.sessionNotFound(`Session ${id} does not exist, expired or was already closed`);
    await session.close();
    ctx.status = 204;
  },
});
