// The page deadline against a stand-in page and CDP session (the integration suite drives real
// Chromium): what it sends the page, and what a wait past its limit ends with.
import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import type { CDPSession, Page } from 'playwright';
import { StepError } from '../../../lib/contract/errors.js';
import { bounded, deadlineOf, Overrun, PageDeadline } from '../../../lib/browser/deadline.js';

/**
 * A page as the deadline sees it. `mode` says how its main thread behaves: `idle` answers at once;
 * `busy` answers nothing until Runtime.terminateExecution stops its script; `stuck` answers
 * nothing even then; `relapsing` is busy, and busy again each time it has answered once.
 */
class FakePage extends EventEmitter {
  readonly sent: string[] = [];
  closed = false;
  private waiting: Array<() => void> = [];

  constructor(public mode: 'idle' | 'busy' | 'stuck' | 'relapsing') {
    super();
  }

  readonly cdp = {
    send: (method: string): Promise<unknown> => {
      this.sent.push(method);
      if (method === 'Runtime.terminateExecution') {
        if (this.mode === 'busy' || this.mode === 'relapsing') this.release();
        return Promise.resolve({});
      }
      if (this.mode === 'idle') return Promise.resolve({ result: { type: 'number', value: 0 } });
      return new Promise((resolve) => this.waiting.push(() => resolve({})));
    },
  };

  /** A task that needs the main thread: settles with `value` once the page answers. */
  task<T>(value: T): () => Promise<T> {
    return () => (this.mode === 'idle' ? Promise.resolve(value) : new Promise((resolve) => this.waiting.push(() => resolve(value))));
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    const relapse = this.mode === 'relapsing';
    this.mode = 'idle';
    for (const answer of waiting) answer();
    if (relapse) this.mode = 'relapsing';
  }
}

function watch(mode: FakePage['mode']): { page: FakePage; deadline: PageDeadline } {
  const page = new FakePage(mode);
  return { page, deadline: PageDeadline.attach(page as unknown as Page, page.cdp as unknown as CDPSession) };
}

const never = (): Promise<never> => new Promise(() => {});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('PageDeadline#run()', function () {
  this.timeout(10_000);

  it('answers the task\'s value within the limit and asks nothing of the page', async () => {
    const { page, deadline } = watch('idle');
    expect(await deadline.run(1_000, page.task('done'))).to.equal('done');
    expect(page.sent).to.deep.equal([]);
  });

  it('passes the task\'s own error through', async () => {
    const { deadline } = watch('idle');
    const error = await rejection(deadline.run(1_000, () => Promise.reject(new TypeError('its own'))));
    expect(error).to.be.instanceOf(TypeError);
  });

  it('ends a wait on something else with Overrun, leaving a page that answers alone', async () => {
    const { page, deadline } = watch('idle');
    const error = await rejection(deadline.run(50, never));
    expect(error).to.be.instanceOf(Overrun);
    expect((error as Overrun).stopped).to.equal(false);
    expect(page.sent).to.deep.equal(['Runtime.evaluate']);
    expect(page.closed).to.equal(false);
  });

  it('stops the script of a page that does not answer, and a task queued behind it still finishes', async () => {
    const { page, deadline } = watch('busy');
    expect(await deadline.run(50, page.task('late but done'))).to.equal('late but done');
    expect(page.sent).to.include('Runtime.terminateExecution');
    expect(page.closed).to.equal(false);
    expect(deadline.failure).to.equal(null);
  });

  it('says the script was stopped when the task still does not finish', async () => {
    const { page, deadline } = watch('busy');
    const error = await rejection(deadline.run(50, never));
    expect(error).to.be.instanceOf(Overrun);
    expect((error as Overrun).stopped).to.equal(true);
    expect((error as Overrun).message).to.contain('was stopped');
    expect(page.closed).to.equal(false);
  });

  it('closes a page that does not answer once stopped: page_unresponsive, then every wait fails at once', async () => {
    const { page, deadline } = watch('stuck');
    const failures: string[] = [];
    deadline.onFailure((failure) => failures.push(failure.code));
    const error = await rejection(deadline.run(50, page.task('never')));
    expect(error).to.be.instanceOf(StepError);
    expect((error as StepError).code).to.equal('page_unresponsive');
    expect((error as StepError).fatal).to.equal(true);
    expect(page.closed).to.equal(true);
    expect(deadline.failure?.code).to.equal('page_unresponsive');
    expect(failures).to.deep.equal(['page_unresponsive']);
    const sent = page.sent.length;
    expect(await rejection(deadline.run(1_000, () => Promise.resolve('late')))).to.equal(deadline.failure);
    expect(page.sent.length).to.equal(sent);
  });

  it('closes a page busy again after its script was stopped in the same act, and gives the next act a fresh chance', async () => {
    const { page, deadline } = watch('relapsing');
    deadline.beginAct();
    expect(await deadline.run(50, page.task('first'))).to.equal('first');
    expect(page.sent.filter((method) => method === 'Runtime.terminateExecution')).to.have.length(1);
    deadline.beginAct();
    expect(await deadline.run(50, page.task('next act'))).to.equal('next act');
    expect(page.sent.filter((method) => method === 'Runtime.terminateExecution')).to.have.length(2);
    const error = await rejection(deadline.run(50, page.task('same act')));
    expect((error as StepError).code).to.equal('page_unresponsive');
    expect(page.sent.filter((method) => method === 'Runtime.terminateExecution')).to.have.length(2);
    expect(page.closed).to.equal(true);
  });

  it('fails a wait under way with page_crashed the moment the renderer crashes', async () => {
    const { page, deadline } = watch('idle');
    const failures: string[] = [];
    deadline.onFailure((failure) => failures.push(failure.code));
    const waiting = rejection(deadline.run(60_000, never));
    page.emit('crash');
    const error = await waiting;
    expect((error as StepError).code).to.equal('page_crashed');
    expect(failures).to.deep.equal(['page_crashed']);
    expect(page.sent).to.deep.equal([]);
  });

  it('tells a listener that comes after the failure at once', async () => {
    const { page, deadline } = watch('idle');
    page.emit('crash');
    const failures: string[] = [];
    deadline.onFailure((failure) => failures.push(failure.code));
    expect(failures).to.deep.equal(['page_crashed']);
    expect(await rejection(deadline.run(1_000, page.task('x')))).to.have.property('code', 'page_crashed');
  });
});

describe('PageDeadline#check()', function () {
  this.timeout(10_000);

  it('finds a page that answers answering, and stops the script of one that does not', async () => {
    expect(await watch('idle').deadline.check()).to.equal('answering');
    const { page, deadline } = watch('busy');
    expect(await deadline.check()).to.equal('stopped');
    expect(page.sent).to.include('Runtime.terminateExecution');
  });
});

describe('bounded()', () => {
  it('finds the deadline a watched page was attached to', () => {
    const { page, deadline } = watch('idle');
    expect(deadlineOf(page as unknown as Page)).to.equal(deadline);
  });

  it('still ends a wait at its limit on a page nobody watches, without touching it', async () => {
    const page = new FakePage('stuck');
    const error = await rejection(bounded(page as unknown as Page, 50, never));
    expect(error).to.be.instanceOf(Overrun);
    expect(page.sent).to.deep.equal([]);
  });
});
