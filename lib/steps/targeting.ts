import type * as t from 'io-ts';
import { nonEmptyString, refine, strictObject, type Props } from '../codec/index.js';

/** The three ways to name an element (contract 4.4, element targeting); exactly one is given. */
export const targetFields = { ref: nonEmptyString, text: nonEmptyString, label: nonEmptyString };

/** `codec` plus the rule that exactly one of `keys` is present; the error sits on the object itself. */
export function exactlyOneOf<A, O>(codec: t.Type<A, O, unknown>, keys: ReadonlyArray<keyof A & string>): t.Type<A, O, unknown> {
  const expected = `exactly one of ${keys.join(', ')}`;
  return refine(codec, (a) => (keys.filter((key) => a[key] !== undefined).length === 1 ? undefined : { expected }));
}

/** The parameters of a targeting step: `fields` plus exactly one of ref, text, label. */
export function targeted<R extends Props>(fields: R) {
  return exactlyOneOf(strictObject(fields, targetFields), ['ref', 'text', 'label']);
}
