// Retries for the typed client: 429 and 503 (the contract's "wait Retry-After and try again"
// answers), and a connection that dropped before any answer came (fetch rejected) when the request
// carries an Idempotency-Key: the service then replays the first answer, or waits for it, instead of
// running the create or the act again, so the retry is safe even if the first attempt did the work.
// Without a key a dropped request is not retried: a second click is not ours to risk. At most
// `attempts` tries and `maxWaitMs` of waiting in all. A retry resends the same Request, so it keeps
// its Idempotency-Key.

/** How the client retries a 429, a 503, or a dropped connection of an idempotent request. */
export interface RetryOptions {
  /** Most tries of one request, the first included (default 4; 1 turns retrying off). */
  attempts?: number;
  /** The first wait when the answer names none (or there was no answer); it doubles on each retry (default 250 ms). */
  baseDelayMs?: number;
  /** Longest single wait (default 10 s). */
  maxDelayMs?: number;
  /** Most time spent waiting across the retries of one request (default 30 s). */
  maxWaitMs?: number;
  /** How to wait (default a timer); tests record the waits instead. */
  sleep?: (ms: number) => Promise<void>;
}

const RETRIED = new Set([429, 503]);

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or undefined without a usable one. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Whether a rejected fetch of `request` may be sent again: the Fetch standard rejects a network
 * failure (refused, reset, cut mid-answer) with a TypeError, and a caller's abort with an
 * AbortError, which is the caller's decision. Only a request with an Idempotency-Key is resent.
 */
const retriesDrop = (request: Request, error: unknown): boolean =>
  error instanceof TypeError && !request.signal.aborted && request.headers.has('idempotency-key');

/** A fetch that retries 429 and 503 answers by `options`, honouring their Retry-After, and dropped idempotent requests. */
export function retryingFetch(inner: (request: Request) => Promise<Response>, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (request) => {
    let waited = 0;
    for (let attempt = 1; ; attempt++) {
      const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      let response: Response;
      try {
        // The body of a Request can be read once: each try sends a copy, the original stays for the next.
        response = await inner(attempt < attempts ? request.clone() : request);
      } catch (error) {
        if (!retriesDrop(request, error) || attempt >= attempts || waited + backoff > maxWaitMs) throw error;
        await sleep(backoff);
        waited += backoff;
        continue;
      }
      if (!RETRIED.has(response.status) || attempt >= attempts) return response;
      const delay = retryAfterMs(response.headers.get('retry-after')) ?? backoff;
      // Waiting less than the server asked would only be refused again; longer than the budget
      // left (a quota's next cycle) is the caller's decision, not ours.
      if (delay > maxDelayMs || waited + delay > maxWaitMs) return response;
      await response.body?.cancel();
      await sleep(delay);
      waited += delay;
    }
  };
}
