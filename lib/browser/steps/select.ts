import type * as t from 'io-ts';
import type { ElementHandle } from 'playwright';
import { described, predicate } from '../../contract/codec/index.js';
import { withNavigation } from '../act/navigation/action.js';
import { ACTION_TIMEOUT_MS, perform, refGone } from '../act/targeting/index.js';
import { withLocated, type Located } from '../act/targeting/located.js';
import { pickOptionIndex } from '../injected/strings.js';
import { onElement } from '../program.js';
import { StepError } from '../../contract/errors.js';
import { ELEMENT_ALLOWANCE_MS, navigationAllowance } from '../act/budget.js';
import { defineStep, type StepContext } from '../act/define.js';
import { selectInListbox } from '../forms/listbox.js';
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
  targets: true,
  codec: selectCodec,
  budget: (_params, ctx) => ELEMENT_ALLOWANCE_MS + navigationAllowance(ctx),
  run: async (ctx, params) => {
    await withLocated(ctx, params, 'select', (located) => withNavigation(ctx, () => chooseLocated(ctx, located, params.value, 'select.value')));
  },
});

/**
 * Chooses the options in a found target. A plain <select> of the top document that is ready is
 * set by the walker in one round trip (lib/target/page/act.ts), which spares the document
 * Playwright's injected script; anything else goes through chooseOptions, as before.
 */
async function chooseLocated(ctx: StepContext, located: Located, value: string | string[], path: string): Promise<void> {
  if (located.inTop) {
    const done = await perform('select', () => located.ask('chooseOptions', typeof value === 'string' ? [value] : value, Array.isArray(value)));
    if (done.state === 'gone') throw refGone(ctx, located.found.ref, located.target);
    if (done.state === 'single') throw oneOptionOnly(path);
    if (done.state === 'missing') throw noSuchOption(done.wanted, done.values);
    if (done.state === 'chosen') return;
  }
  await chooseOptions(await located.element(), value, path);
}

/** An array given to a select that takes one option: invalid_request at `path`. */
function oneOptionOnly(path: string): StepError {
  return new StepError('invalid_request', 'select: an array of options needs a <select multiple>; this select takes one option', {
    path,
    expected: 'a string (one option) for a select that is not multiple',
  });
}

/** An option the select does not offer: action_failed listing (the first 50 of) the values it does. */
function noSuchOption(wanted: string, values: string[]): StepError {
  return new StepError('action_failed', `The select has no option with value or text "${wanted}"`, { reason: 'no_such_option', options: values.slice(0, 50) });
}

/**
 * Checks that `element` is a select offering every wanted option, then selects exactly those; a
 * listbox or combobox has its options clicked. An array for a select that takes one option is
 * invalid_request at `path`.
 */
export async function chooseOptions(element: ElementHandle, value: string | string[], path: string): Promise<void> {
  const select = await perform('select', () => onElement(element, 'selectState'));
  if (select === null) {
    const kind = await perform('select', () => onElement(element, 'customSelectKind'));
    if (!kind) throw new StepError('action_failed', 'select needs a <select> element, a listbox or a combobox', { reason: 'not_a_select' });
    await selectInListbox(element, kind, typeof value === 'string' ? [value] : value, Array.isArray(value), path);
    return;
  }
  if (Array.isArray(value) && !select.multiple) throw oneOptionOnly(path);
  const wanted = typeof value === 'string' ? [value] : value;
  const chosen: number[] = [];
  for (const one of wanted) {
    const index = pickOptionIndex(select.options, one);
    if (index < 0) throw noSuchOption(one, select.options.map((o) => o.value));
    chosen.push(index);
  }
  // By index: of two options holding one value, the one named by its text.
  await perform('select', async () => void (await element.selectOption(chosen.map((index) => ({ index })), { timeout: ACTION_TIMEOUT_MS })));
}
