import * as t from 'io-ts';
import { withSchema, type JsonSchema } from './schema.js';

// Every codec's `name` is the human phrase the reporter shows as `expected`, so names are
// written for API users ('integer from 10 to 1800'), not for TypeScript readers. Failures carry
// the name as their message too: a codec that delegates keeps its caller's context, whose name
// would otherwise be reported instead of the one that refused the value.

/**
 * A named codec for values that pass `test`, with no conversion. `schema` is its JSON Schema;
 * without one the schema walker refuses the codec (a test lists such codecs), never guesses.
 */
export function predicate<A>(name: string, test: (u: unknown) => u is A, schema?: JsonSchema): t.Type<A, A, unknown> {
  const codec = new t.Type<A, A, unknown>(name, test, (u, c) => (test(u) ? t.success(u) : t.failure(u, c, name)), t.identity);
  return schema ? withSchema(codec, schema) : codec;
}

/**
 * A string decoded to its canonical spelling: `canonical` returns it, or undefined for a string it
 * refuses. Only canonical strings pass `is`, so an encoded value decodes to itself.
 */
export function canonicalString(name: string, canonical: (s: string) => string | undefined, schema: JsonSchema): t.Type<string, string, unknown> {
  const codec = new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && canonical(u) === u,
    (u, c) => {
      const spelled = typeof u === 'string' ? canonical(u) : undefined;
      return spelled === undefined ? t.failure(u, c, name) : t.success(spelled);
    },
    t.identity,
  );
  return withSchema(codec, schema);
}

/** A string. */
export const string = predicate('string', (u): u is string => typeof u === 'string', { type: 'string' });

/** A boolean. */
export const boolean = predicate('boolean', (u): u is boolean => typeof u === 'boolean', { type: 'boolean' });

/** A finite number (JSON has no NaN or Infinity, but callers may pass them). */
export const number = predicate('number', (u): u is number => typeof u === 'number' && Number.isFinite(u), { type: 'number' });

/** Any JSON value (what a page's script or an extraction returns). */
export const anyJson = predicate('any JSON value', (_u): _u is unknown => true, { description: 'Any JSON value.' });

/** An ISO 8601 date-time in UTC, as Date#toISOString writes it. */
export const dateTime = predicate(
  'an ISO 8601 date-time',
  (u): u is string => typeof u === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(u),
  { type: 'string', format: 'date-time' },
);

/** A string with at least one character. */
export const nonEmptyString = predicate('non-empty string', (u): u is string => typeof u === 'string' && u.length > 0, { type: 'string', minLength: 1 });

/**
 * A string of at most `max` characters, non-empty unless `empty` is set: every string a request
 * carries has a bound, which the schema shows as maxLength. An empty (or non-string) value is
 * refused as a 'non-empty string', an overlong one with its bound named.
 */
export function text(max: number, options: { empty?: boolean } = {}): t.Type<string, string, unknown> {
  const min = options.empty ? 0 : 1;
  const plain = options.empty ? 'string' : 'non-empty string';
  const bounded = `string of at most ${max} characters`;
  const codec = new t.Type<string, string, unknown>(
    plain,
    (u): u is string => typeof u === 'string' && u.length >= min && u.length <= max,
    (u, c) => (typeof u !== 'string' || u.length < min ? t.failure(u, c, plain) : u.length > max ? t.failure(u, c, bounded) : t.success(u)),
    t.identity,
  );
  return withSchema(codec, { type: 'string', ...(min > 0 ? { minLength: min } : {}), maxLength: max });
}

/** A string of `min` to `max` characters. */
export function stringLength(min: number, max: number): t.Type<string, string, unknown> {
  const name = min > 0 ? `non-empty string of at most ${max} characters` : `string of at most ${max} characters`;
  return predicate(name, (u): u is string => typeof u === 'string' && u.length >= min && u.length <= max, {
    type: 'string',
    ...(min > 0 ? { minLength: min } : {}),
    maxLength: max,
  });
}

/** An integer from `min` to `max`, both included. */
export function intRange(min: number, max: number): t.Type<number, number, unknown> {
  return predicate(
    `integer from ${min} to ${max}`,
    (u): u is number => typeof u === 'number' && Number.isInteger(u) && u >= min && u <= max,
    { type: 'integer', minimum: min, maximum: max },
  );
}

/** An integer of at least `min` (counts, sizes and times in answers). */
export function intAtLeast(min: number): t.Type<number, number, unknown> {
  return predicate(`integer of at least ${min}`, (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= min, {
    type: 'integer',
    minimum: min,
  });
}

/** A number from `min` to `max`, both included. */
export function numberRange(min: number, max: number): t.Type<number, number, unknown> {
  return predicate(
    `number from ${min} to ${max}`,
    (u): u is number => typeof u === 'number' && Number.isFinite(u) && u >= min && u <= max,
    { type: 'number', minimum: min, maximum: max },
  );
}

/** A finite number of at least `min` (coordinates). */
export function numberAtLeast(min: number): t.Type<number, number, unknown> {
  return predicate(`number of at least ${min}`, (u): u is number => typeof u === 'number' && Number.isFinite(u) && u >= min, {
    type: 'number',
    minimum: min,
  });
}

/** An integer from `min` to `max` written as a decimal string, as query parameters arrive. */
export function intString(min: number, max: number): t.Type<number, string, unknown> {
  const name = `integer from ${min} to ${max}`;
  // Its schema is the integer's: OpenAPI describes a query parameter by the value it carries.
  const codec = new t.Type<number, string, unknown>(
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
  return withSchema(codec, { type: 'integer', minimum: min, maximum: max });
}

/** One of the given strings; the phrase lists them ('one of: markdown, html'). */
export function oneOf<const L extends readonly [string, ...string[]]>(values: L): t.Type<L[number], L[number], unknown> {
  const allowed = new Set<unknown>(values);
  return predicate(`one of: ${values.join(', ')}`, (u): u is L[number] => typeof u === 'string' && allowed.has(u), {
    type: 'string',
    enum: [...values],
  });
}

/**
 * A string matching the regular expression `source` (anchored by the caller), which the schema
 * carries as `pattern`; with `maxLength`, of at most that many characters (for a pattern that
 * does not bound the length itself).
 */
export function matching(name: string, source: string, maxLength?: number): t.Type<string, string, unknown> {
  // No flags: a JSON Schema pattern has none, so the codec reads the expression exactly as a validator would.
  const re = new RegExp(source, 'u');
  const fits = (u: string): boolean => maxLength === undefined || u.length <= maxLength;
  return predicate(name, (u): u is string => typeof u === 'string' && fits(u) && re.test(u), {
    type: 'string',
    pattern: source,
    ...(maxLength === undefined ? {} : { maxLength }),
  });
}

/** A string of at most `maxLength` characters that is a URL with one of the given schemes (without the colon) and a host. */
export function urlWithScheme(schemes: readonly string[], name: string, maxLength: number): t.Type<string, string, unknown> {
  // No `format: uri`: WHATWG URLs (what Chromium and this check parse) accept more than RFC 3986.
  return predicate(
    name,
    (u): u is string => {
      if (typeof u !== 'string' || u.length > maxLength || !URL.canParse(u)) return false;
      const url = new URL(u);
      return schemes.includes(url.protocol.slice(0, -1)) && url.hostname !== '';
    },
    { type: 'string', minLength: 1, maxLength },
  );
}
