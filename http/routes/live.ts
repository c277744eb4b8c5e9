import type { RouterMiddleware } from '@koa/router';
import { httpErrors } from '../../lib/contract/errors.js';
import { openEventStream, wantsEventStream } from '../sse.js';
import type { AppDeps, AppState } from '../state.js';

/**
 * GET /v1/sessions/:id/live: Server-Sent Events with the session's state on connect and on every
 * change (`state`) and screencast frames while the stream is open (`frame`). The screencast runs
 * only while some viewer is connected; the stream closes when the session ends.
 */
export function liveRoute(deps: AppDeps): RouterMiddleware<AppState> {
  return (ctx) => {
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
  };
}
