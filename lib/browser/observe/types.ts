import type { ObserveOptions } from '../../contract/request/observe.js';
import type { PageState } from '../../contract/response/page.js';

/** What steps use to look at the page; one per session, it remembers refs and the last observation. */
export interface Observer {
  /** Waits (bounded) for the page to settle, then observes it (by default as an observe step without options). */
  observe(options?: ObserveOptions): Promise<PageState>;
  /** Waits for network idle 300 ms and DOM quiet 500 ms, at most `capMs`; true when reached. */
  waitForStable(capMs: number, signal?: AbortSignal): Promise<boolean>;
}
