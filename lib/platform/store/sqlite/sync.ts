// better-sqlite3 answers synchronously, and that is what makes a transaction atomic within one
// process: nothing else runs in between. The SQLite modules are written against the synchronous
// form of each interface; index.ts lifts them into the asynchronous Store in one place.

/** The synchronous form of a store interface: each method answers its promise's value directly. */
export type Sync<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : T[K] };

/** `sync` with each method made asynchronous: a throw becomes a rejection, the work itself still runs at the call. */
export function asynchronous<T extends object>(sync: Sync<T>): T {
  const lifted: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(sync)) {
    lifted[name] = typeof value === 'function' ? (...args: unknown[]) => {
      try {
        return Promise.resolve((value as (...a: unknown[]) => unknown)(...args));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    } : value;
  }
  return lifted as T;
}
