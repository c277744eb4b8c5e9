// In the page: what the main document shows of challenges and block pages, read once for both
// verdicts (lib/browser/captcha classifies). Markers are looked up by class, id and tag, with one
// pass over forms, iframes and scripts, a few globals, and a text walk that stops at the cap.
// Vendor scripts need not have run: offline, only the page's own markup, script and iframe URLs are there.
import { squash } from '../strings.js';
import type { BlockHit, ChallengeHit, PageSignals, ProbeLimits, Vendor } from './types.js';

const lower = (value: string | null | undefined): string => (value ?? '').toLowerCase();

/** Never rendered as text. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'OBJECT']);
/** Fields a person fills in: a widget in a form holding one is part of a usable page, not a gate in front of it. */
const DATA_FIELDS =
  'input:not([type]), input[type="text"], input[type="email"], input[type="password"], input[type="tel"], ' +
  'input[type="number"], input[type="search"], input[type="url"], textarea, select';
/** The widgets' wrappers: class, vendor, and the evidence named. */
const WIDGETS: ReadonlyArray<[string, Vendor, string]> = [
  ['g-recaptcha', 'recaptcha', 'div.g-recaptcha'],
  ['h-captcha', 'hcaptcha', 'div.h-captcha'],
  ['cf-turnstile', 'turnstile', 'div.cf-turnstile'],
  ['frc-captcha', 'friendly_captcha', 'div.frc-captcha'],
  ['geetest_holder', 'geetest', '.geetest_holder'],
  ['geetest_captcha', 'geetest', '.geetest_captcha'],
];
/** Cloudflare's own challenge ids, and the generic ones that are Cloudflare's only on a near-empty page. */
const CLOUDFLARE_IDS = ['cf-challenge-running', 'cf-spinner-please-wait', 'cf-please-wait', 'cf-hcaptcha-container'];
const GENERIC_CHALLENGE_IDS = ['challenge-form', 'challenge-running', 'challenge-stage', 'challenge-error-text', 'challenge-body-text'];
/** Inline script read on a thin page, at most. */
const INLINE_CAP = 200_000;

const visible = (element: Element): boolean => element.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });

/** Shown on screen: a challenge popup is parked off-screen and hidden until it opens. */
const shown = (element: Element): boolean => {
  if (!visible(element)) return false;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0;
};

/** A widget in a form a person fills in. */
function inDataForm(element: Element): boolean {
  const form = element.closest('form');
  if (!form) return false;
  for (const field of form.querySelectorAll(DATA_FIELDS)) {
    if (element.contains(field) || /[-_]response$/.test(lower(field.getAttribute('name')))) continue;
    if (visible(field)) return true;
  }
  return false;
}

/** Markup its vendor's script has not turned into a widget (yet, or ever): no iframe, no box. */
function unrendered(element: Element): boolean {
  if (element.getElementsByTagName('iframe').length > 0) return false;
  const box = element.getBoundingClientRect();
  return box.width === 0 || box.height === 0;
}

/** Size "invisible", or bound to a button: the widget only scores, unless it later opens a popup. */
const invisibleWidget = (element: Element): boolean => lower(element.getAttribute('data-size')) === 'invisible' || /^(BUTTON|INPUT|A)$/.test(element.tagName);

/**
 * Body text up to the cap, skipping what is never rendered as text and undisplayed subtrees (a
 * gate page's collapsed "why did this happen?" must not make it look like content). A plain
 * child loop: a TreeWalker with a filter callback costs several times more on a big page.
 */
function bodyText(doc: Document, cap: number): string {
  const pieces: string[] = [];
  let length = 0;
  const read = (parent: Node): void => {
    for (let child = parent.firstChild; child && length < cap; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) {
        const piece = squash(child.nodeValue ?? '');
        if (piece) {
          pieces.push(piece);
          length += piece.length + 1;
        }
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const element = child as Element;
        if (SKIPPED.has(element.tagName)) continue;
        // display: contents has no box of its own, yet its children show.
        if (element.checkVisibility() || getComputedStyle(element).display === 'contents') read(element);
      }
    }
  };
  if (doc.body) read(doc.body);
  return pieces.join(' ').slice(0, cap);
}

/** One probe of one document: what it found so far. */
class Probe {
  readonly challenges: ChallengeHit[] = [];
  readonly blocks: BlockHit[] = [];
  readonly globals: Record<string, unknown>;
  cdnCgi: boolean;

