// Our own reads of a page's top document (its quiet, the walker's answers, the CAPTCHA probe, the
// blockers' passes) go to Chromium as one Runtime.evaluate over the CDP session the page's
// deadline already holds, not through page.evaluate. Measured on this machine, a page.evaluate
// costs about 1.15 ms of CPU across node, the browser and the renderer, and the same call as
// Runtime.evaluate 0.85 ms: Playwright's evaluate adds its own argument and result encoding, a
// helper script it installs in every document first (13.6 KB), and more protocol traffic. A flow
// of the load bench makes some twenty such reads. Frames, element handles and the page's own
// script (execute_js) stay with Playwright, which knows their execution contexts.
import type { Page } from 'playwright';
import { deadlineOf } from './deadline.js';

/**
 * Runs `fn(arg)` in the main world of `page`'s top document and answers its result, awaited.
 * Both travel as JSON: `arg` must be plain data, and a number in the result that is not finite
 * arrives as null (page functions answer Number.MAX_VALUE for "as long as anyone knows").
 * `fn` must be self-contained (it is sent as its source). An exception in the page, or a
 * document that went away under the call, rejects with the page's message. A page the service
 * did not set up (no deadline: a test's, a tool's) is asked through page.evaluate.
 */
export async function evaluateTop<A, R>(page: Page, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  const session = deadlineOf(page)?.session;
  if (!session) return page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown);
  const { result, exceptionDetails } = await session.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(${JSON.stringify(arg) ?? 'undefined'})`,
    returnByValue: true,
    awaitPromise: true,
    // As page.evaluate does: a click a pass makes (closing a popup) counts as the user's.
    userGesture: true,
  });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  if (result.unserializableValue !== undefined) return Number(result.unserializableValue) as R;
  return result.value as R;
}
