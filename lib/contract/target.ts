import type * as t from 'io-ts';
import { described, refine, strictObject, type Props } from './codec/index.js';
import { targetText } from './text.js';

/** The three ways to name an element (contract 4.4, element targeting); exactly one is given. */
export const targetFields = {
  ref: described(targetText, 'Ref of an element from the latest observation (e1, e2, ...).'),
  text: described(targetText, 'Visible text of a button, link or other clickable; exact match first, then prefix, then substring (spacing ignored; at each, the case as written before any case).'),
  label: described(targetText, 'Label of a field: aria-label, placeholder, associated label, name attribute, then nearby text.'),
};

/** `codec` plus the rule that exactly one of `keys` is present; the error sits on the object itself. */
export function exactlyOneOf<A, O>(codec: t.Type<A, O, unknown>, keys: ReadonlyArray<keyof A & string>): t.Type<A, O, unknown> {
  const expected = `exactly one of ${keys.join(', ')}`;
  // oneOf of `required` says the same: an object naming two of the keys matches two branches.
  return refine(codec, (a) => (keys.filter((key) => a[key] !== undefined).length === 1 ? undefined : { expected }), {
    oneOf: keys.map((key) => ({ required: [key] })),
  });
}

/** The parameters of a targeting step: `fields` plus exactly one of ref, text, label. */
export function targeted<R extends Props>(fields: R) {
  return exactlyOneOf(strictObject(fields, targetFields), ['ref', 'text', 'label']);
}
