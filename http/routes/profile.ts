import { httpErrors } from '../../lib/contract/errors.js';
import { profileCodec } from '../../lib/contract/response/profile.js';
import { errorResponse, jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { profileBody, profileNameOf, profileNotFoundResponse } from '../profiles.js';
import { defineRoute } from '../route.js';

/** GET /v1/profiles/{name}: one profile's summary, once its saved state is known to open with this node's key. */
export const getProfileRoute = defineRoute({
  method: 'get',
  path: '/v1/profiles/{name}',
  access: 'key',
  operation: ({ set, errors }) => ({
    operationId: 'getProfile',
    summary: 'Get a profile',
    description:
      'What a saved profile holds (its origins, how many cookies, its size), when it was saved and by which session, and the session holding it for writing. ' +
      'Its saved state is decrypted to check it: a profile this node cannot read is 409 profile_unreadable, as a create naming it would be.',
    responses: {
      200: jsonResponse(set, 'The profile.', profileCodec, { required: [...RATE] }),
      ...errors([400, 401, 429, 500], { 429: RETRY }),
      404: profileNotFoundResponse(set),
      409: errorResponse(set, 409, { required: [...RATE] }, {
        name: 'ProfileUnreadableError',
        codes: ['profile_unreadable'],
        text: "Its saved state does not decrypt with this node's key: the key changed (TABWRIGHT_PROFILE_KEY, or the data folder's profile.key) or the stored row was altered. Restore the key, or delete the profile.",
      }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const name = profileNameOf(ctx);
    const row = await deps.profiles.inspect(ctx.state.key.accountId, name);
    if (!row) throw httpErrors.profileNotFound(name);
    ctx.body = profileBody(row);
  },
});
