import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { NO_SUCH_FIELD } from './report.js';
import { predicate } from './scalars.js';
import { withSchema, type JsonSchema, type SchemaSource, type SchemaWalker } from './schema.js';

/** Codecs by field name, as strictObject takes them. */
export type Props = Record<string, t.Mixed>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type NoProps = Record<never, t.Mixed>;

/** The decoded shape of strictObject(required, optional). */
export type StrictOf<R extends Props, O extends Props> = Simplify<
  { [K in keyof R]: t.TypeOf<R[K]> } & { [K in keyof O]?: t.TypeOf<O[K]> }
>;
type StrictOutput<R extends Props, O extends Props> = Simplify<
  { [K in keyof R]: t.OutputOf<R[K]> } & { [K in keyof O]?: t.OutputOf<O[K]> }
>;

/** What a cross-field check reports: the phrase wanted and, when it concerns one field, that field's key. */
export interface Complaint {
  expected: string;
  key?: string;
}

/** True for a JSON object (not null, not an array). */
export function isObject(u: unknown): u is Record<string, unknown> {
  return typeof u === 'object' && u !== null && !Array.isArray(u);
}

/** The own property `key` of `u`, so that `constructor` or `__proto__` never reach the prototype. */
export function ownValue(u: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(u, key) ? u[key] : undefined;
}

const noSuchField = predicate(NO_SUCH_FIELD, (_u): _u is never => false);

/** A failure at `c`, or at its child `key` when one is given; `expected` becomes the reported phrase. */
export function complain<A>(u: unknown, c: t.Context, complaint: Complaint): t.Validation<A> {
  if (complaint.key === undefined) return t.failure(u, c, complaint.expected);
  const actual = isObject(u) || Array.isArray(u) ? ownValue(u as Record<string, unknown>, complaint.key) : undefined;
  const child = t.appendContext(c, complaint.key, predicate(complaint.expected, (_u): _u is never => false), actual);
  return t.failure(actual, child, complaint.expected);
}

/**
 * An object with `required` fields (always validated, so withDefault fields belong here) and
 * `optional` ones (skipped when absent). Any other key is an error at that key: 'no such field'.
 * Unknown keys are reported first because a misspelt key usually explains a missing one.
 */
export function strictObject<R extends Props, O extends Props = NoProps>(
  required: R,
  optional?: O,
  name = 'an object',
): t.Type<StrictOf<R, O>, StrictOutput<R, O>, unknown> {
  const opt: Props = optional ?? {};
  const known = (key: string) => Object.hasOwn(required, key) || Object.hasOwn(opt, key);
  const all = [...Object.entries(required), ...Object.entries(opt)];
  const present = (value: Record<string, unknown>, key: string) => ownValue(value, key) !== undefined || Object.hasOwn(required, key);
  const codec = new t.Type<StrictOf<R, O>, StrictOutput<R, O>, unknown>(
    name,
    (u): u is StrictOf<R, O> =>
      isObject(u) &&
      Object.keys(u).every(known) &&
      all.every(([key, codec]) => !present(u, key) || codec.is(ownValue(u, key))),
    (u, c) => {
      if (!isObject(u)) return t.failure(u, c, name);
      const errors: t.Errors = [];
      for (const key of Object.keys(u)) {
        if (!known(key)) errors.push({ value: u[key], context: t.appendContext(c, key, noSuchField, u[key]), message: NO_SUCH_FIELD });
      }
      const out: Record<string, unknown> = {};
      for (const [key, codec] of all) {
        if (!present(u, key)) continue;
        const v = ownValue(u, key);
        const result = codec.validate(v, t.appendContext(c, key, codec, v));
        if (isLeft(result)) errors.push(...result.left);
        else out[key] = result.right;
      }
      return errors.length > 0 ? t.failures(errors) : t.success(out as StrictOf<R, O>);
    },
    (a) => {
      const value = a as Record<string, unknown>;
      return Object.fromEntries(all.filter(([key]) => present(value, key)).map(([key, codec]) => [key, codec.encode(value[key])])) as StrictOutput<R, O>;
    },
  );
  return withSchema(codec, (w) => objectSchema(w, required, opt));
}

