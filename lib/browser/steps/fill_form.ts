import type * as t from 'io-ts';
import type { ElementHandle } from 'playwright';
import { boolean, described, predicate, recordOf, strictObject, withDefault } from '../../contract/codec/index.js';
import { StepError } from '../../contract/errors.js';
import { defineStep, type PageStepTools } from '../act/define.js';
import type { Act } from '../act/act.js';
import { checkFilled, fillValue, handleFieldAfterFill, type FillCheck } from '../forms/fill.js';
import { setToggle } from '../forms/controls.js';
import { chooseOptions } from '../forms/select.js';
import { elementFrom, onElement } from '../program.js';
import { MAX_SELECT_VALUES } from '../../contract/limits.js';
import { MAX_TARGET_LENGTH, MAX_VALUE_LENGTH } from '../../contract/text.js';
import { submitForm } from '../forms/submit.js';

const isValue = (u: unknown): u is string => typeof u === 'string' && u.length <= MAX_VALUE_LENGTH;
const fieldValue = predicate(
  'string, boolean or array of strings',
  (u): u is string | boolean | string[] => isValue(u) || typeof u === 'boolean' || (Array.isArray(u) && u.length <= MAX_SELECT_VALUES && u.every(isValue)),
  {
    anyOf: [
      { type: 'string', maxLength: MAX_VALUE_LENGTH },
      { type: 'boolean' },
      { type: 'array', items: { type: 'string', maxLength: MAX_VALUE_LENGTH }, maxItems: MAX_SELECT_VALUES },
    ],
  },
);

/** Parameters of fill_form: labels to values (booleans for checkboxes) and whether to submit. */
export const fillFormCodec = described(
  strictObject({
    fields: described(
      recordOf(fieldValue, { min: 1, maxKeyLength: MAX_TARGET_LENGTH, name: 'an object of field labels to values (string, boolean or array of strings)' }),
      'Field labels to values: text for text fields (dates, times and numbers as people write them), an option value or text for selects and listboxes (an array of them for a multiple select), a boolean for checkboxes, a label or value for radio groups.',
    ),
    submit: described(withDefault(boolean, false), 'Submits the form afterwards.'),
  }),
  'Fills a form by field labels, detecting each field\'s kind.',
);

/** Decoded fill_form parameters. */
export type FillFormParams = t.TypeOf<typeof fillFormCodec>;

const TRUE_WORDS = new Set(['true', 'on', 'yes', '1', 'checked']);
const FALSE_WORDS = new Set(['false', 'off', 'no', '0', 'unchecked']);

const badValue = (label: string, expected: string): StepError =>
  new StepError('invalid_request', `fill_form: the value for "${label}" does not suit the field`, { path: `fill_form.fields.${label}`, expected });

/** A checkbox's wanted state: a boolean, or a word that means one. */
function wantedState(label: string, value: string | boolean): boolean {
  if (typeof value === 'boolean') return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw badValue(label, 'a boolean (or "true"/"false", "on"/"off", "yes"/"no") for a checkbox');
}

/** Fills one located field according to what it turns out to be; a text-like field answers what to read back. */
async function fillField(handle: ElementHandle, label: string, value: string | boolean | string[]): Promise<FillCheck | null> {
  // A custom select (an ARIA listbox, or a combobox that is not a text field) is chosen in like a select.
  const kind = await onElement(handle, 'controlKind');
  if (Array.isArray(value) && kind !== 'select') throw badValue(label, 'a string or a boolean for a field that is not a select');
  const one = value as string | boolean;
  switch (kind) {
    case 'checkbox':
      await setToggle(handle, wantedState(label, one), label);
      break;
    case 'radio': {
      if (typeof one === 'boolean') {
        await setToggle(handle, one, label);
        break;
      }
      const radio = await elementFrom(handle, 'radioOfGroup', one);
      if (!radio) {
        // {"Pro": "yes"} names the radio itself; a word that is no choice of the group means a state.
        const word = one.trim().toLowerCase();
        if (TRUE_WORDS.has(word) || FALSE_WORDS.has(word)) {
          await setToggle(handle, TRUE_WORDS.has(word), label);
          break;
        }
        throw new StepError('action_failed', `The radio group of "${label}" has no choice "${one}"`, { reason: 'no_such_option' });
      }
      await setToggle(radio, true, `${label}: ${one}`);
      await radio.dispose();
      break;
    }
    case 'select':
      if (typeof value === 'boolean') throw badValue(label, 'a string (option value or text), or an array of them for a multiple select');
      await chooseOptions(handle, value, `fill_form.fields.${label}`);
      break;
    case 'file':
      throw badValue(label, 'a field fill_form can set (use the upload step for a file input)');
    case 'button':
      throw badValue(label, 'a form field, not a button');
    case 'text':
      if (typeof one !== 'string') throw badValue(label, 'a string for a text field');
      return fillValue(handle, one, `fill of "${label}"`);
  }
  return null;
}

/** Fills every field in order; with `submit`, submits the form most of them belong to. */
async function fillAll(act: Act, params: FillFormParams, tools: PageStepTools): Promise<void> {
  const checks: Array<[ElementHandle, string, FillCheck]> = [];
  const handles: ElementHandle[] = [];
  for (const [label, value] of Object.entries(params.fields)) {
    // Kept until the step ends: the submit looks for the form most of them belong to.
    const handle = await (await tools.locate({ label }, 'input')).element();
    handles.push(handle);
    const check = await fillField(handle, label, value);
    if (check) checks.push([handle, label, check]);
  }
  // Read back once the page has reacted to the fields (the requests they fired answered, a
  // frame drawn), and before a submit takes them away.
  if (checks.length > 0) await tools.settled();
  for (const [handle, label, check] of checks) checkFilled(await handleFieldAfterFill(handle), check, `fill of "${label}"`);
  if (!params.submit) return;
  const anchor = handles[0]!;
  const frame = await anchor.ownerFrame();
  const sameFrame: ElementHandle[] = [];
  for (const handle of handles) if ((await handle.ownerFrame()) === frame) sameFrame.push(handle);
  await submitForm(act.page, anchor, sameFrame);
}

/**
 * The fill_form step: each label is located like a `fill` target (aria-label, placeholder, label,
 * name, nearby text) and set by kind: text-like fields filled (input and change fire), selects by
 * option value or text, checkboxes and switches to a boolean, a radio group to the choice named by
 * a string (or one radio to a boolean). With `submit`, the form's submit control is clicked and any
 * navigation it causes is waited for.
 */
export const fillFormStep = defineStep({
  name: 'fill_form',
  codec: fillFormCodec,
  acts: 'page',
  playwright: true,
  navigation: 'caused',
  // Each field is one element to act on, and so is the submit control.
  elements: (params) => Object.keys(params.fields).length + 1,
  run: (act, params, tools) => fillAll(act, params, tools),
});