  constructor(
    readonly doc: Document,
    readonly text: string,
    readonly thin: boolean,
  ) {
    this.globals = (doc.defaultView ?? window) as unknown as Record<string, unknown>;
    this.cdnCgi = doc.querySelector('link[href*="/cdn-cgi/"]') !== null;
  }

  hit(vendor: Vendor, scope: 'page' | 'widget', evidence: string, element?: Element, more: Partial<ChallengeHit> = {}): void {
    this.challenges.push({ vendor, scope, evidence, inDataForm: element ? inDataForm(element) : false, ...more });
  }

  /**
   * Elements by class, id and tag: a selector list would match every element against every
   * selector (about 4 ms on a 10,000-element page); these lookups cost microseconds.
   */
  markup(): void {
    const byClass = (name: string): Element[] => Array.from(this.doc.getElementsByClassName(name));
    const byId = (id: string): Element | null => this.doc.getElementById(id);
    for (const [name, vendor, evidence] of WIDGETS) {
      for (const element of byClass(name)) {
        if (invisibleWidget(element) || !visible(element)) continue;
        // Turnstile "interaction-only" shows itself only when it wants a person: until then it just scores.
        if (vendor === 'turnstile' && lower(element.getAttribute('data-appearance')) === 'interaction-only') continue;
        this.hit(vendor, 'widget', evidence, element, { inForm: element.closest('form') !== null, ...(unrendered(element) ? { unrendered: true } : {}) });
      }
    }
    for (const element of this.doc.getElementsByTagName('awswaf-captcha')) {
      if (visible(element)) this.hit('aws_waf', 'widget', 'awswaf-captcha element', element);
    }
    const pxCaptcha = byId('px-captcha');
    if (pxCaptcha && visible(pxCaptcha)) this.hit('perimeterx', 'page', '#px-captcha');
    for (const id of CLOUDFLARE_IDS) if (byId(id)) this.hit('cloudflare', 'page', `#${id}`);
    if (byClass('cf-browser-verification').length > 0) this.hit('cloudflare', 'page', '.cf-browser-verification');
    for (const id of GENERIC_CHALLENGE_IDS) if (this.thin && byId(id)) this.hit('cloudflare', 'page', `#${id}`);
    for (const form of this.doc.forms) {
      const action = lower(form.getAttribute('action'));
      if (action.includes('__cf_chl_')) this.hit('cloudflare', 'page', 'form action with __cf_chl_');
      if (action.includes('/errors/validatecaptcha')) this.hit('amazon', this.thin ? 'page' : 'widget', 'form action /errors/validateCaptcha', form);
    }
    const errorDetails = byId('cf-error-details');
    if (errorDetails) {
      const code = squash(errorDetails.querySelector('.cf-error-code, [data-translate="error"] + span')?.textContent ?? '');
      const headline = errorDetails.querySelector('[data-translate="block_headline"]') !== null || lower(this.text).includes('you have been blocked');
      if (/^10(0[5-9]|1[0-2]|20)$/.test(code)) this.blocks.push({ vendor: 'cloudflare', evidence: `error ${code}` });
      else if (headline) this.blocks.push({ vendor: 'cloudflare', evidence: '"Sorry, you have been blocked"' });
    }
  }

  /** The iframes a challenge or a block page shows, by their URLs. */
  frames(): void {
    for (const frame of this.doc.getElementsByTagName('iframe')) {
      const src = lower(frame.src);
      if (!src) continue;
      if (src.includes('/recaptcha/')) {
        if (src.includes('/bframe')) {
          if (shown(frame)) this.hit('recaptcha', 'widget', 'open reCAPTCHA challenge popup', frame, { popup: true });
        } else if (src.includes('/anchor') && !/[?&]size=invisible/.test(src) && visible(frame)) {
          this.hit('recaptcha', 'widget', 'reCAPTCHA anchor iframe', frame);
        }
      } else if (src.includes('hcaptcha.com')) {
        const role = /frame=([a-z-]+)/.exec(src)?.[1] ?? '';
        if (role === 'checkbox' && visible(frame)) this.hit('hcaptcha', 'widget', 'hCaptcha checkbox iframe', frame);
        else if (role === 'challenge' && shown(frame)) this.hit('hcaptcha', 'widget', 'open hCaptcha challenge popup', frame, { popup: true });
      } else if (src.includes('challenges.cloudflare.com') && src.includes('/turnstile/')) {
        if (visible(frame)) this.hit('turnstile', 'widget', 'Turnstile iframe', frame);
      } else if (src.includes('captcha-delivery.com')) {
        // t=bv: DataDome has banned the address outright; nothing to solve, it is a block.
        if (/[?&]t=bv(&|$)/.test(src)) this.blocks.push({ vendor: 'datadome', evidence: 'captcha-delivery.com iframe with t=bv' });
        else this.hit('datadome', 'page', 'captcha-delivery.com iframe');
      } else if (src.includes('arkoselabs.com') || src.includes('funcaptcha.com')) {
        if (visible(frame)) this.hit('arkose', 'widget', 'Arkose Labs iframe', frame);
      } else if (src.includes('_incapsula_resource')) {
        const incident = lower(frame.textContent).includes('incapsula incident id') || src.includes('incident_id=');
        if (incident || (this.thin && frame.id === 'main-iframe')) this.blocks.push({ vendor: 'imperva', evidence: '_Incapsula_Resource incident iframe' });
      }
    }
  }