/** The schema of a strictObject: a required field with a default may be left out, so only the others are `required`. */
function objectSchema(w: SchemaWalker, required: Props, optional: Props): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, codec] of [...Object.entries(required), ...Object.entries(optional)]) properties[key] = w.walk(codec, key);
  const mandatory = Object.keys(required).filter((key) => !Object.hasOwn(properties[key] ?? {}, 'default'));
  return { type: 'object', properties, ...(mandatory.length ? { required: mandatory } : {}), additionalProperties: false };
}

/** `codec`, except that an absent value (undefined) decodes to a fresh copy of `value`. */
export function withDefault<C extends t.Mixed>(codec: C, value: t.TypeOf<C>): t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown> {
  const defaulted = new t.Type<t.TypeOf<C>, t.OutputOf<C>, unknown>(
    codec.name,
    codec.is,
    // A fresh copy, so a caller that mutates its decoded params cannot change the default.
    (u, c) => (u === undefined ? t.success(structuredClone(value)) : codec.validate(u, c)),
    codec.encode,
  );
  return withSchema(defaulted, (w) => ({ ...w.walk(codec), default: structuredClone(value) as unknown }));
}

/**
 * `codec` followed by a check on the decoded value; the check names what was wanted, and where.
 * `schema` adds the keywords that say the same check in JSON Schema, when it can be said there.
 */
export function refine<A, O>(codec: t.Type<A, O, unknown>, check: (a: A) => Complaint | undefined, schema: SchemaSource = {}): t.Type<A, O, unknown> {
  const refined = new t.Type<A, O, unknown>(
    codec.name,
    (u): u is A => codec.is(u) && check(u) === undefined,
    (u, c) => {
      const result = codec.validate(u, c);
      if (isLeft(result)) return result;
      const complaint = check(result.right);
      return complaint ? complain(u, c, complaint) : result;
    },
    codec.encode,
  );
  return withSchema(refined, (w) => ({ ...w.walk(codec), ...(typeof schema === 'function' ? schema(w) : structuredClone(schema)) }));
}

/** `codec` followed by a completion of the decoded value (defaults that depend on other fields). */
export function complete<A, B extends A, O>(codec: t.Type<A, O, unknown>, f: (a: A) => B): t.Type<B, O, unknown> {
  const completed = new t.Type<B, O, unknown>(
    codec.name,
    (u): u is B => codec.is(u),
    (u, c) => {
      const result = codec.validate(u, c);
      return isLeft(result) ? result : t.success(f(result.right));
    },
    codec.encode,
  );
  // What the completion fills in depends on other fields, so the codec's description says it.
  return withSchema(completed, (w) => w.walk(codec));
}

/** Options of arrayOf: the length bounds and the phrase naming the whole array. */
export interface ArrayOptions {
  min?: number;
  max?: number;
  name: string;
}

/** An array whose length is within bounds (checked before the items, so a huge array fails fast). */
export function arrayOf<C extends t.Mixed>(item: C, options: ArrayOptions): t.Type<Array<t.TypeOf<C>>, Array<t.OutputOf<C>>, unknown> {
  const { min = 0, max = Infinity, name } = options;
  const codec = new t.Type<Array<t.TypeOf<C>>, Array<t.OutputOf<C>>, unknown>(
    name,
    (u): u is Array<t.TypeOf<C>> => Array.isArray(u) && u.length >= min && u.length <= max && u.every((x) => item.is(x)),
    (u, c) => {
      if (!Array.isArray(u) || u.length < min || u.length > max) return t.failure(u, c, name);
      const errors: t.Errors = [];
      const out: Array<t.TypeOf<C>> = [];
      u.forEach((x: unknown, i) => {
        const result = item.validate(x, t.appendContext(c, String(i), item, x));
        if (isLeft(result)) errors.push(...result.left);
        else out.push(result.right as t.TypeOf<C>);
      });
      return errors.length > 0 ? t.failures(errors) : t.success(out);
    },
    (a) => a.map((x) => item.encode(x) as t.OutputOf<C>),
  );
  return withSchema(codec, (w) => ({
    type: 'array',
    items: w.walk(item, '[]'),
    ...(min > 0 ? { minItems: min } : {}),
    ...(Number.isFinite(max) ? { maxItems: max } : {}),
  }));
}

