import type { CDPSession, Page } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { bounded, Overrun } from '../deadline.js';

/** Why a `js >>` expression gave no value: it threw, or it ran past its time limit. */
export class ExpressionError extends Error {}

interface EvaluateReply {
  result: { type: string; value?: unknown; description?: string };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/** Past Chromium's own evaluation timeout, how long the node side waits before the page's deadline takes over. */
const NODE_SLACK_MS = 50;

/**
 * Evaluates `expression` in the page's main world and returns its JSON value (undefined → null).
 * Chromium's own evaluation timeout stops a runaway synchronous loop, so the page stays usable;
 * a promise that never settles, or a page that does not even answer, is cut by the page's
 * deadline (which stops or closes a page that is still busy). A page that is gone throws its
 * StepError (page_crashed, page_unresponsive).
 */
export async function evaluateExpression(page: Page, expression: string, timeoutMs: number): Promise<unknown> {
  const slow = (): ExpressionError => new ExpressionError(`the expression did not finish within ${timeoutMs} ms`);
  let cdp: CDPSession | undefined;
  let started = performance.now();
  try {
    const reply = await bounded(page, timeoutMs + NODE_SLACK_MS, async () => {
      cdp = await page.context().newCDPSession(page);
      started = performance.now();
      const reply: EvaluateReply = await cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true, timeout: timeoutMs });
      return reply;
    }).catch((error: unknown) => {
      if (error instanceof Overrun) throw slow();
      if (error instanceof StepError) throw error;
      // Chromium answers a terminated evaluation with a bare protocol error.
      if (performance.now() - started >= timeoutMs) throw slow();
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
      throw new ExpressionError(`the expression could not be evaluated: ${message}`);
    });
    if (reply.exceptionDetails) {
      const detail = reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text;
      const first = detail.split('\n')[0] ?? detail;
      if (/terminated/i.test(first)) throw slow();
      throw new ExpressionError(`the expression threw: ${first}`);
    }
    return reply.result.value ?? null;
  } finally {
    await cdp?.detach().catch(() => undefined);
  }
}
