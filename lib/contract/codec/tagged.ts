import * as t from 'io-ts';
import { complain, isObject, ownValue } from './objects.js';
import { withSchema } from './schema.js';

/**
 * An object whose `tag` field picks the codec that decodes the whole of it: a wrong or missing
 * tag is reported at the tag (`events[2].type`), and any other problem by that variant's codec,
 * so the path names the field, not "one of several shapes".
 */
export function taggedUnion<const K extends string, V extends Record<string, t.Mixed>>(
  tag: K,
  variants: V,
  name: string,
): t.Type<t.TypeOf<V[keyof V]>, t.OutputOf<V[keyof V]>, unknown> {
  const tags = Object.keys(variants);
  const expected = `one of: ${tags.join(', ')}`;
  const pick = (u: unknown): t.Mixed | undefined => {
    const value = isObject(u) ? ownValue(u, tag) : undefined;
    return typeof value === 'string' && Object.hasOwn(variants, value) ? variants[value] : undefined;
  };
  const codec = new t.Type<t.TypeOf<V[keyof V]>, t.OutputOf<V[keyof V]>, unknown>(
    name,
    (u): u is t.TypeOf<V[keyof V]> => pick(u)?.is(u) ?? false,
    (u, c) => {
      if (!isObject(u)) return t.failure(u, c, name);
      const variant = pick(u);
      if (!variant) return complain(u, c, { key: tag, expected });
      return variant.validate(u, c) as t.Validation<t.TypeOf<V[keyof V]>>;
    },
    (a) => (pick(a)?.encode(a) ?? a) as t.OutputOf<V[keyof V]>,
  );
  return withSchema(codec, (w) => ({ oneOf: tags.map((key) => w.walk(variants[key]!)) }));
}
