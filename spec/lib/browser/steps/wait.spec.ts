// The wait step's run against a stand-in page (a real browser is the integration suite's job).
import { expect } from 'chai';
import { runInNewContext } from 'node:vm';
import type { Page } from 'playwright';
import { StepError } from '../../../../lib/contract/errors.js';
import type { Act } from '../../../../lib/browser/act/act.js';
import { isExpression, untilPredicate, waitCodec, waitStep, type WaitParams } from '../../../../lib/browser/steps/wait.js';
import { decoded } from '../../contract/codec/problem.js';

function timeoutError(): Error {
  const error = new Error('Timeout 50ms exceeded.');
  error.name = 'TimeoutError';
  return error;
}

/** A page whose every wait settles as `outcome` says, recording what it was asked. */
function fakePage(outcome: () => Promise<unknown>) {
  const calls: unknown[][] = [];
  const waitable = (kind: string, arg: string) => ({
    first: () => ({
      waitFor: (options: unknown) => {
        calls.push([kind, arg, options]);
        return outcome();
      },
    }),
  });
  const page = {
    locator: (selector: string) => waitable('locator', selector),
    getByText: (text: string) => waitable('text', text),
    waitForFunction: (expression: string, arg: unknown, options: unknown) => {
      calls.push(['function', expression, arg, options]);
      return outcome();
    },
  };
  return { page: page as unknown as Page, calls };
}

function context(page: Page, signal = new AbortController().signal): Act {
  return { page, signal, observer: undefined as never, blockers: undefined as never, results: { media: [], extraction: null, blockers: [] }, actionsAhead: false };
}

const run = (act: Act, params: unknown) => waitStep.run(act, decoded(waitCodec, params) satisfies WaitParams);
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('wait step', () => {
  it('sleeps for ms', async () => {
    const started = Date.now();
    await run(context(fakePage(() => Promise.resolve()).page), { ms: 30 });
    expect(Date.now() - started).to.be.at.least(25);
  });

  it('ends a sleep early when the act is aborted', async () => {
    const abort = new AbortController();
    const started = Date.now();
    setTimeout(() => abort.abort(), 20);
    await run(context(fakePage(() => Promise.resolve()).page, abort.signal), { ms: 60_000 });
    expect(Date.now() - started).to.be.below(5_000);
  });

  it('waits for the first visible match of a selector, with the timeout', async () => {
    const { page, calls } = fakePage(() => Promise.resolve());
    await run(context(page), { selector: '#done', timeout: 1234 });
    expect(calls).to.deep.equal([['locator', '#done', { state: 'visible', timeout: 1234 }]]);
  });

  it('waits for visible text with the default timeout of 10000', async () => {
    const { page, calls } = fakePage(() => Promise.resolve());
    await run(context(page), { text: 'Thanks' });
    expect(calls).to.deep.equal([['text', 'Thanks', { state: 'visible', timeout: 10_000 }]]);
  });

  it('hands until to waitForFunction wrapped as an expression', async () => {
    const { page, calls } = fakePage(() => Promise.resolve());
    await run(context(page), { until: 'document.title === "x"', timeout: 50 });
    expect(calls).to.deep.equal([['function', untilPredicate('document.title === "x"'), undefined, { timeout: 50 }]]);
  });

  it('turns a timeout into action_failed with reason timeout', async () => {
    const { page } = fakePage(() => Promise.reject(timeoutError()));
    const error = await failure(run(context(page), { selector: '#never', timeout: 50 }));
    expect(error).to.be.instanceOf(StepError);
    expect((error as StepError).code).to.equal('action_failed');
    expect((error as StepError).message).to.equal('wait failed: no visible element matched the selector "#never" within 50 ms');
    expect((error as StepError).context).to.deep.equal({ reason: 'timeout' });
  });

  it('refuses an until that is not an expression, before the page sees it', async () => {
    const { page, calls } = fakePage(() => Promise.resolve());
    const error = await failure(run(context(page), { until: 'document.title ===' }));
    expect(error).to.be.instanceOf(StepError);
    expect((error as StepError).code).to.equal('invalid_request');
    expect((error as StepError).context).to.deep.equal({ path: 'wait.until', expected: 'a JavaScript expression' });
    expect(calls).to.deep.equal([]);
  });

  it('passes other failures on unchanged', async () => {
    const boom = new Error('Target page, context or browser has been closed');
    const error = await failure(run(context(fakePage(() => Promise.reject(boom)).page), { text: 'x' }));
    expect(error).to.equal(boom);
  });

  it('stops waiting when aborted, and swallows the abandoned wait', async () => {
    const abort = new AbortController();
    let rejectWait: (error: Error) => void = () => {};
    const { page } = fakePage(() => new Promise((_resolve, reject) => (rejectWait = reject)));
    const pending = run(context(page, abort.signal), { selector: '#x' });
    abort.abort();
    await pending;
    rejectWait(new Error('context closed'));
  });

  describe('untilPredicate()', () => {
    const evaluate = (expression: string, document: unknown) => runInNewContext(untilPredicate(expression), { document }) as unknown;

    it('evaluates an expression in the page', () => {
      expect(evaluate('document.title === "x"', { title: 'x' })).to.equal(true);
      expect(evaluate('document.title === "x"', { title: 'y' })).to.equal(false);
    });

    it('survives a trailing line comment', () => {
      expect(evaluate('document.title // the title', { title: 't' })).to.equal('t');
    });

    it('calls an arrow function', () => {
      expect(evaluate('() => document.title === "x"', { title: 'x' })).to.equal(true);
    });

    it('counts a throw as not yet', () => {
      expect(evaluate('document.querySelector("#x").textContent', {})).to.equal(false);
    });
  });

  describe('isExpression()', () => {
    it('accepts expressions and refuses statements and broken code', () => {
      expect(isExpression('document.title === "x"')).to.equal(true);
      expect(isExpression('window.items?.length > 3')).to.equal(true);
      expect(isExpression('return 1')).to.equal(false);
      expect(isExpression('a ===')).to.equal(false);
      expect(isExpression('let x = 1')).to.equal(false);
    });
  });
});
