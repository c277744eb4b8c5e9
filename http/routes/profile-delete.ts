import { httpErrors } from '../../lib/contract/errors.js';
import { errorResponse, headersOf, RATE, RETRY } from '../openapi/responses.js';
import { profileNameOf, profileNotFoundResponse } from '../profiles.js';
import { defineRoute } from '../route.js';

/** DELETE /v1/profiles/{name}: deletes a saved profile, unless a persisting session holds it. */
export const deleteProfileRoute = defineRoute({
  method: 'delete',
  path: '/v1/profiles/{name}',
  access: 'key',
  operation: ({ set, errors }) => ({
    operationId: 'deleteProfile',
    summary: 'Delete a profile',
    description: 'Deletes the saved profile and its state; sessions already started from it keep theirs. Refused while a session created with persist: true holds it.',
    responses: {
      204: { description: 'Deleted; no body.', headers: headersOf(set, { required: [...RATE] }) },
      ...errors([400, 401, 429, 500], { 429: RETRY }),
      404: profileNotFoundResponse(set),
      409: errorResponse(set, 409, { required: [...RATE] }, {
        name: 'ProfileInUseError',
        codes: ['profile_in_use'],
        text: 'An active session created with persist: true holds the profile (context.session_id names it): delete it once that session has ended.',
      }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const name = profileNameOf(ctx);
    const outcome = await deps.profiles.delete(ctx.state.key.accountId, name);
    if (outcome === 'missing') throw httpErrors.profileNotFound(name);
    if (outcome !== 'deleted') throw httpErrors.profileInUse(name, outcome.holder);
    ctx.status = 204;
  },
});
