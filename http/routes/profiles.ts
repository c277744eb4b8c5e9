import { profileListQueryCodec } from '../../lib/contract/request/profile.js';
import { profileListCodec } from '../../lib/contract/response/profile.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { profileBody } from '../profiles.js';
import { defineRoute } from '../route.js';

/** GET /v1/profiles: the account's saved profiles by name, in pages like the session list. */
export const listProfilesRoute = defineRoute({
  method: 'get',
  path: '/v1/profiles',
  access: 'key',
  query: profileListQueryCodec,
  operation: ({ set, errors }) => ({
    operationId: 'listProfiles',
    summary: "List the account's profiles",
    description: 'Saved browser profiles (cookies, localStorage, IndexedDB) of the key\'s account, by name, in pages; each with what it holds, never its content.',
    responses: {
      200: jsonResponse(set, 'A page of profiles.', profileListCodec, { required: [...RATE] }),
      ...errors([400, 401, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => async (ctx, { query }) => {
    const page = await deps.profiles.list({ accountId: ctx.state.key.accountId, limit: query.limit, after: query.after });
    ctx.body = { profiles: page.profiles.map(profileBody), has_more: page.hasMore, next_cursor: page.nextCursor };
  },
});
