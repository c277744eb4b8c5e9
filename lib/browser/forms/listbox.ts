// select on a custom select: an ARIA listbox (role=listbox holding role=option), or a combobox
// (role=combobox, or a button with aria-haspopup=listbox) whose listbox opens when clicked. The
// options are clicked as a person clicks them; the page's own script does the choosing.
import type { ElementHandle } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';
import type { CustomSelectKind } from '../injected/forms/types.js';
import { pickAriaOptionIndex } from '../injected/strings.js';
import { elementFrom, onElement } from '../program.js';

/**
 * Chooses `wanted` (option texts or values) in a custom select: opens a combobox first, then
 * clicks each option; in a multi-select listbox (aria-multiselectable) it also clicks chosen
 * options that are not wanted, so that exactly those remain chosen.
 */
export async function selectInListbox(element: ElementHandle, kind: NonNullable<CustomSelectKind>, wanted: string[], many: boolean, path: string): Promise<void> {
  const box = kind === 'combobox' ? await openListbox(element) : element;
  try {
    const multiple = await onElement(box, 'multiselectable');
    if (many && !multiple) {
      throw new StepError('invalid_request', 'select: an array of options needs a multiple select; this listbox takes one option', {
        path,
        expected: 'a string (one option) for a listbox that is not aria-multiselectable',
      });
    }
    const options = await onElement(box, 'ariaOptions');
    const picks = wanted.map((one) => {
      const index = pickAriaOptionIndex(options, one);
      if (index < 0) {
        throw new StepError('action_failed', `The listbox has no option "${one}"`, { reason: 'no_such_option', options: options.slice(0, 50).map((o) => o.text) });
      }
      return index;
    });
    const clicks = multiple
      ? options.flatMap((o, i) => ((picks.includes(i) ? !o.selected : o.selected) ? [i] : []))
      : picks.filter((i) => !options[i]!.selected || kind === 'combobox');
    for (const index of clicks) {
      const target = await elementFrom(box, 'ariaOption', index);
      try {
        if (target) await perform('select', () => target.click({ timeout: ACTION_TIMEOUT_MS }));
      } finally {
        await target?.dispose();
      }
    }
  } finally {
    if (box !== element) await box.dispose();
  }
}

/** Opens a combobox as a person does, by a click; the listbox it shows. */
async function openListbox(combobox: ElementHandle): Promise<ElementHandle> {
  await perform('select', () => combobox.click({ timeout: ACTION_TIMEOUT_MS }));
  const box = await perform('select', () => elementFrom(combobox, 'controlledListbox'));
  if (!box) throw new StepError('action_failed', 'select failed: the combobox opened no listbox of options', { reason: 'no_listbox' });
  return box;
}
