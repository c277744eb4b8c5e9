import { ApiError, httpErrors } from '../../lib/contract/errors.js';
import { MAX_TRACE_BYTES, openTrace } from '../../lib/platform/traces.js';
import { errorResponse, headersOf, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';

/**
 * GET /v1/sessions/:id/trace: the session's Playwright trace as a zip download, once the session
 * has ended (whatever its status). Before that, without `trace`, or once pruned: 404 trace_not_found.
 */
export const traceRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/trace',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'getTrace',
    summary: 'Download a session\'s trace',
    description:
      'The Playwright trace of a session created with trace: true, once it has ended (closed, expired or failed), for 24 h after the end. ' +
      'It opens in Playwright\'s trace viewer: npx playwright show-trace <file>.',
    responses: {
      200: {
        description: 'The trace, a zip file streamed from disk.',
        headers: headersOf(set, { required: [...RATE, 'Content-Disposition'] }),
        content: { 'application/zip': { schema: { type: 'string', format: 'binary', description: 'A Playwright trace (zip).' } } },
      },
      ...errors([401, 421, 429, 500], { 429: RETRY }),
      404: errorResponse(set, 404, { required: [...RATE] }, {
        name: 'TraceNotFoundError',
        codes: ['session_not_found', 'trace_not_found'],
        text:
          'session_not_found: no such session for this key. trace_not_found: the session is still active (its trace is written when it ends), ' +
          `was created without trace: true, its trace could not be written (over ${MAX_TRACE_BYTES / 2 ** 20} MiB, or the browser was lost), or it was deleted 24 h after the end.`,
      }),
    },
  }),
  handler: (deps) => async (ctx) => {
    const id = ctx.params.id ?? '';
    const row = await deps.store.getSession(id);
    if (!row || row.keyId !== ctx.state.key.id) throw httpErrors.sessionNotFound(`Session ${id} does not exist`);
    // A live session's trace is still being recorded; it is written as the session ends, before its row says so.
    if (row.status === 'active') {
      throw new ApiError(404, 'trace_not_found', `Session ${id} is still active: its trace is written when it ends (DELETE it, or let it expire)`);
    }
    const trace = await openTrace(deps.dataDir, id);
    if (!trace) {
      throw new ApiError(404, 'trace_not_found', `Session ${id} has no trace: it was created without trace: true, its trace could not be written, or it was deleted 24 h after the session ended`);
    }
    ctx.type = 'application/zip';
    ctx.length = trace.bytes;
    ctx.attachment(`${id}.zip`);
    ctx.body = trace.stream;
  },
});
