import { httpErrors } from '../../lib/contract/errors.js';
import { headersOf, RATE, RETRY } from '../openapi/responses.js';
import { defineRoute } from '../route.js';
import { openEventStream, wantsEventStream } from '../sse.js';

/**
 * GET /v1/sessions/:id/live: Server-Sent Events with the session's state on connect and on every
 * change (`state`) and screencast frames while the stream is open (`frame`). The screencast runs
 * only while some viewer is connected; the stream closes when the session ends.
 */
export const liveRoute = defineRoute({
  method: 'get',
  path: '/v1/sessions/{id}/live',
  access: 'key',
  owned: true,
  operation: ({ set, errors }) => ({
    operationId: 'liveView',
    summary: 'Watch the page live',
    description:
      'Server-Sent Events (send Accept: text/event-stream; read it with fetch, as EventSource cannot send the key). `event: state` with `{"state": "<dotted state path>"}` on connect and on every change of the session machine; ' +
      '`event: frame` with `{"data": "<base64 JPEG>", "width", "height"}` (the viewport in CSS pixels) at most 10 times a second while a viewer is connected; ' +
      'a `: heartbeat` comment every 15 s. The screencast runs only while at least one viewer is connected; the stream closes when the session ends.',
    responses: {
      200: {
        description: 'The event stream.',
        headers: headersOf(set, { required: [...RATE] }),
        content: { 'text/event-stream': { schema: { type: 'string', description: 'state and frame events, as described above.' } } },
      },
      ...errors([400, 401, 404, 421, 500]),
      ...errors([429], { 429: RETRY }),
    },
  }),
  handler: (deps) => (ctx) => {
    const session = deps.registry.get(ctx.params.id ?? '', ctx.state.key.id);
    if (!wantsEventStream(ctx)) {
      throw httpErrors.invalid('The live view is a Server-Sent Events stream: send Accept: text/event-stream', {
        path: 'headers.accept',
        expected: 'text/event-stream',
      });
    }
    const stream = openEventStream(ctx);
    const unsubscribe = session.onState((state) => stream.send({ event: 'state', data: JSON.stringify({ state }) }));
    const unwatch = session.watch((frame) => stream.send({ event: 'frame', data: JSON.stringify(frame) }));
    void session.ended.then(() => stream.close());
    void stream.closed.then(() => {
      unwatch();
      unsubscribe();
    });
  },
});
