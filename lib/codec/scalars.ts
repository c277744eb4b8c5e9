import * as t from 'io-ts';

// Every codec's `name` is the human phrase the reporter shows as `expected`, so names are
// written for API users ('integer from 10 to 1800'), not for TypeScript readers. Failures carry
// the name as their message too: a codec that delegates keeps its caller's context, whose name
// would otherwise be reported instead of the one that refused the value.

/** A named codec for values that pass `test`, with no conversion. */
export function predicate<A>(name: string, test: (u: unknown) => u is A): t.Type<A, A, unknown> {
  return new t.Type<A, A, unknown>(name, test, (u, c) => (test(u) ? t.success(u) : t.failure(u, c, name)), t.identity);
}

/** A string. */
export const string = predicate('string', (u): u is string => typeof u === 'string');

/** A boolean. */
export const boolean = predicate('boolean', (u): u is boolean => typeof u === 'boolean');

/** A finite number (JSON has no NaN or Infinity, but callers may pass them). */
export const number = predicate('number', (u): u is number => typeof u === 'number' && Number.isFinite(u));

/** A string with at least one character. */
export const nonEmptyString = predicate('non-empty string', (u): u is string => typeof u === 'string' && u.length > 0);

/** A string of `min` to `max` characters. */
export function stringLength(min: number, max: number): t.Type<string, string, unknown> {
  const name = min > 0 ? `non-empty string of at most ${max} characters` : `string of at most ${max} characters`;
  return predicate(name, (u): u is string => typeof u === 'string' && u.length >= min && u.length <= max);
}

/** An integer from `min` to `max`, both included. */
export function intRange(min: number, max: number): t.Type<number, number, unknown> {
  return predicate(
    `integer from ${min} to ${max}`,
    (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
  );
}

/** A number from `min` to `max`, both included. */
export function numberRange(min: number, max: number): t.Type<number, number, unknown> {
  return predicate(
    `number from ${min} to ${max}`,
    (u): u is number => typeof u === 'number' && Number.isFinite(u) && u >= min && u <= max,
  );
}

/** An integer from `min` to `max` written as a decimal string, as query parameters arrive. */
export function intString(min: number, max: number): t.Type<number, string, unknown> {
  const name = `integer from ${min} to ${max}`;
  return new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
    (u, c) => {
      // Number('') is 0 and Number(' 5') is 5, so the digits are checked before converting.
      if (typeof u !== 'string' || !/^\d{1,15}$/.test(u)) return t.failure(u, c, name);
      const n = Number(u);
      return n >= min && n <= max ? t.success(n) : t.failure(u, c, name);
    },
    String,
  );
}

/** One of the given strings; the phrase lists them ('one of: markdown, html'). */
export function oneOf<const L extends readonly [string, ...string[]]>(values: L): t.Type<L[number], L[number], unknown> {
  const allowed = new Set<unknown>(values);
  return predicate(`one of: ${values.join(', ')}`, (u): u is L[number] => typeof u === 'string' && allowed.has(u));
}

/** A string that is a URL with one of the given schemes (without the colon) and a host. */
export function urlWithScheme(schemes: readonly string[], name: string): t.Type<string, string, unknown> {
  return predicate(name, (u): u is string => {
    if (typeof u !== 'string' || !URL.canParse(u)) return false;
    const url = new URL(u);
    return schemes.includes(url.protocol.slice(0, -1)) && url.hostname !== '';
  });
}
