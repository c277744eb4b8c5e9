import type * as t from 'io-ts';
import { described, predicate } from '../../contract/codec/index.js';
import { defineStep } from '../act/define.js';
import { chooseLocated } from '../forms/select.js';
import { MAX_SELECT_VALUES } from '../../contract/limits.js';
import { MAX_VALUE_LENGTH } from '../../contract/text.js';
import { targeted } from '../../contract/target.js';

// The bound of each string is the schema's to show; the phrase stays short.
const VALUES_NAME = `a string, or an array of at most ${MAX_SELECT_VALUES} strings`;
const isValue = (u: unknown): u is string => typeof u === 'string' && u.length <= MAX_VALUE_LENGTH;
const valueSchema = { type: 'string', maxLength: MAX_VALUE_LENGTH };

/** One option (a string) or several (an array of strings, for a <select multiple>). */
const selectValue = predicate(
  VALUES_NAME,
  (u): u is string | string[] => isValue(u) || (Array.isArray(u) && u.length <= MAX_SELECT_VALUES && u.every(isValue)),
  { anyOf: [valueSchema, { type: 'array', items: valueSchema, maxItems: MAX_SELECT_VALUES }] },
);

/** Parameters of select: a target and the option (or, for a multiple select, options) to choose. */
export const selectCodec = described(
  targeted({
    value: described(
      selectValue,
      'The option to choose, by value attribute, else by its text (case and spacing ignored). For a <select multiple>, an array chooses exactly those options (an empty array none); a select that is not multiple takes only a string.',
    ),
  }),
  'Chooses an option of a select element, or several of a multiple select, or clicks the options of an ARIA listbox or combobox; an unknown option is action_failed listing the values.',
);

/** Decoded select parameters. */
export type SelectParams = t.TypeOf<typeof selectCodec>;

/** The select step. */
export const selectStep = defineStep({
  name: 'select',
  codec: selectCodec,
  acts: 'element',
  purpose: 'select',
  playwright: true,
  navigation: 'caused',
  run: (scope, params, element) => chooseLocated(scope, element, params.value, 'select.value'),
});
