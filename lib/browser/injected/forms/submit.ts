// In the page: what submits the form fill_form filled (lib/browser/forms/submit.ts clicks it).
import { squash } from '../strings.js';
import { shows } from './controls.js';

/** Text that reads like submitting, at the start of a button's text or label. */
const SUBMIT_WORDS = /^(submit|send|search|go|find|sign ?in|log ?in|sign ?up|register|continue|next|save|apply|subscribe|confirm|ok|done|post)\b/i;
/** What can be a submit button. */
const BUTTONS = 'button, input[type="submit"], input[type="image"], input[type="button"], [role="button"]';

const enabled = (e: Element): boolean => !(e as HTMLButtonElement).disabled && e.getAttribute('aria-disabled') !== 'true';
const usable = (e: Element): boolean => shows(e) && enabled(e);
const textOf = (e: Element): string => squash(e instanceof HTMLInputElement ? e.value : (e.textContent ?? '') || (e.getAttribute('aria-label') ?? ''));
const wordy = (e: Element): boolean => SUBMIT_WORDS.test(textOf(e)) || SUBMIT_WORDS.test(e.getAttribute('aria-label') ?? '');
const formOf = (e: Element): HTMLFormElement | null => (e as HTMLInputElement).form ?? e.closest<HTMLFormElement>('form');

/** The form most of `fields` (the anchor counted) belong to; null when none is in a form. */
function formOfMost(fields: readonly Element[]): HTMLFormElement | null {
  const counts = new Map<HTMLFormElement, number>();
  for (const field of fields) {
    const form = formOf(field);
    if (form) counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  let most: HTMLFormElement | null = null;
  for (const [candidate, n] of counts) if (!most || n > (counts.get(most) ?? 0)) most = candidate;
  return most;
}

/** A form's submit control: its first shown `[type=submit]`, else a shown `<button>` without a type, else an image input, else a button reading like submitting; the form itself when it has none. */
function submitOf(form: HTMLFormElement): Element {
  const controls = [...Array.from(form.elements), ...Array.from(form.querySelectorAll('[role="button"]'))];
  return (
    controls.find((e) => (e.getAttribute('type') ?? '').toLowerCase() === 'submit' && usable(e)) ??
    controls.find((e) => e.localName === 'button' && !e.hasAttribute('type') && usable(e)) ??
    controls.find((e) => e instanceof HTMLInputElement && e.type === 'image' && usable(e)) ??
    controls.find((e) => e.matches(BUTTONS) && wordy(e) && usable(e)) ??
    form
  );
}

/**
 * What submits the form of `fields` (the form most of them and `anchor` belong to): its submit
 * control (submitOf; the form itself when it has none, and the caller calls requestSubmit).
 * Outside any form: the nearest button reading like submitting in the fields' surroundings,
 * climbing from the anchor. Null when nothing fits.
 */
export function submitTarget(anchor: Element, fields: readonly Element[]): Element | null {
  const form = formOfMost([anchor, ...fields]);
  if (form) return submitOf(form);
  for (let scope = anchor.parentElement; scope; scope = scope.parentElement) {
    const found = Array.from(scope.querySelectorAll(BUTTONS)).find((e) => wordy(e) && usable(e));
    if (found) return found;
  }
  return null;
}
