// What the CAPTCHA detection concludes; what the page's probe reads is lib/browser/injected/captcha/types.ts.
export type { BlockHit, ChallengeHit, PageSignals, Vendor } from '../injected/captcha/types.js';

/** The contract's `context.kind` for captcha_detected / captcha_unsolvable (decisions.md, step error context). */
export type ChallengeKind = 'recaptcha' | 'hcaptcha' | 'turnstile' | 'challenge' | 'other';

/**
 * A bot check found on the page. `blocking` is true when the check stands between the user and
 * the content (an interstitial, or the only thing on a near-empty page); false for a widget
 * embedded in a usable page, such as a reCAPTCHA checkbox in a contact form.
 */
export interface Challenge {
  kind: ChallengeKind;
  vendor: string;
  blocking: boolean;
  /**
   * True when the user cannot go on past it: a blocking check, or a widget whose challenge popup
   * is open over the page. A widget that is neither (not rendered, or in a form of a usable page)
   * does not fail a navigation: the observation reports it.
   */
  inTheWay: boolean;
  message: string;
}

/** A known access-denied page: the HTTP status when there was a response, and what gave it away. */
export interface BlockPage {
  status?: number;
  reason: string;
}

/** The main-document response facts the verdicts use. */
export interface HttpFacts {
  status?: number;
  /** Lower-cased names, as Playwright's `response.headers()` gives them. */
  headers: Record<string, string>;
}
