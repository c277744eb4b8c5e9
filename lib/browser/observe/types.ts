import type { PageState } from '../../contract/response/page.js';

/** Parameters of the observe step (contract 4.4), with defaults applied by the observer. */
export interface ObserveOptions {
  format?: 'markdown' | 'html';
  mode?: 'main' | 'full';
  include_page_map?: boolean;
  scope?: string;
  include_links?: boolean;
  /** in_place (the default): controls' refs in the markdown where they stand; list: text only. */
  controls?: 'in_place' | 'list';
  max_text_length?: number;
}

/** What steps use to look at the page; one per session, it remembers refs and the last observation. */
export interface Observer {
  /** Waits (bounded) for the page to settle, then observes it. */
  observe(options?: ObserveOptions): Promise<PageState>;
  /** Waits for network idle 300 ms and DOM quiet 500 ms, at most `capMs`; true when reached. */
  waitForStable(capMs: number, signal?: AbortSignal): Promise<boolean>;
}
