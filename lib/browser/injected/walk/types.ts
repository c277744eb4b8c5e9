// What one walk of a document is asked and answers, as node sees it: free of the DOM, so node
// code imports it (the walker itself is ./walk.ts).
import type { FormInfo, InteractiveElement, ScrollState, SectionMapItem } from '../../../contract/response/page.js';

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
   * through their own frames (lib/browser/observe/observer.ts).
   */
  frames: number[];
  /** Set (and nothing listed) when `knownOnly` was asked and some element has no number yet. */
  unnumbered?: boolean;
}

/**
 * What a document says of its own quiet: how long its DOM has been still, in ms (Number.MAX_VALUE
 * when it has no mutation clock: as long as anyone knows, in a number JSON carries), whether it
 * finished loading, and whether `<html>` or `<body>` is transparent or hidden. Anti-flicker
 * snippets hide the whole page that way until their script (or a timer of a few seconds) shows
 * it: such a page is still loading, not empty.
 */
export interface DomQuiet {
  quietFor: number;
  loaded: boolean;
  hidden: boolean;
}

/** One look during a stability wait: the document's quiet, and its walk when it was quiet long enough for one. */
export interface WalkLook {
  walk: WalkResult | null;
  dom: DomQuiet;
}

/** Where the page scrolls (the window, or the panel an app layout scrolls in): its position, how tall what scrolls is, and how much of it shows. */
export interface ScrollBox {
  y: number;
  height: number;
  viewport: number;
}

/** A document's title and scroll position, for `page: light`. */
export interface LightRead {
  title: string;
  scroll: ScrollState;
}
