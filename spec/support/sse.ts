import { SseParser, type SseMessage } from '../../dashboard/sse.js';
import { TIMED_OUT, within } from '../../lib/platform/time.js';

/** One Server-Sent Event as read off the wire (parsed by the dashboard's own reader). */
export type { SseMessage };

/** A live SSE response read with fetch, as browsers must (EventSource cannot send a key). */
export interface SseReader {
  status: number;
  headers: Headers;
  /** The next message (comments skipped); rejects after `timeoutMs`, resolves null once the stream ended. */
  next(timeoutMs?: number): Promise<SseMessage | null>;
  /** The next message of type `event`, skipping others. */
  nextOf(event: string, timeoutMs?: number): Promise<SseMessage>;
  /** Disconnects. */
  close(): void;
}

/** Opens `url` with `headers` and Accept: text/event-stream. */
export async function openSse(url: string, headers: Record<string, string>): Promise<SseReader> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { ...headers, Accept: 'text/event-stream' }, signal: controller.signal });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const queued: SseMessage[] = [];
  let ended = false;
  // A read that outlived a timeout is kept for the next call, so no chunk is lost.
  let pending: ReturnType<NonNullable<typeof reader>['read']> | undefined;

  async function next(timeoutMs = 10_000): Promise<SseMessage | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = queued.shift();
      if (message) return message;
      if (ended || !reader) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no SSE message within ${timeoutMs} ms`);
      pending ??= reader.read();
      const chunk = await within(pending, left);
      if (chunk === TIMED_OUT) throw new Error(`no SSE message within ${timeoutMs} ms`);
      pending = undefined;
      if (chunk.done) ended = true;
      else queued.push(...parser.push(decoder.decode(chunk.value, { stream: true })));
    }
  }

  return {
    status: res.status,
    headers: res.headers,
    next,
    async nextOf(event, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = await next(Math.max(1, deadline - Date.now()));
        if (!message) throw new Error(`the stream ended before a ${event} event`);
        if (message.event === event) return message;
      }
    },
    close() {
      controller.abort();
      void reader?.cancel().catch(() => undefined);
    },
  };
}
