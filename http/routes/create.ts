import { createBodyCodec } from '../../lib/api/create.js';
import { envelopeCodec } from '../../lib/contract/response/envelope.js';
import { CREATE_REPLAYS, keyParameter } from '../idempotency.js';
import { answerOf, envelope, serverTiming } from '../envelope.js';
import { errorResponse, jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/** POST /v1/sessions: validate everything, open the session, run url and steps, answer 201. */
export const createRoute = defineRoute({
  method: 'post',
  path: '/v1/sessions',
  access: 'key',
  idempotent: CREATE_REPLAYS,
  body: createBodyCodec,
  operation: ({ set, errors }) => ({
    operationId: 'createSession',
    summary: 'Create a session',
    description: 'Opens an isolated browser session; with url it navigates there, with steps it runs them, and the answer observes the page. A step that fails answers 201 with error set.',
    parameters: [
      keyParameter(
        'Makes a retry safe: the first answer (201 or 400) is replayed for 24 h to the same key with the same body (Idempotent-Replayed: true); ' +
          'another body is 409 idempotency_conflict, and so is the same key while the first request still runs (with Retry-After: 1).',
      ),
    ],
    responses: {
      201: jsonResponse(set, 'The session is active; the envelope holds the page (or null for a bare session).', envelopeCodec, {
        required: [...RATE],
        optional: ['Server-Timing', 'Idempotent-Replayed'],
      }),
      ...errors([400, 401, 402, 413, 429, 500, 503], {
        400: { optional: ['Idempotent-Replayed'] },
        429: RETRY,
        503: RETRY,
      }),
      404: errorResponse(set, 404, { required: [...RATE] }, {
        name: 'ProfileNotFoundError',
        codes: ['profile_not_found'],
        text: 'profile_not_found: the profile named with persist: false has no saved state.',
      }),
      409: errorResponse(set, 409, { required: [...RATE], optional: ['Retry-After'] }, {
        name: 'CreateConflictError',
        codes: ['idempotency_conflict', 'profile_in_use', 'profile_unreadable'],
        text:
          'idempotency_conflict: the Idempotency-Key was used with a different body, or its first request is still running (then with Retry-After: 1). ' +
          'profile_in_use: another live session persists to the profile (context.session_id names it). ' +
          'profile_unreadable: the profile\'s saved state does not decrypt with this node\'s key (the key changed or the row was altered); nothing was opened.',
      }),
    },
  }),
  handler: (deps) => async (ctx, { body }) => {
    const { session, reply } = await deps.registry.create(ctx.state.key, body);
    ctx.state.sessionId = session.spec.id;
    const answer = reply ? answerOf(session, reply) : null;
    const timing = serverTiming(answer);
    if (timing) ctx.set('Server-Timing', timing);
    ctx.status = 201;
    ctx.body = envelope(ctx, session, answer?.result ?? null);
  },
});
