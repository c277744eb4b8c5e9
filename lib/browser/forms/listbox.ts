// select on a custom select: an ARIA listbox (role=listbox holding role=option), or a combobox
// (role=combobox, or a button with aria-haspopup=listbox) whose listbox opens when clicked. The
// options are clicked as a person clicks them; the page's own script does the choosing.
import type { ElementHandle } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';
import { sameText } from '../injected/target/options.js';

/** An ARIA option as the page shows it. */
interface AriaOption {
  text: string;
  value: string;
  selected: boolean;
}

/** Runs in the page: whether `el` is a listbox, a combobox that opens one, or neither. */
export function customSelectKind(el: Element): 'listbox' | 'combobox' | null {
  const role = (el.getAttribute('role') ?? '').trim().toLowerCase();
  if (role === 'listbox') return 'listbox';
  if (role === 'combobox' || el.getAttribute('aria-haspopup') === 'listbox') return 'combobox';
  return null;
}

/** Runs in the page: the listbox a combobox controls (aria-controls, aria-owns), else the one shown in the document; null while none shows. */
function controlledListbox(el: Element): Element | null {
  const doc = el.ownerDocument;
  const shows = (e: Element): boolean => e.getClientRects().length > 0 && e.checkVisibility({ checkOpacity: true, visibilityProperty: true });
  for (const attribute of ['aria-controls', 'aria-owns']) {
    for (const id of (el.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
      const found = doc.getElementById(id);
      const box = found?.getAttribute('role') === 'listbox' ? found : found?.querySelector('[role="listbox"]');
      if (box && shows(box)) return box;
    }
  }
  const inside = el.querySelector('[role="listbox"]');
  if (inside && shows(inside)) return inside;
  return Array.from(doc.querySelectorAll('[role="listbox"]')).find(shows) ?? null;
}

/** Runs in the page: the options of listbox `box`, with their text, value (data-value, else id) and selected state. */
function ariaOptions(box: Element): AriaOption[] {
  return Array.from(box.querySelectorAll('[role="option"]'), (o) => ({
    text: (o.textContent ?? '').replace(/\s+/g, ' ').trim(),
    value: o.getAttribute('data-value') ?? o.id ?? '',
    selected: o.getAttribute('aria-selected') === 'true' || o.getAttribute('aria-checked') === 'true',
  }));
}

/** Index of the option `wanted` names: its text (case and spacing ignored), else its data-value or id. */
function optionIndex(options: AriaOption[], wanted: string): number {
  const byText = options.findIndex((o) => sameText(o.text, wanted));
  return byText >= 0 ? byText : options.findIndex((o) => o.value !== '' && o.value === wanted);
}

/**
 * Chooses `wanted` (option texts or values) in a custom select: opens a combobox first, then
 * clicks each option; in a multi-select listbox (aria-multiselectable) it also clicks chosen
 * options that are not wanted, so that exactly those remain chosen.
 */
export async function selectInListbox(element: ElementHandle<Element>, kind: 'listbox' | 'combobox', wanted: string[], many: boolean, path: string): Promise<void> {
  let box: ElementHandle<Element> | null = element;
  if (kind === 'combobox') {
    await perform('select', () => element.click({ timeout: ACTION_TIMEOUT_MS }));
    const handle = await perform('select', () => element.evaluateHandle(controlledListbox));
    box = handle.asElement();
    if (!box) {
      await handle.dispose();
      throw new StepError('action_failed', 'select failed: the combobox opened no listbox of options', { reason: 'no_listbox' });
    }
  }
  try {
    const multiple = await box.evaluate((el) => el.getAttribute('aria-multiselectable') === 'true');
    if (many && !multiple) {
      throw new StepError('invalid_request', 'select: an array of options needs a multiple select; this listbox takes one option', {
        path,
        expected: 'a string (one option) for a listbox that is not aria-multiselectable',
      });
    }
    const options = await box.evaluate(ariaOptions);
    const picks = wanted.map((one) => {
      const index = optionIndex(options, one);
      if (index < 0) {
        throw new StepError('action_failed', `The listbox has no option "${one}"`, { reason: 'no_such_option', options: options.slice(0, 50).map((o) => o.text) });
      }
      return index;
    });
    const clicks = multiple
      ? options.flatMap((o, i) => ((picks.includes(i) ? !o.selected : o.selected) ? [i] : []))
      : picks.filter((i) => !options[i]!.selected || kind === 'combobox');
    for (const index of clicks) {
      const option = await box.evaluateHandle((el, i) => el.querySelectorAll('[role="option"]')[i] ?? null, index);
      const target = option.asElement();
      try {
        if (target) await perform('select', () => target.click({ timeout: ACTION_TIMEOUT_MS }));
      } finally {
        await option.dispose();
      }
    }
  } finally {
    if (box !== element) await box.dispose();
  }
}
