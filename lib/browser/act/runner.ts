import type { Page } from 'playwright';
import { StepError } from '../../contract/errors.js';
import type { BlockerTracker } from '../blockers/index.js';
import type { CaptchaSolver } from '../captcha/solver.js';
import type { PageObserver } from '../observe/observer.js';
import type { PageState } from '../../contract/response/page.js';
import { Overrun, READ_LIMIT_MS, STOPPED_NOTE, type PageDeadline } from '../deadline.js';
import { inPage } from '../program.js';
import { seconds } from '../../platform/time.js';
import { OBSERVE_ALLOWANCE_MS } from './budget.js';
import type { StepModule } from './define.js';
import type { ActLimits, NetworkView, StepOutcome, Act, TabControl, TabView } from './act.js';
import type { StepCall, StepType } from '../../contract/step-types.js';
import { noResult, type ActResult } from '../../contract/response/envelope.js';
import { actionFailure } from './targeting/failure.js';
import type { JournalSink } from '../../platform/journal/events.js';
import { redactStepMessage, redactStepParams } from '../../platform/journal/redact.js';

/** What one act asks the runner to do. */
export interface ActRequest {
  /** Set by a create with `url`: opened before the steps. */
  url?: string;
  /** Set by a fork: once `url` has opened, the page scrolls to this y (px), as its source was. */
  scrollTo?: number;
  steps: StepCall[];
  /** `light` answers url, title and scroll only. */
  pageMode: 'full' | 'light';
  /** False for a bare create (no url, no steps): nothing was loaded, page is null. */
  observe: boolean;
  /** The act's id in the session's journal. */
  actId?: string;
}

/** Where an act's time went, in ms: sent as Server-Timing, not part of the envelope. */
export interface ActTimings {
  total: number;
  stable: number;
  observe: number;
}

/** The runner's answer: the result plus what the lifecycle must do next. */
export interface RunOutcome {
  result: ActResult;
  /** The steps that were started, in order (a create's url first, as a goto); with `result.error` the last one failed. */
  ran: StepCall[];
  timings?: ActTimings;
  close: boolean;
  fatal?: StepError;
}

/** Thrown when the act was cancelled from outside (expiry, delete, engine loss): nothing to answer. */
export class ActCancelled extends Error {}

/**
 * Turns anything step `name` threw into a step error, unless the act was cancelled. An Overrun
 * with `budget` as its limit is the step's own; any other is one of its reads of the page.
 */
function asStepError(name: string, error: unknown, signal: AbortSignal, budget?: number): StepError {
  if (signal.aborted) throw new ActCancelled('act cancelled');
  if (error instanceof StepError) return error;
  if (error instanceof Overrun) {
    const what = error.limitMs === budget ? 'it did not finish within its limit' : 'a read of the page did not finish within';
    return new StepError('action_failed', `${name} failed: ${what} of ${seconds(error.limitMs)}${error.stopped ? STOPPED_NOTE : ''}`, { reason: 'timeout' });
  }
  return actionFailure(name, error);
}

/** Past a step's budget, the time its own timeouts get to fire first, so that it fails in its own words. */
const STEP_SLACK_MS = 1_000;
/** The wait_for / wait_until limit of a create's url. */
const CREATE_WAIT_TIMEOUT_MS = 10_000;

/** The session's page and what watches it. */
export interface PageEnv {
  page: Page;
  /** Holds every step, and the final observation, to its budget; knows when the page is gone. */
  deadline: PageDeadline;
  observer: PageObserver;
  blockers: BlockerTracker;
  network?: NetworkView;
  solver?: CaptchaSolver;
  /** Limits in place of the defaults (Act.limits). */
  limits?: ActLimits;
  /** Where each step is recorded with its (redacted) params, duration and outcome. */
  journal?: JournalSink;
  /** The module of each step type (lib/api/steps.ts), which the act's steps name. */
  stepModule(name: StepType): StepModule<unknown>;
  /** The session's tabs (lib/browser/tabs), whose active one the act runs on; without them, `page` is the only one. */
  tabs?: TabControl;
}

/**
 * Runs an act: the create's url if any, then each step in order, stopping at the first failure,
 * then one observation of the page (reused from a final observe step when there is one). Each
 * step runs within its budget, the observation within its own, under the page's deadline; a page
 * that crashed or could not be recovered ends the session (fatal page_crashed / page_unresponsive).
 */
