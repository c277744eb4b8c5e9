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
export interface Act {
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
