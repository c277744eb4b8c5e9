// Submitting what fill_form filled: the form's submit control clicked, or the form submitted as
// that control would; what submits it is found in the page (lib/browser/injected/forms/submit.ts).
import type { ElementHandle, Page } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';
import { elementFrom, onElement } from '../program.js';

/** How long a script submit gets to start its navigation (a click waits for that by itself). */
const SUBMIT_START_MS = 1_000;

/**
 * Submits the form the filled fields belong to: clicks its submit control, or calls
 * `form.requestSubmit()` (validation and submit handlers run as for a click) when it has none.
 * `fields` must live in the anchor's frame.
 */
export async function submitForm(page: Page, anchor: ElementHandle, fields: ElementHandle[]): Promise<void> {
  const target = await elementFrom(anchor, 'submitTarget', fields);
  if (!target) {
    throw new StepError('action_failed', 'The filled fields are in no form and no submit button was found near them; click the button instead', {
      reason: 'no_submit_control',
    });
  }
  try {
    const isForm = await onElement(target, 'isForm');
    if (isForm) {
      // The navigation a submit starts comes a moment later: wait for it to begin (bounded), so
      // the caller's navigation wait sees it; a form whose handler stays on the page costs the bound.
      const started = page.waitForRequest((request) => request.isNavigationRequest(), { timeout: SUBMIT_START_MS }).catch(() => null);
      await perform('submit', () => onElement(target, 'requestSubmit'));
      await started;
    } else {
      await perform('submit', () => target.click({ timeout: ACTION_TIMEOUT_MS }));
    }
  } finally {
    await target.dispose().catch(() => undefined);
  }
}
