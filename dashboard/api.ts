// Every call the dashboard makes to the API, with the key from sessionStorage.
import { readEvents, SseParser, type SseMessage } from './sse.js';

/** An error answer of the API (`{error: {code, message}}`), or a network failure as code `network`. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

async function failure(response: Response): Promise<ApiFailure> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    return new ApiFailure(response.status, body.error?.code ?? 'unknown', body.error?.message ?? response.statusText);
  } catch {
    return new ApiFailure(response.status, 'unknown', `${response.status} ${response.statusText}`);
  }
}

/** The API as the signed-in key sees it. */
export class Api {
  constructor(private readonly key: string) {}

  /** fetch() with the key; an error answer throws ApiFailure. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${this.key}`);
    let response: Response;
    try {
      response = await fetch(path, { ...init, headers, cache: 'no-store' });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw new ApiFailure(0, 'network', 'The server could not be reached');
    }
    if (!response.ok) throw await failure(response);
    return response;
  }

  /** GET `path` as JSON. */
  async get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return (await (await this.request(path, { signal })).json()) as T;
  }

  /** POST `body` as JSON to `path`; the answer as JSON. */
  async post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await this.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });
    return (await response.json()) as T;
  }

  /**
   * Follows an event stream until it ends or `signal` aborts, resuming after a dropped
   * connection from the last id it saw. Resolves when the server closed the stream for good
   * (`isDone` says so after a message); rejects with ApiFailure when the route refuses.
   */
  async follow(path: string, signal: AbortSignal, onMessage: (message: SseMessage) => void, isDone: () => boolean): Promise<void> {
    const parser = new SseParser();
    for (let attempt = 0; !signal.aborted && !isDone(); attempt++) {
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (parser.lastId !== null) headers['Last-Event-ID'] = parser.lastId;
      try {
        const response = await this.request(path, { headers, signal });
        attempt = 0;
        await readEvents(response, parser, onMessage);
      } catch (error) {
        if (signal.aborted || (error instanceof ApiFailure && error.status >= 400 && error.status < 500)) throw error;
      }
      if (!isDone() && !signal.aborted) await pause(Math.min(5000, 500 * 2 ** attempt), signal);
    }
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
