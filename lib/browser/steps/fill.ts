import type * as t from 'io-ts';
import { described } from '../../contract/codec/index.js';
import { valueText } from '../../contract/text.js';
import { defineStep } from '../act/define.js';
import { checkFilled, fieldAfterFill, fillLocated } from '../forms/fill.js';
import { targeted } from '../../contract/target.js';

/** Parameters of fill: a target and the value that replaces the field's content (may be empty, to clear it). */
export const fillCodec = described(
  targeted({ value: described(valueText, 'The new value; replaces the content (empty clears the field).') }),
  'Clears a field and fills in a value, then leaves the field (input and change fire) and reads the value back. Date, time, month, week and number inputs take the forms people write (09/10/2012, 10 Sep 2012, 2:30 pm, 1,234.5).',
);

/** Decoded fill parameters. */
export type FillParams = t.TypeOf<typeof fillCodec>;

/**
 * The fill step: converts a written date, time or number to the field's format, clears and
 * replaces the value (input event), leaves the field (change event), and once the page reacted
 * (the requests the fill fired answered, a frame) reads the value back: one that did not take is action_failed.
 */
export const fillStep = defineStep({
  name: 'fill',
  codec: fillCodec,
  acts: 'element',
  purpose: 'input',
  navigation: 'caused',
  run: (scope, params, element) => fillLocated(scope, element, params.value),
  // A page that moved on took the field with it: nothing to read back.
  verify: async (_scope, element, check, navigated) => {
    if (check && !navigated) checkFilled(await fieldAfterFill(element), check);
  },
});
