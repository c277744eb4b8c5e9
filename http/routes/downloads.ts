import { downloadsAnswerCodec } from '../../lib/contract/response/download.js';
import { jsonResponse, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';
import { downloadsOf, RETENTION_HOURS } from '../downloads.js';

/** GET /v1/sessions/:id/downloads: what the session's pages downloaded, while it runs and for 24 h after. */
export const downloadsRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/downloads',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'listDownloads',
    summary: 'List a session\'s downloads',
    description:
      'The files the session\'s pages downloaded (a link, a form post, a script\'s blob or data URL), oldest first, as the envelope\'s downloads lists them: ' +
      'complete ones can be fetched from GET /v1/sessions/{id}/downloads/{download_id}. Each is bounded by the key\'s plan (a size per file and per session, a count per session): ' +
      `one over a bound is cut as it arrives (complete false; the journal's download.cut says why). Readable while the session runs and for ${RETENTION_HOURS} h after it ended, however it ended.`,
    responses: {
      200: jsonResponse(set, 'The session\'s downloads.', downloadsAnswerCodec, { required: [...RATE] }),
      ...errors([401, 404, 421, 429, 500], { 429: RETRY }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const { id, items } = await downloadsOf(deps, ctx);
    ctx.body = { session_id: id, downloads: items };
  },
});
