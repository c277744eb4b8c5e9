/** The contract's `context.kind` for captcha_detected / captcha_unsolvable (decisions.md, step error context). */
export type ChallengeKind = 'recaptcha' | 'hcaptcha' | 'turnstile' | 'challenge' | 'other';

/** Who serves a challenge or a block page; stable ids for logs and messages. */
export type Vendor =
  | 'recaptcha'
  | 'hcaptcha'
  | 'turnstile'
  | 'cloudflare'
  | 'datadome'
  | 'perimeterx'
  | 'aws_waf'
  | 'geetest'
  | 'arkose'
  | 'friendly_captcha'
  | 'amazon'
  | 'akamai'
  | 'imperva'
  | 'sucuri'
  | 'cloudfront'
  | 'wordfence';

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

/** A challenge marker the in-page probe found. */
export interface ChallengeHit {
  vendor: Vendor;
  /**
   * `page`: a marker that only exists on an interstitial (or an overlay covering the page);
   * `widget`: an embeddable widget whose weight depends on the page around it.
   */
  scope: 'page' | 'widget';
  /** What was matched, for the message: a selector, a global, a URL fragment. */
  evidence: string;
  /** The widget sits in a form with fields a person fills in (contact, login, sign-up). */
  inDataForm: boolean;
  /** The widget is markup only: no iframe and no box (its vendor's script has not rendered it). */
  unrendered?: boolean;
  /** The widget sits in a form, of whatever fields (set for the widget markers). */
  inForm?: boolean;
  /** The hit is a challenge popup open over the page. */
  popup?: boolean;
}

/** A block-page marker the in-page probe found. */
export interface BlockHit {
  vendor: Vendor;
  evidence: string;
}

/** What one evaluate reads from the main document; the node side turns it into a verdict. */
export interface PageSignals {
  title: string;
  /** The first h1's text, trimmed and cut. */
  heading: string;
  /** Rendered-ish body text (no script, style, noscript, template, iframe), whitespace collapsed, cut at the cap. */
  text: string;
  links: number;
  /** Little text and few links: whatever check is on the page is all there is. */
  thin: boolean;
  /** A /cdn-cgi/ resource is referenced (the page went through Cloudflare). */
  cdnCgi: boolean;
  challenges: ChallengeHit[];
  blocks: BlockHit[];
}

/** The main-document response facts the verdicts use. */
export interface HttpFacts {
  status?: number;
  /** Lower-cased names, as Playwright's `response.headers()` gives them. */
  headers: Record<string, string>;
}