  /** The interstitials' scripts and globals (DataDome, PerimeterX, AWS WAF, Cloudflare's orchestrator). */
  scripts(title: string): void {
    const { globals, thin } = this;
    let datadomeScript = false;
    let pxCaptchaScript = false;
    let awsScript = false;
    let inline = '';
    for (const script of this.doc.scripts) {
      const src = lower(script.src);
      if (!src) {
        // Inline code is read only on a thin page, where it is small.
        if (thin && inline.length < INLINE_CAP) inline += script.text;
        continue;
      }
      if (src.includes('/cdn-cgi/')) this.cdnCgi = true;
      // The challenge page's orchestrator; a normal page behind Cloudflare loads only .../scripts/jsd/.
      if (src.includes('/cdn-cgi/challenge-platform/') && src.includes('/orchestrate/')) this.hit('cloudflare', 'page', 'challenge-platform orchestrate script');
      if (src.includes('captcha-delivery.com')) datadomeScript = true;
      if ((src.includes('px-cdn.net') || src.includes('perimeterx.net')) && src.includes('captcha')) pxCaptchaScript = true;
      if (/\/captcha\/(re)?captcha\.js/.test(src) && typeof globals._pxAppId === 'string') pxCaptchaScript = true;
      if (src.includes('awswaf.com') && /(captcha|challenge)\.js/.test(src)) awsScript = true;
    }
    if (typeof globals._cf_chl_opt === 'object' && globals._cf_chl_opt !== null) this.hit('cloudflare', 'page', 'window._cf_chl_opt');
    const dd = globals.dd as Record<string, unknown> | undefined;
    if (dd && typeof dd === 'object' && ((typeof dd.host === 'string' && dd.host.includes('captcha-delivery')) || (dd.cid && dd.rt))) {
      if (dd.t === 'bv') this.blocks.push({ vendor: 'datadome', evidence: "window.dd with t: 'bv'" });
      else this.hit('datadome', 'page', `window.dd (rt: '${String(dd.rt)}')`);
    } else if (datadomeScript && thin) {
      this.hit('datadome', 'page', 'captcha-delivery.com script');
    }
    const pressAndHold = lower(this.text).includes('press & hold');
    const pxTitle = lower(title) === 'access to this page has been denied' && typeof globals._pxAppId === 'string';
    if (thin && (pxCaptchaScript || pressAndHold || pxTitle || inline.includes('_pxCaptcha'))) {
      this.hit('perimeterx', 'page', pxCaptchaScript ? 'PerimeterX captcha script' : pressAndHold ? '"Press & Hold" text' : pxTitle ? 'block title with window._pxAppId' : '_pxCaptcha');
    }
    // gokuProps and the cookie-domain list exist only on AWS WAF's interstitials; the SDK on normal pages sets neither.
    const goku = typeof globals.gokuProps === 'object' && globals.gokuProps !== null;
    if (thin && (goku || Array.isArray(globals.awsWafCookieDomainList) || (awsScript && inline.includes('AwsWafIntegration')))) {
      this.hit('aws_waf', 'page', goku ? 'window.gokuProps' : 'AWS WAF interstitial script');
    }
  }
}

/** What the document shows of challenges and block pages. */
export function probe(doc: Document, limits: ProbeLimits): PageSignals {
  const text = bodyText(doc, limits.textCap);
  const links = doc.links.length;
  const thin = text.length < limits.thinText && links < limits.thinLinks;
  const title = squash(doc.title);
  const heading = squash(doc.querySelector('h1')?.textContent ?? '').slice(0, 200);
  const found = new Probe(doc, text, thin);
  found.markup();
  found.frames();
  found.scripts(title);
  return { title, heading, text, links, thin, cdnCgi: found.cdnCgi, challenges: found.challenges, blocks: found.blocks };
}
