import type { FormInfo, InteractiveElement, ScrollState, SectionMapItem } from '../../contract/response/page.js';

/** The global under which the in-page script installs itself (a registered symbol, invisible to enumeration). */
export const PAGE_KEY = 'tabwright.page';

/** The global under which every document's click hooks keep the elements given click listeners. */
export const HOOKS_KEY = 'tabwright.hooks';

/** What the node side asks one walk for: the observe step's options plus the session's next ref number. */
export interface WalkOptions {
  mode: 'main' | 'full';
  format: 'markdown' | 'html';
  /** CSS selector limiting content and elements to the matching subtree(s). */
  scope?: string;
  includeLinks: boolean;
  includeMap: boolean;
  /** Puts each listed control's ref where it stands in the markdown (`[e3: button "Send"]`). */
  controlsInPlace?: boolean;
  maxTextLength: number;
  /** The number the next new element gets (`e${nextRef}`); refs are never reused within a session. */
  nextRef: number;
  /** Elements and forms only: no content is rendered (a cross-origin frame's walk, whose text is not shown). */
  elementsOnly?: boolean;
  /**
   * Hand out no new numbers: when an element to list has none yet, the walk stops and says so
   * (`unnumbered`). Lets the node side walk several cross-origin frames at once, numbering only
   * those that need it one after another.
   */
  knownOnly?: boolean;
}

/** One walk of the top document (same-origin iframes and open shadow roots walked inline). */
export interface WalkResult {
  title: string;
  /** Markdown (or cleaned HTML for format html), cut at a block boundary to maxTextLength. */
  content: string;
  /** Length of the whole content before cutting. */
  total: number;
  elements: InteractiveElement[];
  forms: FormInfo[];
  /** Present when includeMap was asked. */
  map?: SectionMapItem[];
  scroll: ScrollState;
  /** The next unused ref number after this walk. */
  nextRef: number;
  /** False when `scope` matched nothing. */
  scopeMatched: boolean;
  /** Which extractor chose the main content: 'readability', 'main', 'role-main', 'article' or 'body' (full mode: 'full'; with a scope: 'scope'). */
  source: string;
  /**
   * The shown cross-origin iframes this document cannot read, in document order: for each, how
   * many of `elements` come before it (its own elements belong there). The node side walks them
   * through their own frames (lib/observe/observer.ts).
   */
  frames: number[];
  /** Set (and nothing listed) when `knownOnly` was asked and some element has no number yet. */
  unnumbered?: boolean;
}

/** Where a ref's element lives: the element and the chain of same-origin iframe elements around it, outermost first. */
export interface Resolved {
  element: Element;
  frames: Element[];
}

/** The API the in-page script installs at `globalThis[Symbol.for(PAGE_KEY)]`. */
export interface PageApi {
  walk(options: WalkOptions): WalkResult;
  /** The element of a ref like `e5` if it is still attached, else null. */
  resolve(ref: string): Resolved | null;
  /** Which of the last walk's `frames` the iframe element `el` is, or -1. */
  foreignFrame(el: Element): number;
}
