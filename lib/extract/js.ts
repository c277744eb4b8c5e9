import type { Page } from 'playwright';

/** Why a `js >>` expression gave no value: it threw, or it ran past its time limit. */
export class ExpressionError extends Error {}

interface EvaluateReply {
  result: { type: string; value?: unknown; description?: string };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

/**
 * Evaluates `expression` in the page's main world and returns its JSON value (undefined → null).
 * Chromium's own evaluation timeout stops a runaway synchronous loop, so the page stays usable;
 * a promise that never settles is cut by the timer.
 */
export async function evaluateExpression(page: Page, expression: string, timeoutMs: number): Promise<unknown> {
  const cdp = await page.context().newCDPSession(page);
  let timer: NodeJS.Timeout | undefined;
  try {
    const evaluation = cdp.send('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
      timeout: timeoutMs,
    }) as Promise<EvaluateReply>;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ExpressionError(`the expression did not finish within ${timeoutMs} ms`)), timeoutMs + 50);
    });
    const started = performance.now();
    const reply = await Promise.race([evaluation, expired]).catch((error: unknown) => {
      if (error instanceof ExpressionError) throw error;
      // Chromium answers a terminated evaluation with a bare protocol error.
      if (performance.now() - started >= timeoutMs) throw new ExpressionError(`the expression did not finish within ${timeoutMs} ms`);
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
      throw new ExpressionError(`the expression could not be evaluated: ${message}`);
    });
    if (reply.exceptionDetails) {
      const detail = reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text;
      const first = detail.split('\n')[0] ?? detail;
      if (/terminated/i.test(first)) throw new ExpressionError(`the expression did not finish within ${timeoutMs} ms`);
      throw new ExpressionError(`the expression threw: ${first}`);
    }
    return reply.result.value ?? null;
  } finally {
    clearTimeout(timer);
    await cdp.detach().catch(() => undefined);
  }
}
