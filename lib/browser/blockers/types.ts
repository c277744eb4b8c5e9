import type { Page } from 'playwright';

/** What `blockers_dismissed` may list (contract 2.1). */
export type BlockerKind = 'cookie_consent' | 'popup';

/** One blocker handled: its kind, what it was (CMP rule name or overlay) and where. */
export interface Dismissal {
  kind: BlockerKind;
  detail: string;
  url: string;
}

/** A session's blocker handling, set up once per BrowserContext by installBlockers(). */
export interface BlockerTracker {
  /**
   * After a navigation or click, once the page loaded: waits (at most `capMs`) for consent
   * handling on the page to finish, runs the generic popup pass, and returns the kinds
   * dismissed on this page since the last call, each once.
   */
  settle(page: Page, capMs: number): Promise<BlockerKind[]>;
  /** Every blocker handled so far in the context (the latest 100), oldest first. */
  readonly log: readonly Dismissal[];
}
