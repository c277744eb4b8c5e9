// Waiting that a cancel signal can cut short: for steps, and for the stability wait under them;
// and how a wait reads in a message.
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves after `ms`, or at once when `signal` aborts (the caller then sees the abort and stops). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** What `within` reports when its time ran out before the promise settled. */
export const TIMED_OUT: unique symbol = Symbol('timed out');

/**
 * `promise`'s value, or TIMED_OUT once `ms` passed or `signal` aborted; the abandoned promise's
 * later failure is swallowed (the caller decides what the overrun means).
 */
export async function within<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<T | typeof TIMED_OUT> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  let stop = (): void => {};
  const expired = new Promise<typeof TIMED_OUT>((resolve) => {
    stop = () => resolve(TIMED_OUT);
    if (signal?.aborted) return stop();
    timer = setTimeout(stop, Math.max(0, ms));
    signal?.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** `promise`'s value, or undefined once `ms` passed; the timer never keeps the process alive. */
export const withCap = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> => Promise.race([promise, sleep(ms, undefined, { ref: false })]);

/** A duration as messages say it: "5 s", "1.5 s", and "250 ms" below a second. */
export function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}
