// What the lifecycle (session, takeover, registry) knows of a session's page, apart from how it is
// opened: the real one is actors/playwright-page.ts, tests give a fake.
import type { StepError } from '../lib/contract/errors.js';
import type { JournalSink } from '../lib/platform/journal/events.js';
import type { Viewer } from '../lib/browser/live/screencast.js';
import type { InputEvent } from '../lib/contract/request/input.js';
import type { ActRequest, RunOutcome } from '../lib/browser/act/runner.js';
import type { BridgeTarget } from '../lib/browser/cdp/bridge.js';
import type { ForkPoint } from '../lib/browser/state/fork.js';
import type { StorageState } from '../lib/browser/state/storage.js';
import type { DownloadItem } from '../lib/contract/response/download.js';

/** One session's page as the lifecycle sees it: run an act, close, and whether the browser is still there. */
export interface PageDriver {
  run(request: ActRequest, signal: AbortSignal): Promise<RunOutcome>;
  /** Ends the page; a trace is written first unless `keepTrace` is false (a session that never started). */
  close(options?: { keepTrace?: boolean }): Promise<void>;
  /** How much longer than closing a context `close` may take: writing a trace (0 when there is none). */
  readonly closeExtraMs?: number;
  readonly connected: boolean;
  /** What the session consumed besides time since the previous call (take semantics: each amount once). */
  usage?(): Consumed;
  /**
   * Calls `listener` once if the page is lost for good while the browser stays up: its renderer
   * crashed (page_crashed), or it was closed because its script could not be stopped (page_unresponsive).
   */
  onPageFailure?(listener: (failure: PageFailure) => void): void;
  /** The page as a person sees and drives it (issue 14); a driver without one has no live view. */
  readonly live?: LiveView;
  /** Where CDP clients of the session connect (lib/browser/cdp): its context and page in the engine's browser; undefined when the browser takes none. */
  cdpTarget?(): Promise<BridgeTarget | undefined>;
  /** Where a fork of this page starts (lib/browser/state/fork.ts); undefined when the page did not answer in time. */
  forkPoint?(): Promise<ForkPoint | undefined>;
  /** The context's cookies and storage now, what a persisting profile saves (lib/browser/state/storage.ts). */
  storage?(): Promise<StorageState>;
  /** From now on, records navigations, page errors and console errors, and each step of each act, in `journal`. */
  attachJournal?(journal: JournalSink): void;
  /** The files its pages downloaded so far, oldest first (lib/browser/downloads); a driver without them has none. */
  downloads?(): DownloadItem[];
}

/** A page's live view: screencast frames to whoever watches, and a person's input. */
export interface LiveView {
  /** Streams frames to `viewer` until the returned function is called. */
  watch(viewer: Viewer): () => void;
  /** Applies the events in order; resolves with how many were applied. */
  input(events: readonly InputEvent[]): Promise<number>;
}

/** Why a session's page is gone (a step error code and its message). */
export interface PageFailure {
  code: StepError['code'];
  message: string;
}

/** What a session consumed besides time. */
export interface Consumed {
  aiTokens: number;
  bytesDatacenter: number;
  bytesResidential: number;
  captchaSolves: number;
}
