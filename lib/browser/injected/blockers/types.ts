// What the blocker passes in the page answer, as node sees it: free of the DOM, so node code
// imports it (the page's side is ./popups.ts and ./consent.ts).

/** What the overlay pass found in the page. */
export interface OverlayFound {
  /** A short description of the overlay (tag, id, first class), for the log. */
  overlay: string;
  /** The close control clicked, described the same way; null when none was safe to click. */
  clicked: string | null;
}

/** How a document's consent handling stands when settle asks. */
export interface ConsentOutcome {
  /** absent: autoconsent is not running here; settled: nothing (left) to wait for; pending: still handling at the cap. */
  state: 'absent' | 'settled' | 'pending';
  /** autoconsentDone messages this document sent, for matching with what the node side received. */
  done: number;
}

/**
 * What the consent sniff looks for (lib/browser/blockers/consent-sniff.ts derives it from the
 * rules): any one of them is a hit. The CSS selectors come sorted by how the page looks each up
 * (sniffLookups), done once in node: a lone id, class or tag needs no selector parsed.
 */
export interface SniffTargets {
  ids: string[];
  classes: string[];
  tags: string[];
  selectors: string[];
  /** XPath expressions (autoconsent's `xpath/` selectors). */
  xpath: string[];
  /** Window properties a CMP's script defines (the translated eval snippets and code rules). */
  globals: string[];
  /** Checks no selector expresses, coded in the sniff: Sourcepoint's frame URLs, Admiral's notice, the heuristic pass's popups. */
  special: SpecialCheck[];
}

/** The checks the sniff codes itself; each names what it stands for. */
export type SpecialCheck = 'sourcepoint-frame-url' | 'admiral-notice' | 'heuristic-popup';

/** What the consent starter of every http(s) document is set up with: the sniff and the site rules' URL patterns. */
export interface ConsentStart {
  /** The binding autoconsent's messages reach the node side through. */
  binding: string;
  /** What a document's loader must be shown to take the kit: page scripts cannot know it. */
  token: string;
  sniff: SniffTargets;
  /** The URL patterns of the site rules a main frame may run, and for each the texts one of which a URL it matches holds. */
  sitePatterns: string[];
  siteTexts: string[][];
  /** How often a document without a banner is sniffed again, and how long apart (autoconsent's detection schedule). */
  retries: number;
  intervalMs: number;
}
