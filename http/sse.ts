import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

/** How often a quiet stream sends a comment, so proxies and clients see the connection alive. */
export const HEARTBEAT_MS = 15_000;

/** One Server-Sent Events response, written message by message. */
export interface EventStream {
  /** Writes one message; `event` and `id` are optional SSE fields, `data` may hold newlines. */
  send(message: { event?: string; id?: string | number; data: string }): void;
  /** Writes a comment line (`: text`), which clients ignore. */
  comment(text: string): void;
  /** Ends the response; safe to call more than once. */
  close(): void;
  /** Resolves once the stream is over, whichever side ended it. */
  readonly closed: Promise<void>;
  /** True once the client went away or close() was called. */
  readonly isClosed: boolean;
}

/** True when the request asked for an event stream (`Accept: text/event-stream`). */
export function wantsEventStream(ctx: Context): boolean {
  return (ctx.get('Accept') || '').toLowerCase().includes('text/event-stream');
}

/**
 * Turns the response into an SSE stream: headers for no caching and no proxy buffering, the
 * socket's idle timeout off, a heartbeat comment every HEARTBEAT_MS, and `closed` resolved when
 * the client disconnects. Koa writes the stream once the handler returns, so the handler may
 * return at once and keep sending from events.
 */
export function openEventStream(ctx: Context, heartbeatMs = HEARTBEAT_MS): EventStream {
  const body = new PassThrough();
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.status = 200;
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Connection', 'keep-alive');
  // nginx and similar proxies buffer responses unless told not to.
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = body;

  let isClosed = false;
  let resolveClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();

  function write(text: string): void {
    if (!isClosed) body.write(text);
  }
  function finish(): void {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    body.end();
    resolveClosed();
  }
  ctx.req.on('close', finish);
  ctx.res.on('close', finish);

  return {
    send({ event, id, data }) {
      const lines: string[] = [];
      if (id !== undefined) lines.push(`id: ${id}`);
      if (event !== undefined) lines.push(`event: ${event}`);
      for (const line of data.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
      write(`${lines.join('\n')}\n\n`);
    },
    comment(text) {
      write(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`);
    },
    close: finish,
    closed,
    get isClosed() {
      return isClosed;
    },
  };
}
