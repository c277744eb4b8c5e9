import { Script } from 'node:vm';
import type * as t from 'io-ts';
import type { Page } from 'playwright';
import { described, intRange, strictObject, withDefault } from '../../contract/codec/index.js';
import { scriptText, selectorText, targetText } from '../../contract/text.js';
import { StepError } from '../../contract/errors.js';
import { seconds } from '../../platform/time.js';
import { defineStep } from '../act/define.js';
import { MAX_WAIT_MS } from '../../contract/limits.js';
import { exactlyOneOf } from '../../contract/target.js';

/** Parameters of wait: exactly one of ms, selector, text, until; timeout (default 10000, decisions.md) bounds the last three. */
export const waitCodec = described(
  exactlyOneOf(
    strictObject(
      // timeout starts at 1: Playwright reads a timeout of 0 as "wait forever".
      { timeout: described(withDefault(intRange(1, MAX_WAIT_MS), 10_000), 'Most milliseconds to wait for selector, text or until; then action_failed.') },
      {
        ms: described(intRange(0, MAX_WAIT_MS), 'Milliseconds to pause.'),
        selector: described(selectorText, 'CSS selector of an element to wait for until it is visible.'),
        text: described(targetText, 'Text to wait for until it is visible.'),
        until: described(scriptText, 'JavaScript expression to wait for until it is truthy.'),
      },
    ),
    ['ms', 'selector', 'text', 'until'],
  ),
  'Pauses, or waits for a visible selector, visible text or a truthy expression.',
);

/** Decoded wait parameters. */
export type WaitParams = t.TypeOf<typeof waitCodec>;

/**
 * The page-side predicate for `until`: the user's text is an expression (`document.title === "x"`);
 * the newline keeps a trailing `//` comment from swallowing the parenthesis, an arrow function is
 * called, and a throw counts as "not yet" (the element it reads may simply not exist yet).
 */
export function untilPredicate(expression: string): string {
  return `(() => { try { const v = (${expression}\n); return typeof v === 'function' ? v() : v; } catch { return false; } })()`;
}

/** True when `expression` parses as a JavaScript expression; the script is compiled, never run. */
export function isExpression(expression: string): boolean {
  try {
    new Script(`(${expression}\n);`);
    return true;
  } catch {
    return false;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (the runner then sees the abort and stops). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Waits for `promise`, or stops waiting when `signal` aborts; the abandoned promise's failure is swallowed. */
async function unlessAborted(promise: Promise<unknown>, signal: AbortSignal): Promise<void> {
  promise.catch(() => undefined);
  if (signal.aborted) return;
  let stop = () => {};
  const aborted = new Promise<void>((resolve) => {
    stop = () => resolve();
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

function condition(page: Page, p: WaitParams): { what: string; promise: () => Promise<unknown> } {
  const options = { state: 'visible' as const, timeout: p.timeout };
  if (p.selector !== undefined) {
    const selector = p.selector;
    return { what: `no visible element matched the selector ${JSON.stringify(selector)}`, promise: () => page.locator(selector).first().waitFor(options) };
  }
  if (p.text !== undefined) {
    const text = p.text;
    return { what: `the text ${JSON.stringify(text)} did not appear`, promise: () => page.getByText(text).first().waitFor(options) };
  }
  const until = p.until ?? 'true';
  return {
    what: `the expression ${JSON.stringify(until)} did not become true`,
    promise: () => page.waitForFunction(untilPredicate(until), undefined, { timeout: p.timeout }),
  };
}

/** The wait step: a pause, or a bounded wait for a visible selector, visible text or a truthy expression. */
export const waitStep = defineStep({
  name: 'wait',
  codec: waitCodec,
  acts: 'read',
  budget: (p) => p.ms ?? p.timeout,
  async run(scope, p) {
    if (p.ms !== undefined) return sleep(p.ms, scope.signal);
    if (scope.signal.aborted) return;
    if (p.until !== undefined && !isExpression(p.until)) {
      throw new StepError('invalid_request', 'wait: until is not a valid JavaScript expression', {
        path: 'wait.until',
        expected: 'a JavaScript expression',
      });
    }
    const { what, promise } = condition(scope.page, p);
    try {
      await unlessAborted(promise(), scope.signal);
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new StepError('action_failed', `wait failed: ${what} within ${seconds(p.timeout)}`, { reason: 'timeout' });
      }
      throw error;
    }
  },
});