export async function runAct(env: PageEnv, request: ActRequest, signal: AbortSignal): Promise<RunOutcome> {
  const { tabs } = env;
  // The active tab: steps act on it and the act observes it (the one page without tabs).
  const here = (): TabView => tabs?.active ?? env;
  const started = performance.now();
  tabs?.beginAct();
  here().deadline.beginAct();
  let timings = { stable: 0, walk: 0 };
  const takeTimings = (): void => {
    const spent = here().observer.takeTimings();
    timings = { stable: timings.stable + spent.stable, walk: timings.walk + spent.walk };
  };
  here().observer.takeTimings();
  const { blockers, network, solver, limits, journal } = env;
  const act: Act = { ...here(), blockers, network, solver, limits, journal, tabs, signal, results: { media: [], extraction: null, blockers: [] }, actionsAhead: false };
  // After a step: the tabs it opened have arrived, and the act goes on in the active one.
  const follow = async (): Promise<void> => {
    if (!tabs) return;
    await tabs.settle();
    const { page, observer } = here();
    if (page === act.page) return;
    takeTimings();
    act.page = page;
    act.observer = observer;
    here().deadline.beginAct();
  };
  // Whether a step after the one at index `from` acts on an element.
  const targetsAfter = (from: number): boolean => request.steps.slice(from + 1).some((step) => env.stepModule(step.name).targets === true);
  const result = noResult();
  let close = false;
  let fatal: StepError | undefined;
  let observation: PageState | undefined;
  const ran: StepCall[] = [];

  const fail = async (step: number, action: StepType, error: StepError): Promise<void> => {
    const { deadline } = here();
    // A step that ran out of time may have left the page busy (a wait's expression still
    // looping): the page must answer before anything else is asked of it.
    const verdict = deadline.failure ? 'closed' : await deadline.check().catch(() => 'closed' as const);
    // A page that is gone is what the caller needs to hear, whatever the step made of it.
    const stopped = verdict === 'stopped' && !error.message.includes(STOPPED_NOTE);
    const final = deadline.failure ?? (stopped ? new StepError(error.code, error.message + STOPPED_NOTE, error.context) : error);
    result.error = { step, action, code: final.code, message: final.message, context: final.context };
    if (final.fatal) fatal = final;
  };
  // Each step within its budget (and the slack), its failure a step error.
  const runStep = async (index: number, name: StepType, params: unknown): Promise<StepOutcome | void> => {
    const module = env.stepModule(name);
    const budget = module.budget(params, act) + STEP_SLACK_MS;
    const redacted = env.journal && redactStepParams(name, params);
    // Before the step runs: what it types may show up in what it causes (a GET form's URL).
    if (redacted) env.journal?.addSecrets(redacted.secrets);
    const begun = performance.now();
    const tab = tabs?.active.id;
    try {
      return await here().deadline.run(budget, () => module.run(act, params));
    } catch (error) {
      // A popup that closed itself under the step (its last click's window.close) did what it was asked.
      if (tab !== undefined && !signal.aborted && (await tabs!.closedItself(tab))) return;
      await fail(index, name, asStepError(name, error, signal, budget));
    } finally {
      await follow().catch(() => undefined);
      if (redacted && !signal.aborted) journalStep(env.journal!, { actId: request.actId ?? '', index, name, params, redacted: redacted.params, ms: performance.now() - begun, error: result.error });
    }
  };

  if (request.url !== undefined) {
    ran.push({ name: 'goto', params: { url: request.url } });
    act.actionsAhead = targetsAfter(-1);
    await runStep(0, 'goto', { url: request.url, wait_timeout: CREATE_WAIT_TIMEOUT_MS });
    if (request.scrollTo && !result.error) await restoreScroll(here(), request.scrollTo);
  }

  for (const [index, step] of request.steps.entries()) {
    if (result.error) break;
    ran.push(step);
    act.actionsAhead = targetsAfter(index);
    const shown = tabs?.active.id;
    const outcome = await runStep(index, step.name, step.params);
    if (result.error) {
      observation = undefined;
    } else {
      // An observation of a tab that is no longer the active one is not the act's to answer.
      observation = shown === tabs?.active.id ? outcome?.observation : undefined;
      close ||= outcome?.close === true;
      result.completed++;
    }
  }

  if (signal.aborted) throw new ActCancelled('act cancelled');
  if (request.observe && !here().deadline.failure) {
    const shown = tabs?.active.id;
    let page = await finalObservation(here(), request, observation, signal);
    // The tab closed itself while it was observed (a popup done signing in): its opener is the answer.
    if (tabs && shown !== undefined && (await tabs.closedItself(shown))) {
      await tabs.settle();
      page = await finalObservation(here(), request, undefined, signal);
    }
    result.page = tabs ? await tabs.annotate(page) : page;
  } else await tabs?.annotate(null);
  // The page went while being observed, after every step had run: the observation is where it failed.
  const failure = here().deadline.failure;
  if (failure && !fatal) {
    fatal = failure;
    result.error ??= { step: request.steps.length, action: 'observe', code: failure.code, message: failure.message, context: failure.context };
  }
  result.media = act.results.media;
  result.extraction = act.results.extraction;
  result.blockers_dismissed = act.results.blockers;
  takeTimings();
  return { result, ran, close, fatal, timings: { total: performance.now() - started, stable: timings.stable, observe: timings.walk } };
}

/** Scrolls to where a fork's source was; a page that will not scroll there is left where it is (the observation says where). */
async function restoreScroll(env: TabView, top: number): Promise<void> {
  await env.deadline.run(READ_LIMIT_MS, () => inPage(env.page, 'jump', top)).catch(() => undefined);
}

/** Records one step; its error message says no more than the log would. */
function journalStep(
  journal: JournalSink,
  step: { actId: string; index: number; name: string; params: unknown; redacted: unknown; ms: number; error: ActResult['error'] },
): void {
  const { actId, index, name, params, redacted, ms, error } = step;
  journal.record({
    type: 'step',
    act_id: actId,
    index,
    step: name,
    params: redacted,
    duration_ms: Math.round(ms),
    ok: error === null,
    ...(error ? { error: { code: error.code, message: redactStepMessage(name, error.message, params) } } : {}),
  });
}

/** The auto-observe at the end of every act, within an observe step's budget; a page that cannot be read gives null, not a failed act. */
async function finalObservation(env: TabView, request: ActRequest, reuse: PageState | undefined, signal: AbortSignal): Promise<PageState | null> {
  const { observer, deadline } = env;
  try {
    // An explicit observe as the last step wins over `page: light`: the caller asked for it.
    if (reuse) return reuse;
    return await deadline.run(OBSERVE_ALLOWANCE_MS, () => (request.pageMode === 'light' ? observer.light() : observer.observe()));
  } catch {
    if (signal.aborted) throw new ActCancelled('act cancelled');
    return null;
  }
}
