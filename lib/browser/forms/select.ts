// select's choosing, for the select step and fill_form's selects: a plain <select> of the top
// document through the page's program in one round trip, anything else through Playwright (a
// select in a frame, one not ready yet) or by clicking the options of an ARIA listbox.
import type { ElementHandle } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform, refGone } from '../act/targeting/index.js';
import type { Located } from '../act/targeting/located.js';
import type { Act } from '../act/act.js';
import { pickOptionIndex } from '../injected/strings.js';
import { onElement } from '../program.js';
import { selectInListbox } from './listbox.js';

/**
 * Chooses the options in a found target. A plain <select> of the top document that is ready is
 * set by the walker in one round trip (lib/browser/injected/target/act.ts), which spares the document
 * Playwright's injected script; anything else goes through chooseOptions.
 */
export async function chooseLocated(act: Act, located: Located, value: string | string[], path: string): Promise<void> {
  if (located.inTop) {
    const done = await perform('select', () => located.ask('chooseOptions', typeof value === 'string' ? [value] : value, Array.isArray(value)));
    if (done.state === 'gone') throw refGone(act, located.found.ref, located.target);
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
