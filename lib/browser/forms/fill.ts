// How fill (and fill_form for text-like fields) sets a value so that it is known to have taken:
// written dates, times and numbers are converted to the input's own format first, and the value
// is read back once the page has reacted (the requests the fill fired answered, the next frame
// and a task after it run), since a field can be disabled mid-fill, refuse the
// value, or have a script put the old one back, all without Playwright noticing.
import type { ElementHandle } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform, refGone } from '../act/targeting/index.js';
import type { Located } from '../act/targeting/located.js';
import type { Act } from '../act/act.js';
import { squash } from '../injected/strings.js';
import type { FieldState } from '../injected/target/types.js';
import { onElement } from '../program.js';
import { convertWritten, isFormattedKind } from './written-values.js';

/** What a fill set out to do, for the read-back. */
export interface FillCheck {
  kind: string;
  before: string;
  wanted: string;
}

const shown = (kind: string, value: string): string => (kind === 'password' ? 'a value' : `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`);

/**
 * Fills a found target with `written` and leaves the field. In the top document, a field the
 * keyboard writes that is ready at once gets the focus and its content selected in one round
 * trip, and the keyboard replaces it (Delete clears it), as Playwright's fill would; any other
 * field, or one not ready yet, goes through fillValue.
 */
export async function fillLocated(act: Act, located: Located, written: string, what = 'fill'): Promise<FillCheck> {
  if (located.inTop) {
    const aim = await perform(what, () => located.ask('aimFill'));
    if (aim.state === 'gone') throw refGone(act, located.found.ref, located.target);
    if (aim.state === 'ready') {
      await perform(what, async () => {
        if (written === '') await act.page.keyboard.press('Delete');
        else await act.page.keyboard.insertText(written);
        await located.ask('leaveField');
      });
      return { kind: aim.field.kind, before: aim.field.value, wanted: written };
    }
  }
  return fillValue(await located.element(), written, what);
}

/** Reads a found target's field once the page has reacted to a fill; null when it is gone. */
export async function fieldAfterFill(located: Located): Promise<FieldState | null> {
  if (!located.inTop) return handleFieldAfterFill(await located.element());
  const field = await located.ask('fieldAfter').catch(() => null);
  return field && 'kind' in field ? field : null;
}

/**
 * Fills `handle` with `written` and leaves the field (input and change fire). A date, time,
 * datetime-local, month, week, number or range input gets `written` converted to its format;
 * text it cannot read is action_failed (`unreadable_value`) saying what the field wants.
 */
export async function fillValue(handle: ElementHandle, written: string, what = 'fill'): Promise<FillCheck> {
  const field = await perform(what, () => onElement(handle, 'fieldState'));
  let wanted = written;
  if (isFormattedKind(field.kind)) {
    const converted = convertWritten(field.kind, written, field.lang);
    if ('wants' in converted) {
      throw new StepError('action_failed', `${what} failed: "${written}" cannot be read for this ${field.kind} field; it wants ${converted.wants}`, {
        reason: 'unreadable_value',
        kind: field.kind,
      });
    }
    wanted = converted.value;
  }
  await perform(what, async () => {
    await handle.fill(wanted, { timeout: ACTION_TIMEOUT_MS });
    await onElement(handle, 'leaveField');
  });
  return { kind: field.kind, before: field.value, wanted };
}

/** True when the field kept only the first `maxLength` characters of what was filled. */
const wasCut = (after: string, wanted: string, maxLength: number): boolean =>
  maxLength >= 0 && after.length === maxLength && wanted.length > maxLength && wanted.startsWith(after);

/** True when the field holds what was filled, or a page's reformatting of it (an input mask): not empty, not the old value. */
function took(check: FillCheck, now: string, maxLength = -1): boolean {
  const [after, wanted, before] = check.kind === 'editable' ? [squash(now), squash(check.wanted), squash(check.before)] : [now, check.wanted, check.before];
  if (after === wanted) return true;
  if ((check.kind === 'number' || check.kind === 'range') && after !== '' && Number(after) === Number(wanted)) return true;
  // A value cut at the field's maxlength did not take whole.
  if (wasCut(after, wanted, maxLength)) return false;
  return wanted !== '' && after !== '' && after !== before;
}

/** Reads a field's handle once the page has reacted to a fill; null when it is gone. */
export async function handleFieldAfterFill(handle: ElementHandle): Promise<FieldState | null> {
  // A script that reacts to the change in a later task or in the next frame (a reset after
  // validation) has had its turn once that frame and a task after it have run. A longer wait
  // would cost every fill; a reset after a timer of its own is not seen.
  return onElement(handle, 'fieldAfter').catch(() => null);
}

/**
 * Judges a field read back after a fill and the page's reaction to it (`field`, null when it is
 * gone): action_failed when the value did not take (`disabled`, `not_editable`, or
 * `value_rejected`: empty, back to what it held, or cut at the field's maxlength). A field that
 * went away (a navigation, a re-render) is not judged.
 */
export function checkFilled(field: FieldState | null, check: FillCheck, what = 'fill'): void {
  if (!field?.connected || took(check, field.value, field.maxLength)) return;
  const wanted = shown(check.kind, check.wanted);
  const reads = field.value === '' ? 'it is empty' : `it reads ${shown(check.kind, field.value)}`;
  if (field.disabled) throw new StepError('action_failed', `${what} failed: the field became disabled and did not take ${wanted} (${reads})`, { reason: 'disabled' });
  if (field.readOnly) throw new StepError('action_failed', `${what} failed: the field became read-only and did not take ${wanted} (${reads})`, { reason: 'not_editable' });
  if (wasCut(field.value, check.wanted, field.maxLength)) {
    throw new StepError('action_failed', `${what} failed: the field takes at most ${field.maxLength} characters and cut ${wanted} (${reads})`, { reason: 'value_rejected' });
  }
  const how = field.value !== '' && field.value === check.before ? 'the page put back its previous value' : check.wanted === '' ? 'the page kept a value' : 'the page did not keep the value';
  throw new StepError('action_failed', `${what} failed: ${how}: ${wanted} did not take (${reads})`, { reason: 'value_rejected' });
}
