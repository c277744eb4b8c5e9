import type * as t from 'io-ts';
import type { ElementHandle } from 'playwright';
import { described, string } from '../codec/index.js';
import { withNavigation } from '../nav/action.js';
import { ACTION_TIMEOUT_MS, perform, withTarget } from '../target/index.js';
import { StepError } from '../errors.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance } from './budget.js';
import { defineStep, type StepContext } from './define.js';
import { targeted } from './targeting.js';

/** Parameters of select: a target and the option value to choose. */
export const selectCodec = described(
  targeted({ value: described(string, 'The value attribute of the option to choose.') }),
  'Chooses an option of a select element; an unknown value is action_failed listing the values.',
);

/** Decoded select parameters. */
export type SelectParams = t.TypeOf<typeof selectCodec>;

/** The select step. */
export const selectStep = defineStep({
  name: 'select',
  codec: selectCodec,
  budget: (_params, ctx) => ELEMENT_ALLOWANCE_MS + navigationAllowance(ctx),
  run: async (ctx, params) => {
    await withTarget(ctx, params, 'select', (element) => selectIn(ctx, element, params.value));
  },
});

/** Checks that `element` is a select offering `value`, then selects it. */
async function selectIn(ctx: StepContext, element: ElementHandle<Element>, value: string): Promise<void> {
  const options = await perform('select', () =>
    element.evaluate((el) => (el instanceof HTMLSelectElement ? Array.from(el.options, (o) => o.value) : null)),
  );
  if (options === null) throw new StepError('action_failed', 'select needs a <select> element', { reason: 'not_a_select' });
  if (!options.includes(value)) {
    throw new StepError('action_failed', `The select has no option with value "${value}"`, { reason: 'no_such_option', options: options.slice(0, 50) });
  }
  await withNavigation(ctx, () => perform('select', async () => void (await element.selectOption({ value }, { timeout: ACTION_TIMEOUT_MS }))));
}
