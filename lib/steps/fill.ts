import type * as t from 'io-ts';
import { described, string } from '../codec/index.js';
import { withNavigation } from '../nav/action.js';
import { ACTION_TIMEOUT_MS, leaveField, perform, withTarget } from '../target/index.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance } from './budget.js';
import { defineStep } from './define.js';
import { targeted } from './targeting.js';

/** Parameters of fill: a target and the value that replaces the field's content (may be empty, to clear it). */
export const fillCodec = described(
  targeted({ value: described(string, 'The new value; replaces the content (empty clears the field).') }),
  'Clears a field and fills in a value, then leaves the field (input and change fire).',
);

/** Decoded fill parameters. */
export type FillParams = t.TypeOf<typeof fillCodec>;

/** The fill step: clears and replaces the value (input event), then leaves the field (change event). */
export const fillStep = defineStep({
  name: 'fill',
  codec: fillCodec,
  budget: (_params, ctx) => ELEMENT_ALLOWANCE_MS + navigationAllowance(ctx),
  run: async (ctx, params) => {
    await withTarget(ctx, params, 'input', (element) =>
      withNavigation(ctx, () =>
        perform('fill', async () => {
          await element.fill(params.value, { timeout: ACTION_TIMEOUT_MS });
          await element.evaluate(leaveField);
        }),
      ),
    );
  },
});
