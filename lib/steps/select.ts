import type * as t from 'io-ts';
import type { ElementHandle } from 'playwright';
import { described, predicate } from '../codec/index.js';
import { withNavigation } from '../nav/action.js';
import { ACTION_TIMEOUT_MS, perform, withTarget } from '../target/index.js';
import { StepError } from '../errors.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance } from './budget.js';
import { defineStep, type StepContext } from './define.js';
import type { OptionInfo } from './form-controls.js';
import { customSelectKind, sameText, selectInListbox } from './listbox.js';
import { MAX_SELECT_VALUES } from './limits.js';
import { targeted } from './targeting.js';

const VALUES_NAME = `a string, or an array of at most ${MAX_SELECT_VALUES} strings`;

/** One option (a string) or several (an array of strings, for a <select multiple>). */
const selectValue = predicate(
  VALUES_NAME,
  (u): u is string | string[] => typeof u === 'string' || (Array.isArray(u) && u.length <= MAX_SELECT_VALUES && u.every((x) => typeof x === 'string')),
  { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, maxItems: MAX_SELECT_VALUES }] },
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
  targets: true,
  codec: selectCodec,
  budget: (_params, ctx) => ELEMENT_ALLOWANCE_MS + navigationAllowance(ctx),
  run: async (ctx, params) => {
    await withTarget(ctx, params, 'select', (element) => selectIn(ctx, element, params.value));
  },
});

/** The option `wanted` names: by value exactly, else by its text (case and spacing ignored). */
export function pickOption(options: OptionInfo[], wanted: string): OptionInfo | undefined {
  return options.find((o) => o.value === wanted) ?? options.find((o) => sameText(o.text, wanted));
}

/** The select step's work: chooses the options, then waits for any navigation it caused. */
async function selectIn(ctx: StepContext, element: ElementHandle<Element>, value: string | string[]): Promise<void> {
  await withNavigation(ctx, () => chooseOptions(element, value, 'select.value'));
}

/**
 * Checks that `element` is a select offering every wanted option, then selects exactly those; a
 * listbox or combobox has its options clicked. An array for a select that takes one option is
 * invalid_request at `path`.
 */
export async function chooseOptions(element: ElementHandle<Element>, value: string | string[], path: string): Promise<void> {
  const select = await perform('select', () =>
    element.evaluate((el) =>
      el instanceof HTMLSelectElement
        ? { multiple: el.multiple, options: Array.from(el.options, (o) => ({ value: o.value, text: (o.label || o.text).replace(/\s+/g, ' ').trim() })) }
        : null,
    ),
  );
  if (select === null) {
    const kind = await perform('select', () => element.evaluate(customSelectKind));
    if (!kind) throw new StepError('action_failed', 'select needs a <select> element, a listbox or a combobox', { reason: 'not_a_select' });
    await selectInListbox(element, kind, typeof value === 'string' ? [value] : value, Array.isArray(value), path);
    return;
  }
  if (Array.isArray(value) && !select.multiple) {
    throw new StepError('invalid_request', 'select: an array of options needs a <select multiple>; this select takes one option', {
      path,
      expected: 'a string (one option) for a select that is not multiple',
    });
  }
  const wanted = typeof value === 'string' ? [value] : value;
  const chosen: OptionInfo[] = [];
  for (const one of wanted) {
    const option = pickOption(select.options, one);
    if (!option) {
      throw new StepError('action_failed', `The select has no option with value or text "${one}"`, {
        reason: 'no_such_option',
        options: select.options.slice(0, 50).map((o) => o.value),
      });
    }
    chosen.push(option);
  }
  await perform('select', async () => void (await element.selectOption(chosen.map((o) => ({ value: o.value })), { timeout: ACTION_TIMEOUT_MS })));
}
