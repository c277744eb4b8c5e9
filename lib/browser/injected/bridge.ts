// The one function node hands to Playwright's evaluate (or sends as source over CDP): it runs in
// the page, calls one method of the program's API and answers what it did. Free of the DOM (it
// reaches the page through globalThis alone), so node imports it; nothing else crosses as a function.

/**
 * A call: the API's name, the method, its arguments, and how the answer travels: `data` boxed in
 * an array (so null stays apart from "no program"; empty for undefined, which JSON would turn
 * into null inside it), `element` as it is, for a handle.
 */
export type Call = readonly [key: string, method: string, args: readonly unknown[], answer: 'data' | 'element'];

type Method = (...args: unknown[]) => unknown;

/**
 * Runs in the page: `first` is the call, or (for a call on an element) the element and `second`
 * the call, whose method is then one of the API's `element` part. Answers the method's value as
 * the call asks (a promise of it when the method answers a promise); when this document has no
 * program yet (or one without the method), null for data and undefined for an element (whose
 * method answers null, never undefined, when it finds none), and node installs it.
 */
export function callProgram(first: unknown, second?: Call): unknown {
  const [key, method, args, answer] = (second ?? first) as Call;
  const api = (globalThis as unknown as Record<symbol, (Record<string, unknown> & { element?: Record<string, unknown> }) | undefined>)[Symbol.for(key)];
  const fn = (second ? api?.element?.[method] : api?.[method]) as Method | undefined;
  if (typeof fn !== 'function') return answer === 'data' ? null : undefined;
  const value = second ? fn(first, ...args) : fn(...args);
  if (answer === 'element') return value ?? null;
  const box = (settled: unknown): unknown[] => (settled === undefined ? [] : [settled]);
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function'
    ? (value as Promise<unknown>).then(box)
    : box(value);
}
