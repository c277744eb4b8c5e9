import { forkBodyCodec } from '../../lib/api/fork.js';
import { forkAnswerCodec } from '../../lib/contract/response/envelope.js';
import { FORK_REPLAYS, keyParameter } from '../idempotency.js';
import { errorResponse } from '../openapi/responses.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { answerOf, envelope } from '../envelope.js';
import { defineRoute } from '../route.js';

/** POST /v1/sessions/:id/fork: copies of a live session, all made or none, each at the source's page. */
export const forkRoute = defineRoute({
  method: 'post',
  path: '/v1/sessions/{id}/fork',
  access: 'key',
  owned: true,
  idempotent: FORK_REPLAYS,
  body: forkBodyCodec,
  operation: ({ set, errors }) => ({
    operationId: 'forkSession',
    summary: 'Fork a session',
    description:
      'Makes count new sessions of the same key, each with the source\'s options (viewport, user agent, locale, time zone, proxy, blocking, blockers), its cookies, ' +
      'localStorage and IndexedDB, and its tab\'s sessionStorage, opened at its URL and scroll position; then runs steps in each. The source is not paused, changed or billed. ' +
      'Admitted as creates are, all or none: when the plan\'s concurrency, the credits or the machine\'s memory cannot take every copy, none is made and the answer is the create\'s 429, 402 or 503. ' +
      'A step that fails in a copy is that envelope\'s error.',
    parameters: [
      keyParameter(
        'Makes a retry safe: the first answer (201 or 400) is replayed for 24 h to the same key with the same body on this session (Idempotent-Replayed: true), so the copies are made once; ' +
          'the same key while the first fork still runs waits for its answer; another body is 409 idempotency_conflict.',
      ),
    ],
    responses: {
      201: jsonResponse(set, 'The new sessions, one envelope each, in order.', forkAnswerCodec, { required: [...RATE], optional: ['Idempotent-Replayed'] }),
      ...errors([400, 401, 402, 404, 413, 421, 429, 500, 503], { 400: { optional: ['Idempotent-Replayed'] }, 429: RETRY, 503: RETRY }),
      409: errorResponse(set, 409, { required: [...RATE] }, {
        name: 'ForkConflictError',
        codes: ['session_busy', 'idempotency_conflict'],
        text: 'session_busy: the source\'s page did not answer in time (its script keeps it busy); no fork was made. idempotency_conflict: the Idempotency-Key was used with another body on this session.',
      }),
    },
  }),
  handler: (deps) => async (ctx, { body }) => {
    const made = await deps.registry.fork(ctx.params.id ?? '', ctx.state.key, body);
    ctx.status = 201;
    ctx.body = { sessions: made.map(({ session, reply }) => envelope(ctx, session, reply ? answerOf(session, reply).result : null)) };
  },
});
