import contentDisposition from 'content-disposition';
import { ApiError, httpErrors } from '../../lib/contract/errors.js';
import { DOWNLOAD_ID_PATTERN, isDownloadId } from '../../lib/contract/response/download.js';
import { openDownload } from '../../lib/platform/downloads/kept.js';
import { errorResponse, headersOf, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';
import { downloadsOf, RETENTION_HOURS } from '../downloads.js';

/**
 * What every download answer carries: the browser saves it and never renders it as a document of
 * this origin, whatever type the page gave it (its file, its type and its name are the page's).
 */
const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cache-Control': 'private, no-store',
} as const;

/** GET /v1/sessions/:id/downloads/:download_id: one complete download's bytes, as a file to save. */
export const downloadRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/downloads/{download_id}',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'getDownload',
    summary: 'Fetch one download',
    description:
      'The bytes of one complete download of the session, with its type (Content-Type), size (Content-Length) and name (Content-Disposition: attachment, ' +
      `the name made safe; filename* carries it whole in UTF-8). Readable while the session runs and for ${RETENTION_HOURS} h after it ended.`,
    parameters: [
      {
        name: 'download_id',
        in: 'path',
        required: true,
        description: 'The download\'s id, from the envelope\'s downloads or GET /v1/sessions/{id}/downloads.',
        schema: { type: 'string', pattern: DOWNLOAD_ID_PATTERN },
      },
    ],
    responses: {
      200: {
        description: 'The file, streamed from disk.',
        headers: {
          ...headersOf(set, { required: [...RATE] }),
          'Content-Disposition': { description: 'attachment; filename="<its name>"; filename*=UTF-8\'\'<its name>.', required: true, schema: { type: 'string' } },
          'X-Content-Type-Options': { description: 'nosniff: the declared type is never sniffed into another.', required: true, schema: { type: 'string', enum: ['nosniff'] } },
        },
        content: { '*/*': { schema: { type: 'string', format: 'binary', description: 'The file as the page downloaded it; Content-Type says its type.' } } },
      },
      ...errors([400, 401, 421, 429, 500], { 429: RETRY }),
      404: errorResponse(set, 404, { required: [...RATE] }, {
        name: 'DownloadNotFoundError',
        codes: ['session_not_found', 'download_not_found'],
        text: `session_not_found: no such session for this key, or it ended more than ${RETENTION_HOURS} h ago. download_not_found: the session has no download of that id.`,
      }),
      409: errorResponse(set, 409, { required: [...RATE] }, {
        name: 'DownloadIncompleteError',
        codes: ['download_incomplete'],
        text: 'The download is still arriving (try again once the list says complete), or it was cut (over the plan\'s bounds, failed, or the session ended first): it has no file.',
      }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const downloadId = ctx.params.download_id ?? '';
    // Checked before anything reads the disk: only an id of our own making ever names a file.
    if (!isDownloadId(downloadId)) throw httpErrors.invalid('download_id: expected a download id (dl_ and 24 lower-case letters and digits)', { path: 'download_id', expected: 'a download id' });
    const { id, items } = await downloadsOf(deps, ctx);
    const found = await openDownload(deps.dataDir, id, downloadId, items);
    if ('missing' in found) {
      if (found.missing === 'incomplete') throw new ApiError(409, 'download_incomplete', `Download ${downloadId} of session ${id} is not complete: it is still arriving, or it was cut (the session's events say why)`);
      throw new ApiError(404, 'download_not_found', `Session ${id} has no download ${downloadId}${found.missing === 'gone' ? ' (its file is gone)' : ''}`);
    }
    ctx.set(SAFE_HEADERS);
    ctx.set('Content-Disposition', contentDisposition(found.item.name, { type: 'attachment' }));
    ctx.type = found.item.mime;
    ctx.length = found.bytes;
    ctx.body = found.stream;
  },
});
