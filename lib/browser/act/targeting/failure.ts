import { errors } from 'playwright';
import { StepError } from '../../../contract/errors.js';
import { seconds } from '../../../platform/time.js';

/** Why an action failed: the `reason` of action_failed (part of the documented API, so the values stay). */
export type ActionReason = 'disabled' | 'not_editable' | 'covered' | 'detached' | 'not_visible' | 'not_stable' | 'timeout' | 'error';

// Playwright colours its call log when it thinks a terminal reads it.
// eslint-disable-next-line no-control-regex
const COLOUR = /\x1b\[[0-9;]*m/g;
const COVER = / intercepts pointer events$/;
const MAX_COVER = 200;

/** The lines of Playwright's call log ("  - element is not enabled"), oldest first, without colour codes or dashes. */
function callLog(message: string): string[] {
  return message
    .replace(COLOUR, '')
    .split('\n')
    .filter((line) => /^\s+-/.test(line))
    .map((line) => line.trim().replace(/^- /, ''));
}

/** The reason a call log line gives, if it gives one. */
function reasonOfLine(line: string): ActionReason | undefined {
  if (/not enabled|disabled/i.test(line)) return 'disabled';
  if (/not editable|readonly/i.test(line)) return 'not_editable';
  if (COVER.test(line)) return 'covered';
  if (/not attached|detached/i.test(line)) return 'detached';
  if (/not visible|outside of the viewport/i.test(line)) return 'not_visible';
  if (/not stable/i.test(line)) return 'not_stable';
  return undefined;
}

/** How long Playwright waited, from its "Timeout 5000ms exceeded". */
function waited(message: string): string {
  const ms = Number(/Timeout (\d+)ms exceeded/.exec(message)?.[1]);
  return Number.isFinite(ms) ? seconds(ms) : 'the time allowed';
}

/** What a failed Playwright call says, without the API name ("elementHandle.fill: Error: ") and the call log. */
function plainMessage(message: string): string {
  const first = (message.replace(COLOUR, '').split('\n')[0] ?? '').replace(/^[\w.]+: /, '').replace(/^Error: /, '').trim();
  if (first === '') return 'it failed without saying why';
  return /^Element /.test(first) ? `the e${first.slice(1)}` : first.charAt(0).toLowerCase() + first.slice(1);
}

/** The sentence after "<action> failed: " for each reason; `line` is the call log line that gave it. */
function because(reason: ActionReason, message: string, line: string): string {
  const within = waited(message);
  switch (reason) {
    case 'disabled':
      return `the element is disabled and did not become enabled within ${within}`;
    case 'not_editable':
      return `the element did not become editable within ${within}`;
    case 'covered': {
      const cover = line.replace(COVER, '');
      return `another element covers it (${cover.length > MAX_COVER ? `${cover.slice(0, MAX_COVER)}…` : cover})`;
    }
    case 'detached':
      return 'the element was removed from the page';
    case 'not_visible':
      return /outside of the viewport/i.test(line)
        ? `the element is outside the page and could not be scrolled into view within ${within}`
        : `the element did not become visible within ${within}`;
    case 'not_stable':
      return `the element kept moving and did not come to rest within ${within}`;
    case 'timeout':
      return `it did not finish within ${within}`;
    case 'error':
      return plainMessage(message);
  }
}

/**
 * The action_failed for a Playwright failure of `what` (click, fill, ...), as a sentence:
 * "click failed: another element covers it (<div class="overlay">)". A time-out takes its reason
 * from the newest line of the call log that names one, which says why auto-wait gave up.
 */
export function actionFailure(what: string, error: unknown): StepError {
  const message = error instanceof Error ? error.message : String(error);
  let reason: ActionReason;
  let line = '';
  if (error instanceof errors.TimeoutError) {
    const log = callLog(message);
    const index = log.findLastIndex((entry) => reasonOfLine(entry) !== undefined);
    line = log[index] ?? '';
    reason = reasonOfLine(line) ?? 'timeout';
  } else {
    reason = /detached|not attached/i.test(message.split('\n')[0] ?? '') ? 'detached' : 'error';
  }
  return new StepError('action_failed', `${what} failed: ${because(reason, message, line)}`, { reason });
}
