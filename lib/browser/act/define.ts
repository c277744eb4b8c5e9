import type * as t from 'io-ts';
import type { mediaItemCodec } from '../../contract/response/media.js';
import type { Page } from 'playwright';
import type { BlockerKind, BlockerTracker } from '../blockers/index.js';
import type { CaptchaSolver } from '../captcha/solver.js';
import type { JournalSink } from '../../platform/journal/events.js';
import type { PageObserver } from '../observe/observer.js';
import type { PageState } from '../../contract/response/page.js';

/** A media item (contract 2.5), typed from the codec the API document describes it with. */
export type MediaItem = t.TypeOf<typeof mediaItemCodec>;

/** What the steps of one act accumulate for the envelope. */
export interface StepResults {
  media: MediaItem[];
  extraction: Record<string, unknown> | null;
  blockers: BlockerKind[];
}

/** What the session's network path can tell a step: whether the guard refused a URL's host. */
export interface NetworkView {
  blocked(url: string): boolean;
  /** How many destinations the guard has refused so far in this session. */
  blockedCount(): number;
  /** The session proxy's URL, for requests the service makes on the session's behalf (upload's downloads). */
  proxyUrl: string;
  /** Why `url` could not be reached, when the browser's error does not say (see SessionProxy.diagnose). */
  diagnose(url: string): Promise<string | undefined>;
}

/** Everything a step may touch: the page, its session's observer, the act's results, and a cancel signal. */
export interface StepContext {
  page: Page;
  observer: PageObserver;
  /** Consent banners and popups of the session (does nothing with auto_dismiss_blockers false). */
  blockers: BlockerTracker;
  /** The session's proxy (absent for fakes). */
  network?: NetworkView;
  /** Solves detected CAPTCHAs (absent without TABWRIGHT_CAPTCHA_SOLVER). */
  solver?: CaptchaSolver;
  results: StepResults;
  /** The session's journal, for what a step meets (blockers, CAPTCHAs, refused access); absent for fakes. */
  journal?: JournalSink;
  /** Aborted when the act is cancelled (session expired, deleted or its engine lost). */
  signal: AbortSignal;
  /**
   * Whether a later step of this act acts on an element through Playwright (StepModule.targets). A document this step opens is readied
   * for actions (prepareActions) only then: the readying costs its renderer some 30 ms of CPU,
   * wasted on a document that is only read, and under load that CPU is what other sessions wait for.
   */
  actionsAhead: boolean;
}

/** What a step may hand back to the runner. */
export interface StepOutcome {
  /** The `close` step: end the session once the act is answered. */
  close?: boolean;
  /** An observation the step already made; the runner reuses it instead of observing again. */
  observation?: PageState;
}

/** One step type: its name, the io-ts codec of its parameters, its time budget and how it runs. */
export interface StepModule<P = unknown, N extends string = string> {
  readonly name: N;
  readonly codec: t.Type<P, unknown, unknown>;
  /**
   * The step acts on the element it targets through Playwright's element actions, which need
   * Playwright's injected script in the document (check, select, type...). click and fill do
   * not set it: they act through the walker (lib/target/located.ts) and reach for Playwright
   * only when the element is not ready at once.
   */
  readonly targets?: true;
  /**
   * The longest the step may take, in ms, from its parameters and the caps it waits under
   * (lib/steps/budget.ts); the runner stops it there. What the session has (a CAPTCHA solver)
   * may add to it.
   */
  budget(params: P, ctx: Pick<StepContext, 'solver'>): number;
  run(ctx: StepContext, params: P): Promise<StepOutcome | void>;
}

/** Declares a step module; the identity function, there for inference (the name stays a literal) and for readers. */
export function defineStep<const N extends string, P>(module: StepModule<P, N>): StepModule<P, N> {
  return module;
}
