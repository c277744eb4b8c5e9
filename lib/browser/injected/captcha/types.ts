// What the CAPTCHA probe and the solver's hands in the page answer, as node sees it: free of the
// DOM, so node code imports it (the page's side is ./probe.ts and ./widget.ts).

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

/** What the probe reads of the main document, once, for both verdicts. */
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

/** Bounds the probe applies in the page. */
export interface ProbeLimits {
  /** Body text is read up to this many characters, so a big page costs no more than a small one. */
  textCap: number;
  /** Below this much text and this many links, a page is "thin": a check on it is all there is. */
  thinText: number;
  thinLinks: number;
}

/** The vendors a 2Captcha-compatible API solves. */
export type Solvable = 'recaptcha' | 'hcaptcha' | 'turnstile';

/** A widget a solver can be sent: its site key, and which of its vendor's widgets it is (-1: found by its iframe's URL). */
export interface WidgetInfo {
  sitekey: string;
  index: number;
}
