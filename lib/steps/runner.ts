import type { Page } from 'playwright';
import { StepError } from '../errors.js';
import type { BlockerTracker } from '../blockers/index.js';
import type { CaptchaSolver } from '../captcha/solver.js';
import type { NetworkView } from './define.js';
import type { PageObserver } from '../observe/observer.js';
import type { PageState } from '../observe/types.js';
import { navigate } from '../nav/navigate.js';
import type { MediaItem, StepContext } from './define.js';
import { stepModule } from './index.js';
import { actionFailure } from '../target/failure.js';

/** A step after decoding: its type and its parameters with defaults applied. */
export interface DecodedStep {
  name: string;
  params: unknown;
}

/** What one act asks the runner to do. */
export interface ActPlan {
  /** Set by a create with `url`: opened before the steps. */
  url?: string;
  steps: DecodedStep[];
  /** `light` answers url, title and scroll only. */
  pageMode: 'full' | 'light';
  /** False for a bare create (no url, no steps): nothing was loaded, page is null. */
  observe: boolean;
}

/** The envelope's act-dependent part (contract 2.1 without session_id, expires_at, request_id). */
export interface ActResult {
  completed: number;
  page: PageState | null;
  media: MediaItem[];
  extraction: Record<string, unknown> | null;
  blockers_dismissed: string[];
  error: { step: number; action: string; code: string; message: string; context: Record<string, unknown> } | null;
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
  ran: DecodedStep[];
  timings?: ActTimings;
  close: boolean;
  fatal?: StepError;
}

/** Thrown when the act was cancelled from outside (expiry, delete, engine loss): nothing to answer. */
export class ActCancelled extends Error {}

/** Turns anything step `name` threw into a step error, unless the act was cancelled. */
function asStepError(name: string, error: unknown, signal: AbortSignal): StepError {
  if (signal.aborted) throw new ActCancelled('act cancelled');
  if (error instanceof StepError) return error;
  return actionFailure(name, error);
}

/** The session's page and what watches it. */
export interface PageEnv {
  page: Page;
  observer: PageObserver;
  blockers: BlockerTracker;
  network?: NetworkView;
  solver?: CaptchaSolver;
}

/**
 * Runs an act: the create's url if any, then each step in order, stopping at the first failure,
 * then one observation of the page (reused from a final observe step when there is one).
 */
export async function runAct(env: PageEnv, plan: ActPlan, signal: AbortSignal): Promise<RunOutcome> {
  const { observer } = env;
  const started = performance.now();
  observer.takeTimings();
  const ctx: StepContext = { ...env, signal, results: { media: [], extraction: null, blockers: [] } };
  const result: ActResult = { completed: 0, page: null, media: [], extraction: null, blockers_dismissed: [], error: null };
  let close = false;
  let fatal: StepError | undefined;
  let observation: PageState | undefined;
  const ran: DecodedStep[] = [];

  const fail = (step: number, action: string, error: StepError): void => {
    // A step that left no usable page (execute_js stuck in a synchronous request) ends the session:
    // a session without a page could only answer errors until its timeout.
    const lost = env.page.isClosed();
    const message = lost ? `${error.message}; the page could not be recovered and the session was closed` : error.message;
    result.error = { step, action, code: error.code, message, context: error.context };
    if (error.fatal || lost) fatal = lost ? new StepError(error.code, message, error.context) : error;
  };

  if (plan.url !== undefined) {
    ran.push({ name: 'goto', params: { url: plan.url } });
    try {
      await navigate(ctx, { url: plan.url, wait_timeout: 10_000 });
    } catch (error) {
      fail(0, 'goto', asStepError('goto', error, signal));
    }
  }

  for (const [index, step] of plan.steps.entries()) {
    if (result.error) break;
    ran.push(step);
    try {
      const outcome = await stepModule(step.name).run(ctx, step.params);
      observation = outcome?.observation;
      close ||= outcome?.close === true;
      result.completed++;
    } catch (error) {
      observation = undefined;
      fail(index, step.name, asStepError(step.name, error, signal));
    }
  }

  if (signal.aborted) throw new ActCancelled('act cancelled');
  if (plan.observe) result.page = await finalObservation(observer, plan, observation, signal);
  result.media = ctx.results.media;
  result.extraction = ctx.results.extraction;
  result.blockers_dismissed = ctx.results.blockers;
  const spent = observer.takeTimings();
  return { result, ran, close, fatal, timings: { total: performance.now() - started, stable: spent.stable, observe: spent.walk } };
}

/** The auto-observe at the end of every act; a page that cannot be read gives null, not a failed act. */
async function finalObservation(
  observer: PageObserver,
  plan: ActPlan,
  reuse: PageState | undefined,
  signal: AbortSignal,
): Promise<PageState | null> {
  try {
    // An explicit observe as the last step wins over `page: light`: the caller asked for it.
    if (reuse) return reuse;
    return plan.pageMode === 'light' ? await observer.light() : await observer.observe();
  } catch {
    if (signal.aborted) throw new ActCancelled('act cancelled');
    return null;
  }
}
