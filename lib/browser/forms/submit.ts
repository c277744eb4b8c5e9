import type { ElementHandle, Page } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';

/**
 * Runs in the page: what submits the form of `fields` (the form most of them belong to). In a
 * form: its first shown `[type=submit]`, else a shown `<button>` without a type (a submit button
 * by default), else a shown button whose text reads like submitting; the form itself when it has
 * none of those (the caller then calls requestSubmit). Outside any form: the nearest such button
 * in the fields' surroundings, climbing from the first field. Null when nothing fits.
 */
function submitTarget(anchor: Element, fields: Element[]): Element | null {
  const WORDS = /^(submit|send|search|go|find|sign ?in|log ?in|sign ?up|register|continue|next|save|apply|subscribe|confirm|ok|done|post)\b/i;
  const shown = (e: Element): boolean => {
    const r = e.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1 && e.checkVisibility({ checkOpacity: true, visibilityProperty: true });
  };
  const enabled = (e: Element): boolean => !(e as HTMLButtonElement).disabled && e.getAttribute('aria-disabled') !== 'true';
  const textOf = (e: Element): string =>
    (e instanceof HTMLInputElement ? e.value : (e.textContent ?? '') || (e.getAttribute('aria-label') ?? '')).replace(/\s+/g, ' ').trim();
  const wordy = (e: Element): boolean => WORDS.test(textOf(e)) || WORDS.test(e.getAttribute('aria-label') ?? '');
  const formOf = (e: Element): HTMLFormElement | null =>
    (e as HTMLInputElement).form ?? e.closest<HTMLFormElement>('form');

  const counts = new Map<HTMLFormElement, number>();
  for (const field of [anchor, ...fields]) {
    const form = formOf(field);
    if (form) counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  let form: HTMLFormElement | null = null;
  for (const [candidate, n] of counts) if (!form || n > (counts.get(form) ?? 0)) form = candidate;

  const usable = (e: Element): boolean => shown(e) && enabled(e);
  const BUTTONS = 'button, input[type="submit"], input[type="image"], input[type="button"], [role="button"]';
  if (form) {
    const controls = [...Array.from(form.elements), ...Array.from(form.querySelectorAll('[role="button"]'))];
    const explicit = controls.find((e) => (e.getAttribute('type') ?? '').toLowerCase() === 'submit' && usable(e));
    if (explicit) return explicit;
    const untyped = controls.find((e) => e.localName === 'button' && !e.hasAttribute('type') && usable(e));
    if (untyped) return untyped;
    const image = controls.find((e) => e instanceof HTMLInputElement && e.type === 'image' && usable(e));
    if (image) return image;
    return controls.find((e) => e.matches(BUTTONS) && wordy(e) && usable(e)) ?? form;
  }
  for (let scope = anchor.parentElement; scope; scope = scope.parentElement) {
    const found = Array.from(scope.querySelectorAll(BUTTONS)).find((e) => wordy(e) && usable(e));
    if (found) return found;
  }
  return null;
}

/** How long a script submit gets to start its navigation (a click waits for that by itself). */
const SUBMIT_START_MS = 1_000;

/**
 * Submits the form the filled fields belong to: clicks its submit control, or calls
 * `form.requestSubmit()` (validation and submit handlers run as for a click) when it has none.
 * `fields` must live in the anchor's frame.
 */
export async function submitForm(page: Page, anchor: ElementHandle<Element>, fields: ElementHandle<Element>[]): Promise<void> {
  const target = (await anchor.evaluateHandle(submitTarget, fields)).asElement();
  if (!target) {
    throw new StepError('action_failed', 'The filled fields are in no form and no submit button was found near them; click the button instead', {
      reason: 'no_submit_control',
    });
  }
  try {
    const isForm = await target.evaluate((el) => el instanceof HTMLFormElement);
    if (isForm) {
      // The navigation a submit starts comes a moment later: wait for it to begin (bounded), so
      // the caller's navigation wait sees it; a form whose handler stays on the page costs the bound.
      const started = page.waitForRequest((request) => request.isNavigationRequest(), { timeout: SUBMIT_START_MS }).catch(() => null);
      await perform('submit', () => target.evaluate((form) => (form as HTMLFormElement).requestSubmit()));
      await started;
    } else {
      await perform('submit', () => target.click({ timeout: ACTION_TIMEOUT_MS }));
    }
  } finally {
    await target.dispose().catch(() => undefined);
  }
}
