import type * as t from 'io-ts';
import { described } from '../../contract/codec/index.js';
import { valueText } from '../../contract/text.js';
import { withNavigation } from '../act/navigation/action.js';
import { withLocated } from '../act/targeting/located.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance } from '../act/budget.js';
import { defineStep } from '../act/define.js';
import { checkFilled, fieldAfterFill, fillLocated, type FillCheck } from '../forms/fill.js';
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
  budget: (_params, ctx) => ELEMENT_ALLOWANCE_MS + navigationAllowance(ctx),
  run: async (ctx, params) => {
    await withLocated(ctx, params, 'input', async (located) => {
      let check: FillCheck | null = null;
      const navigated = await withNavigation(ctx, async () => void (check = await fillLocated(ctx, located, params.value)));
      if (check && !navigated) checkFilled(await fieldAfterFill(located), check);
    });
  },
});
