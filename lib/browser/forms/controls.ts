// How a checkbox, switch or radio is set like a person sets it, including the common "input
// hidden behind a styled label" pattern; what the control is and how to reach it is read in the
// page (lib/browser/injected/forms/controls.ts).
import type { ElementHandle } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';
import { elementFrom, onElement } from '../program.js';

/**
 * Sets a checkbox, switch or radio to `want`. A control the pointer can reach is clicked through
 * Playwright (which checks the state changed); one hidden behind a styled label is clicked at its
 * place or through its label; the last resort is the element's own click() in the page. A radio
 * cannot be unchecked by clicking, so that one is done by script.
 */
export async function setToggle(handle: ElementHandle, want: boolean, label: string): Promise<void> {
  if ((await onElement(handle, 'checked')) === want) return;
  if (!want && (await onElement(handle, 'inputKind')) === 'radio') {
    await onElement(handle, 'uncheckRadio');
    return;
  }
  const route = await onElement(handle, 'toggleRoute');
  const what = want ? 'check' : 'uncheck';
  if (route === 'direct') {
    await perform(what, () => handle.setChecked(want, { timeout: ACTION_TIMEOUT_MS }));
    return;
  }
  if (route === 'covered') {
    // The click lands on what covers the input inside its label: the label passes it on.
    await perform(what, () => handle.click({ force: true, timeout: ACTION_TIMEOUT_MS }));
  } else if (route === 'label') {
    const target = await elementFrom(handle, 'shownLabel');
    if (target) await perform(what, () => target.click({ timeout: ACTION_TIMEOUT_MS }));
    await target?.dispose();
  } else {
    await onElement(handle, 'scriptClick');
  }
  if ((await onElement(handle, 'checked')) !== want) {
    throw new StepError('action_failed', `${what} of "${label}" did not change its state`, { reason: 'state_unchanged' });
  }
}
