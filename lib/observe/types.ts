/** Page state as the contract's section 2.2 describes it. */
export interface PageState {
  url: string;
  title: string;
  stable?: boolean;
  markdown?: { content: string; length?: { shown: number; total: number } };
  interactive_elements?: InteractiveElement[];
  forms?: FormInfo[];
  map?: SectionMapItem[];
  changes?: PageChanges | null;
  scroll: ScrollState;
}

/** An interactive element (contract 2.3). */
export interface InteractiveElement {
  ref: string;
  tag: string;
  role: string;
  label: string;
  value?: string;
  in?: string;
  near?: string;
  form?: string;
}

/** A form (contract 2.4). */
export interface FormInfo {
  ref: string;
  id: string;
  action: string;
  method: string;
  fields: string[];
}

/** One entry of the section map. */
export interface SectionMapItem {
  section: string;
  selector: string;
  hint: string;
}

/** The diff against the previous observation. */
export interface PageChanges {
  content_changed: boolean;
  content_delta: string | null;
  elements_added: Array<{ ref: string } & Partial<InteractiveElement>>;
  elements_removed: Array<{ ref: string } & Partial<InteractiveElement>>;
}

/** Scroll position, all integers. */
export interface ScrollState {
  y: number;
  height: number;
  viewport: number;
  percent: number;
}

/** Parameters of the observe step (contract 4.4), with defaults applied by the observer. */
export interface ObserveOptions {
  format?: 'markdown' | 'html';
  mode?: 'main' | 'full';
  include_page_map?: boolean;
  scope?: string;
  include_links?: boolean;
  max_text_length?: number;
}

/** What steps use to look at the page; one per session, it remembers refs and the last observation. */
export interface Observer {
  /** Waits (bounded) for the page to settle, then observes it. */
  observe(options?: ObserveOptions): Promise<PageState>;
  /** Waits for network idle 300 ms and DOM quiet 500 ms, at most `capMs`; true when reached. */
  waitForStable(capMs: number, signal?: AbortSignal): Promise<boolean>;
}
