/** One Server-Sent Event as read off the wire. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

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
  let buffer = '';
  let ended = false;
  // A read that outlived a timeout is kept for the next call, so no chunk is lost.
  let pending: ReturnType<NonNullable<typeof reader>['read']> | undefined;

  const parse = (block: string): SseMessage | null => {
    const message: SseMessage = { event: 'message', data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') message.event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') message.id = value;
    }
    if (data.length === 0) return null;
    message.data = data.join('\n');
    return message;
  };

  async function next(timeoutMs = 10_000): Promise<SseMessage | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cut = buffer.indexOf('\n\n');
      if (cut !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const message = parse(block);
        if (message) return message;
        continue;
      }
      if (ended || !reader) return null;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no SSE message within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left)));
      pending ??= reader.read();
      const chunk = await Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
      if (chunk === 'timeout') throw new Error(`no SSE message within ${timeoutMs} ms`);
      pending = undefined;
      if (chunk.done) ended = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
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
