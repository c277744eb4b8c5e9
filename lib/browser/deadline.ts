// The one deadline every wait on a session's page runs under. Playwright's own timeouts are kept
// on the node side, but a page.evaluate has none, and a page whose main thread never yields (a
// loop in its own script, in a wait's expression, in execute_js) answers nothing at all: without
// this, an act would hang until its session expired. The deadline does not ask the page to
// cooperate: past a limit it checks from the node side whether the page still answers, stops its
// script through CDP when it does not, and closes the page when even that fails.
import type { CDPSession, Frame, Page } from 'playwright';
import { StepError } from '../contract/errors.js';
import { seconds, TIMED_OUT, within } from '../platform/time.js';

/** Past a limit, how long the page gets to answer a trivial evaluate before it counts as busy. */
export const PROBE_MS = 250;
/** After its script was stopped (Runtime.terminateExecution), how long the page gets to answer again. */
export const GRACE_MS = 2_000;
/** How long closing an unresponsive page may take before the act answers without waiting for it. */
export const CLOSE_MS = 1_000;
/**
 * The most a runaway page adds to one wait past its limit: the probe, the grace after stopping
 * its script, then either the grace for the wait to finish or the close.
 */
export const RECOVERY_MS = PROBE_MS + GRACE_MS + Math.max(GRACE_MS, CLOSE_MS);
/** How long one of our own reads of the page (stability, CAPTCHA probe, blockers) may take before the page counts as busy. */
export const READ_LIMIT_MS = 5_000;
/** How long one walk of the page (observation, targeting, scroll position) may take; a huge page needs more than a read. */
export const WALK_LIMIT_MS = 10_000;

/** What a page was found to be once a limit passed: still answering, answering after its script was stopped, or closed. */
export type Verdict = 'answering' | 'stopped' | 'closed';

/**
 * A wait that did not finish within its limit while the page still answers (or answers again
 * once its script was stopped): the caller says what timed out, in its own terms.
 */
export class Overrun extends Error {
  constructor(
    readonly limitMs: number,
    /** True when the page's script was still running at the limit and was stopped. */
    readonly stopped: boolean,
  ) {
    super(`did not finish within ${seconds(limitMs)}${stopped ? STOPPED_NOTE : ''}`);
    this.name = 'Overrun';
  }
}

/** How a message says the page's script was stopped. */
export const STOPPED_NOTE = '; the page\'s script kept its main thread busy and was stopped';

const UNRESPONSIVE =
  'The page stopped answering: its script kept the main thread busy and could not be stopped, so the page was closed and the session ended';
const CRASHED = 'The page crashed: its renderer process died (most likely out of memory), so the session ended';

const deadlines = new WeakMap<Page, PageDeadline>();
const LOST: unique symbol = Symbol('page lost');

/**
 * A page's deadline: runs waits on the page within a limit and, past it, probes the page through
 * a CDP session opened with the page (a busy renderer cannot set up a new one). One that does
 * not answer within PROBE_MS gets its script terminated in the main frame's renderer and must
 * answer within GRACE_MS; otherwise it is closed and the deadline fails with page_unresponsive.
 * A renderer crash fails it with page_crashed at once. Once failed, every wait fails at once.
 */
export class PageDeadline {
  private failed: StepError | null = null;
  private readonly listeners = new Set<(failure: StepError) => void>();
  private readonly lost: Promise<typeof LOST>;
  private markLost: () => void = () => {};
  private recovering: Promise<Verdict> | undefined;
  private probing: Promise<void> | undefined;
  /** When the page last answered a probe (performance.now()). */
  private answeredAt = Number.NEGATIVE_INFINITY;
  /** Set once the page's script had to be stopped in the current act. */
  private stoppedInAct = false;

  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {
    this.lost = new Promise((resolve) => {
      this.markLost = () => resolve(LOST);
    });
    page.on('crash', () => this.fail(new StepError('page_crashed', CRASHED)));
  }

  /** Watches `page` through `cdp` (a session on the page itself); readers find it with deadlineOf. */
  static attach(page: Page, cdp: CDPSession): PageDeadline {
    const deadline = new PageDeadline(page, cdp);
    deadlines.set(page, deadline);
    return deadline;
  }

  /** The CDP session on the page that the deadline probes it through (evaluateTop reads the page through it too). */
  get session(): CDPSession {
    return this.cdp;
  }

  /** page_crashed or page_unresponsive once the page is gone; null while it is usable. */
  get failure(): StepError | null {
    return this.failed;
  }

  /**
   * Starts an act: a page whose script was stopped once in an act and is found busy again in the
   * same act is closed without a second try, so one act pays for at most one stop and one close.
   */
  beginAct(): void {
    this.stoppedInAct = false;
  }

  /** Calls `listener` once when the page crashes or is closed as unresponsive. */
  onFailure(listener: (failure: StepError) => void): void {
    if (this.failed) listener(this.failed);
    else this.listeners.add(listener);
  }

