// An act as its steps see it: the session's page and everything that watches it, the results so
// far and the cancel signal. The runner (./runner.ts) makes one for each act; ./define.ts hands it
// to each step it runs.
import type { Page } from 'playwright';
import type { MediaItem } from '../../contract/response/media.js';
import type { PageState } from '../../contract/response/page.js';
import type { JournalSink } from '../../platform/journal/events.js';
import type { BlockerKind, BlockerTracker } from '../blockers/index.js';
import type { CaptchaSolver } from '../captcha/solver.js';
import type { PageObserver } from '../observe/observer.js';
import type { PageDeadline } from '../deadline.js';

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

/** One tab's page and what watches it. */
export interface TabView {
  page: Page;
  deadline: PageDeadline;
  observer: PageObserver;
}

/**
 * A session's tabs as the runner and the tab step drive them (lib/browser/tabs); absent for
 * fakes, whose one page is the act's. Steps act on the active tab; the runner follows it.
 */
export interface TabControl {
  /** The active tab: the one steps act on and the act observes. */
  readonly active: TabView & { id: string };
  /** How many tabs are open. */
  readonly size: number;
  /** Makes tab `id` active; one that is not open is a step error naming the open tabs. */
  switchTo(id: string): void;
  /** Opens a new blank tab (no opener) and makes it active; refused past the session's bound. Answers its id. */
  open(): Promise<string>;
  /** Closes tab `id` (the active one gives way to its opener, else the latest); the last tab is refused. */
  close(id: string): Promise<void>;
  /** After a step: waits (bounded) for the tabs the session's pages were opening to arrive (one the active tab opened during the act becomes active); brings the active tab to the front. */
  settle(): Promise<void>;
  /** After a step that failed: whether tab `id` closed itself meanwhile (a popup's window.close), once its close was taken in. */
  closedItself(id: string): Promise<boolean>;
  /** Starts an act: tabs the active one opens from now on become active. */
  beginAct(): void;
  /** Ends an act: page.tabs (with more than one tab) and changes.tab on its observation (null when it observed nothing). */
  annotate<S extends PageState | null>(observation: S): Promise<S>;
}

/**
 * Limits of a session's steps a driver may be given in place of their defaults: a test whose page
 * only runs into one need not wait out the default (DriverOptions.limits). Each absent one is its default.
 */
export interface ActLimits {
  /** How long a navigation may take to reach DOMContentLoaded (default NAVIGATION_TIMEOUT_MS; read it with navigationLimit). */
  navigationMs?: number;
  /** How long an extract step's `js >>` expression may run (default JS_TIMEOUT_MS). */
  jsExpressionMs?: number;
}

/** Everything a step may touch: the page, its session's observer, the act's results, and a cancel signal. */
export interface Act {
  page: Page;
  observer: PageObserver;
  /** Consent banners and popups of the session (does nothing with auto_dismiss_blockers false). */
  blockers: BlockerTracker;
  /** The session's proxy (absent for fakes). */
  network?: NetworkView;
  /** Solves detected CAPTCHAs (absent without TABWRIGHT_CAPTCHA_SOLVER). */
  solver?: CaptchaSolver;
  /** Limits the session's driver was given in place of the defaults (absent: the defaults). */
  limits?: ActLimits;
  results: StepResults;
  /** The session's tabs; the runner points `page` and `observer` at the active one after each step. */
  tabs?: TabControl;
  /** The session's journal, for what a step meets (blockers, CAPTCHAs, refused access); absent for fakes. */
  journal?: JournalSink;
  /** Aborted when the act is cancelled (session expired, deleted or its engine lost). */
  signal: AbortSignal;
  /**
   * Whether a later step of this act acts through Playwright's element actions (StepModule.targets).
   * A document this step opens is readied for them (prepareActions) only then: the readying costs
   * its renderer some 30 ms of CPU, wasted on a document that is only read, and under load that
   * CPU is what other sessions wait for.
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