/** Options of recordOf: the number of entries, the longest key (both unbounded when left out) and the phrase naming the whole object. */
export interface RecordOptions {
  min?: number;
  max?: number;
  maxKeyLength?: number;
  name: string;
}

/** An object of free keys (non-empty, at most `maxKeyLength` characters) whose values all decode with `value`. */
export function recordOf<C extends t.Mixed>(value: C, options: RecordOptions): t.Type<Record<string, t.TypeOf<C>>, Record<string, t.OutputOf<C>>, unknown> {
  const { min = 0, max = Infinity, maxKeyLength = Infinity, name } = options;
  const sized = (u: Record<string, unknown>): boolean => {
    const count = Object.keys(u).length;
    return count >= min && count <= max;
  };
  const keyFits = (key: string): boolean => key !== '' && key.length <= maxKeyLength;
  const codec = new t.Type<Record<string, t.TypeOf<C>>, Record<string, t.OutputOf<C>>, unknown>(
    name,
    (u): u is Record<string, t.TypeOf<C>> => isObject(u) && sized(u) && Object.entries(u).every(([key, x]) => keyFits(key) && value.is(x)),
    (u, c) => {
      if (!isObject(u) || !sized(u)) return t.failure(u, c, name);
      const errors: t.Errors = [];
      const entries: Array<[string, t.TypeOf<C>]> = [];
      for (const [key, x] of Object.entries(u)) {
        // An empty key cannot name a field, and its path would end in a dangling dot; an overlong one is reported on the object, not echoed as a path.
        const result =
          key === ''
            ? t.failure<unknown>(u, c, 'non-empty field names')
            : key.length > maxKeyLength
              ? t.failure<unknown>(u, c, `field names of at most ${maxKeyLength} characters`)
              : value.validate(x, t.appendContext(c, key, value, x));
        if (isLeft(result)) errors.push(...result.left);
        else entries.push([key, result.right as t.TypeOf<C>]);
      }
      // fromEntries defines own properties, so a key named __proto__ stays data.
      return errors.length > 0 ? t.failures(errors) : t.success(Object.fromEntries(entries));
    },
    (a) => Object.fromEntries(Object.entries(a).map(([k, x]) => [k, value.encode(x) as t.OutputOf<C>])),
  );
  return withSchema(codec, (w) => ({
    type: 'object',
    propertyNames: { minLength: 1, ...(Number.isFinite(maxKeyLength) ? { maxLength: maxKeyLength } : {}) },
    additionalProperties: w.walk(value, '*'),
    ...(min > 0 ? { minProperties: min } : {}),
    ...(Number.isFinite(max) ? { maxProperties: max } : {}),
  }));
}

/** `codec` or null (answers' fields that are null until something happened). */
export function nullable<A, O>(codec: t.Type<A, O, unknown>): t.Type<A | null, O | null, unknown> {
  const orNull = new t.Type<A | null, O | null, unknown>(
    `${codec.name} or null`,
    (u): u is A | null => u === null || codec.is(u),
    (u, c) => (u === null ? t.success(null) : codec.validate(u, c)),
    (a) => (a === null ? null : codec.encode(a)),
  );
  return withSchema(orNull, (w) => ({ oneOf: [w.walk(codec), { type: 'null' }] }));
}