  /**
   * `task`'s value if it settles within `limitMs`. Past the limit the page is checked (see the
   * class): a task queued behind a script that was stopped may still finish within the grace;
   * otherwise Overrun, or the page's failure when it was closed or crashed meanwhile. A task's
   * own error passes through, unless the page failed under it (then the failure says why).
   */
  async run<T>(limitMs: number, task: () => Promise<T>): Promise<T> {
    if (this.failed) throw this.failed;
    const work = Promise.resolve().then(task);
    const first = await within(Promise.race([work, this.lost]), limitMs).catch((error: unknown) => {
      throw this.failedNow() ?? error;
    });
    if (first === LOST) throw this.failedNow() ?? new Error('page lost');
    if (first !== TIMED_OUT) return first;
    const verdict = await this.recover();
    if (verdict === 'closed') throw this.failedNow() ?? new Error('page closed');
    // What was queued behind the stopped script runs now; what awaits something else does not.
    const late: T | typeof TIMED_OUT = verdict === 'stopped' ? await within(work, GRACE_MS).catch(() => TIMED_OUT) : TIMED_OUT;
    const failed = this.failedNow();
    if (failed) throw failed;
    if (late !== TIMED_OUT) return late;
    throw new Overrun(limitMs, verdict === 'stopped');
  }

  /**
   * Makes sure the page answers now, after a wait that ended at a limit of its own (Playwright's
   * timeout): 'answering', or 'stopped' when its script had to be stopped; the failure if the
   * page had to be closed.
   */
  async check(): Promise<Verdict> {
    const verdict = await this.recover();
    if (verdict === 'closed') throw this.failedNow() ?? new Error('page closed');
    return verdict;
  }

  /** One recovery at a time: waits that pass their limits together share it. */
  private recover(): Promise<Verdict> {
    this.recovering ??= this.stopOrClose().finally(() => {
      this.recovering = undefined;
    });
    return this.recovering;
  }

  private async stopOrClose(): Promise<Verdict> {
    if (this.failed) return 'closed';
    if (await this.answers(PROBE_MS, performance.now())) return 'answering';
    if (!this.stoppedInAct) {
      this.stoppedInAct = true;
      const stoppedAt = performance.now();
      // Terminates what runs in the main frame's renderer (same-process iframes included); a
      // cross-site iframe runs in a renderer of its own, which this session does not reach.
      await within(this.cdp.send('Runtime.terminateExecution'), GRACE_MS);
      if (await this.answers(stoppedAt + GRACE_MS - performance.now(), stoppedAt)) return 'stopped';
    }
    // Blocked outside JavaScript (a synchronous request that never ends) or looping again at
    // once: navigating away cannot help either, since the stuck renderer never lets go.
    this.fail(new StepError('page_unresponsive', UNRESPONSIVE));
    await within(this.page.close({ runBeforeUnload: false }), CLOSE_MS);
    return 'closed';
  }

  /** True once the page has answered a trivial evaluate since `since`, waiting at most `ms` (an error is an answer too). */
  private async answers(ms: number, since: number): Promise<boolean> {
    if (this.answeredAt >= since) return true;
    // One probe at a time: a busy page queues them, and each would only answer late.
    const answered = (): void => {
      this.answeredAt = performance.now();
      this.probing = undefined;
    };
    this.probing ??= this.cdp.send('Runtime.evaluate', { expression: '0' }).then(answered, answered);
    await within(this.probing, ms);
    return this.answeredAt >= since;
  }

  /** The failure as it is now: read after an await, where a field read would look unchanged to the type checker. */
  private failedNow(): StepError | null {
    return this.failed;
  }

  private fail(failure: StepError): void {
    if (this.failed) return;
    this.failed = failure;
    this.markLost();
    for (const listener of this.listeners) listener(failure);
    this.listeners.clear();
  }
}

/** The deadline of the page `where` belongs to, if the page is watched (pages of tests and tools may not be). */
export function deadlineOf(where: Page | Frame): PageDeadline | undefined {
  return deadlines.get(where as Page) ?? ('parentFrame' in where ? deadlines.get(where.page()) : undefined);
}

/**
 * A wait on the page within `limitMs` (READ_LIMIT_MS, WALK_LIMIT_MS, or a limit of the caller's)
 * under the page's deadline. On a page nobody watches (a tool's, a test's) the wait still ends
 * with Overrun at the limit, but nothing is done to the page.
 */
export async function bounded<T>(where: Page | Frame, limitMs: number, task: () => Promise<T>): Promise<T> {
  const deadline = deadlineOf(where);
  if (deadline) return deadline.run(limitMs, task);
  const value = await within(Promise.resolve().then(task), limitMs);
  if (value === TIMED_OUT) throw new Overrun(limitMs, false);
  return value;
}
