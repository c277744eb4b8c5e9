import type * as t from 'io-ts';
import type { formCodec, interactiveElementCodec, pageStateCodec } from '../response/page.js';

// The answer shapes are defined once, as the codecs the API document is generated from
// (lib/response/page.ts); the types here are read off them, so the observer cannot answer a
// shape the document does not describe without the compiler saying so.

/** Page state as the contract's section 2.2 describes it. */
export type PageState = t.TypeOf<typeof pageStateCodec>;

/** An interactive element (contract 2.3). */
export type InteractiveElement = t.TypeOf<typeof interactiveElementCodec>;

/** A form (contract 2.4). */
export type FormInfo = t.TypeOf<typeof formCodec>;

/** One entry of the section map. */
export type SectionMapItem = NonNullable<PageState['map']>[number];

/** The diff against the previous observation. */
export type PageChanges = NonNullable<PageState['changes']>;

/** Scroll position, all integers. */
export type ScrollState = PageState['scroll'];

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
