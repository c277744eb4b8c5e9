import type { Page, Response } from 'playwright';
import { log } from '../../platform/log.js';
import { bounded, READ_LIMIT_MS } from '../deadline.js';
import { evaluateTop } from '../evaluate.js';
import type { BlockHit, ChallengeHit, HttpFacts, PageSignals, Vendor } from './types.js';

/** Bounds the probe applies in the page; they travel as its argument because the function is serialised. */
export interface ProbeLimits {
  /** Body text is read up to this many characters, so a big page costs no more than a small one. */
  textCap: number;
  /** Below this much text and this many links, a page is "thin": a check on it is all there is. */
  thinText: number;
  thinLinks: number;
}

export const PROBE_LIMITS: ProbeLimits = { textCap: 3_000, thinText: 1_000, thinLinks: 15 };

/**
 * Runs in the page (serialised by Playwright, so it must not reference anything outside itself).
 * Reads the main document's markers with class, id and tag lookups, one pass over forms, iframes
 * and scripts, a few globals, and a text walk that stops at the cap. Vendor scripts need not have
 * run: offline, only the page's own markup, script and iframe URLs are there.
 */
export function probePage(limits: ProbeLimits): PageSignals {
  const challenges: ChallengeHit[] = [];
  const blocks: BlockHit[] = [];
  const globals = window as unknown as Record<string, unknown>;
  const lower = (value: string | null | undefined): string => (value ?? '').toLowerCase();
  const squash = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();

  // Body text up to the cap, skipping what is never rendered as text and undisplayed subtrees
  // (a gate page's collapsed "why did this happen?" must not make it look like content). A plain
  // child loop: a TreeWalker with a filter callback costs several times more on a big page.
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'OBJECT']);
  const pieces: string[] = [];
  let length = 0;
  const read = (parent: Node): void => {
    for (let child = parent.firstChild; child && length < limits.textCap; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) {
        const piece = squash(child.nodeValue);
        if (piece) {
          pieces.push(piece);
          length += piece.length + 1;
        }
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const element = child as Element;
        if (skip.has(element.tagName)) continue;
        // display: contents has no box of its own, yet its children show.
        if (element.checkVisibility() || getComputedStyle(element).display === 'contents') read(element);
      }
    }
  };
  if (document.body) read(document.body);
  const text = pieces.join(' ').slice(0, limits.textCap);
  const links = document.links.length;
  const thin = text.length < limits.thinText && links < limits.thinLinks;
  const title = squash(document.title);
  const heading = squash(document.querySelector('h1')?.textContent).slice(0, 200);

  const visible = (element: Element): boolean => element.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });
  // A challenge popup is parked off-screen and hidden until it opens.
  const shown = (element: Element): boolean => {
    if (!visible(element)) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0;
  };
  const dataFields =
    'input:not([type]), input[type="text"], input[type="email"], input[type="password"], input[type="tel"], ' +
    'input[type="number"], input[type="search"], input[type="url"], textarea, select';
  // A widget in a form a person fills in is part of a usable page, not a gate in front of it.
  const inDataForm = (element: Element): boolean => {
    const form = element.closest('form');
    if (!form) return false;
    for (const field of form.querySelectorAll(dataFields)) {
      if (element.contains(field) || /[-_]response$/.test(lower(field.getAttribute('name')))) continue;
      if (visible(field)) return true;
    }
    return false;
  };
  const hit = (vendor: Vendor, scope: 'page' | 'widget', evidence: string, element?: Element, more: Partial<ChallengeHit> = {}): void => {
    challenges.push({ vendor, scope, evidence, inDataForm: element ? inDataForm(element) : false, ...more });
  };
  // Markup its vendor's script has not turned into a widget (yet, or ever): no iframe, no box.
  const unrendered = (element: Element): boolean => {
    if (element.getElementsByTagName('iframe').length > 0) return false;
    const box = element.getBoundingClientRect();
    return box.width === 0 || box.height === 0;
  };
  // Size "invisible", or bound to a button: the widget only scores, unless it later opens a popup.
  const invisibleWidget = (element: Element): boolean =>
    lower(element.getAttribute('data-size')) === 'invisible' || /^(BUTTON|INPUT|A)$/.test(element.tagName);

  // Elements by class, id and tag: a selector list would match every element against every
  // selector (about 4 ms on a 10,000-element page); these lookups cost microseconds.
  const byClass = (name: string): Element[] => Array.from(document.getElementsByClassName(name));
  const byId = (id: string): Element | null => document.getElementById(id);
  const widgets: [string, Vendor, string][] = [
    ['g-recaptcha', 'recaptcha', 'div.g-recaptcha'],
    ['h-captcha', 'hcaptcha', 'div.h-captcha'],
    ['cf-turnstile', 'turnstile', 'div.cf-turnstile'],
    ['frc-captcha', 'friendly_captcha', 'div.frc-captcha'],
    ['geetest_holder', 'geetest', '.geetest_holder'],
    ['geetest_captcha', 'geetest', '.geetest_captcha'],
  ];
  for (const [name, vendor, evidence] of widgets) {
    for (const element of byClass(name)) {
      if (invisibleWidget(element) || !visible(element)) continue;
      // Turnstile "interaction-only" shows itself only when it wants a person: until then it just scores.
      if (vendor === 'turnstile' && lower(element.getAttribute('data-appearance')) === 'interaction-only') continue;
      hit(vendor, 'widget', evidence, element, { inForm: element.closest('form') !== null, ...(unrendered(element) ? { unrendered: true } : {}) });
    }
  }
  for (const element of document.getElementsByTagName('awswaf-captcha')) {
    if (visible(element)) hit('aws_waf', 'widget', 'awswaf-captcha element', element);
  }
  const pxCaptcha = byId('px-captcha');
  if (pxCaptcha && visible(pxCaptcha)) hit('perimeterx', 'page', '#px-captcha');
  for (const id of ['cf-challenge-running', 'cf-spinner-please-wait', 'cf-please-wait', 'cf-hcaptcha-container']) {
    if (byId(id)) hit('cloudflare', 'page', `#${id}`);
  }
  if (byClass('cf-browser-verification').length > 0) hit('cloudflare', 'page', '.cf-browser-verification');
  // Generic ids: Cloudflare's only when they are the whole of a near-empty page.
  for (const id of ['challenge-form', 'challenge-running', 'challenge-stage', 'challenge-error-text', 'challenge-body-text']) {
    if (thin && byId(id)) hit('cloudflare', 'page', `#${id}`);
  }
  for (const form of document.forms) {
    const action = lower(form.getAttribute('action'));
    if (action.includes('__cf_chl_')) hit('cloudflare', 'page', 'form action with __cf_chl_');
    if (action.includes('/errors/validatecaptcha')) hit('amazon', thin ? 'page' : 'widget', 'form action /errors/validateCaptcha', form);
  }
  const errorDetails = byId('cf-error-details');
  if (errorDetails) {
    const code = squash(errorDetails.querySelector('.cf-error-code, [data-translate="error"] + span')?.textContent);
    const headline = errorDetails.querySelector('[data-translate="block_headline"]') !== null || lower(text).includes('you have been blocked');
    if (/^10(0[5-9]|1[0-2]|20)$/.test(code)) blocks.push({ vendor: 'cloudflare', evidence: `error ${code}` });
    else if (headline) blocks.push({ vendor: 'cloudflare', evidence: '"Sorry, you have been blocked"' });
  }
  let cdnCgi = document.querySelector('link[href*="/cdn-cgi/"]') !== null;

  for (const frame of document.getElementsByTagName('iframe')) {
    const src = lower(frame.src);
    if (!src) continue;
    if (src.includes('/recaptcha/')) {
      if (src.includes('/bframe')) {
        if (shown(frame)) hit('recaptcha', 'widget', 'open reCAPTCHA challenge popup', frame, { popup: true });
      } else if (src.includes('/anchor') && !/[?&]size=invisible/.test(src) && visible(frame)) {
        hit('recaptcha', 'widget', 'reCAPTCHA anchor iframe', frame);
      }
    } else if (src.includes('hcaptcha.com')) {
      const role = /frame=([a-z-]+)/.exec(src)?.[1] ?? '';
      if (role === 'checkbox' && visible(frame)) hit('hcaptcha', 'widget', 'hCaptcha checkbox iframe', frame);
      else if (role === 'challenge' && shown(frame)) hit('hcaptcha', 'widget', 'open hCaptcha challenge popup', frame, { popup: true });
    } else if (src.includes('challenges.cloudflare.com') && src.includes('/turnstile/')) {
      if (visible(frame)) hit('turnstile', 'widget', 'Turnstile iframe', frame);
    } else if (src.includes('captcha-delivery.com')) {
      // t=bv: DataDome has banned the address outright; nothing to solve, it is a block.
      if (/[?&]t=bv(&|$)/.test(src)) blocks.push({ vendor: 'datadome', evidence: 'captcha-delivery.com iframe with t=bv' });
      else hit('datadome', 'page', 'captcha-delivery.com iframe');
    } else if (src.includes('arkoselabs.com') || src.includes('funcaptcha.com')) {
      if (visible(frame)) hit('arkose', 'widget', 'Arkose Labs iframe', frame);
    } else if (src.includes('_incapsula_resource')) {
      const incident = lower(frame.textContent).includes('incapsula incident id') || src.includes('incident_id=');
      if (incident || (thin && frame.id === 'main-iframe')) blocks.push({ vendor: 'imperva', evidence: '_Incapsula_Resource incident iframe' });
    }
  }

  let datadomeScript = false;
  let pxCaptchaScript = false;
  let awsScript = false;
  let inline = '';
  for (const script of document.scripts) {
    const src = lower(script.src);
    if (!src) {
      // Inline code is read only on a thin page, where it is small.
      if (thin && inline.length < 200_000) inline += script.text;
      continue;
    }
    if (src.includes('/cdn-cgi/')) cdnCgi = true;
    // The challenge page's orchestrator; a normal page behind Cloudflare loads only .../scripts/jsd/.
    if (src.includes('/cdn-cgi/challenge-platform/') && src.includes('/orchestrate/')) hit('cloudflare', 'page', 'challenge-platform orchestrate script');
    if (src.includes('captcha-delivery.com')) datadomeScript = true;
    if ((src.includes('px-cdn.net') || src.includes('perimeterx.net')) && src.includes('captcha')) pxCaptchaScript = true;
    if (/\/captcha\/(re)?captcha\.js/.test(src) && typeof globals._pxAppId === 'string') pxCaptchaScript = true;
    if (src.includes('awswaf.com') && /(captcha|challenge)\.js/.test(src)) awsScript = true;
  }

  if (typeof globals._cf_chl_opt === 'object' && globals._cf_chl_opt !== null) hit('cloudflare', 'page', 'window._cf_chl_opt');

  const dd = globals.dd as Record<string, unknown> | undefined;
  if (dd && typeof dd === 'object' && ((typeof dd.host === 'string' && dd.host.includes('captcha-delivery')) || (dd.cid && dd.rt))) {
    if (dd.t === 'bv') blocks.push({ vendor: 'datadome', evidence: "window.dd with t: 'bv'" });
    else hit('datadome', 'page', `window.dd (rt: '${String(dd.rt)}')`);
  } else if (datadomeScript && thin) {
    hit('datadome', 'page', 'captcha-delivery.com script');
  }

  const pressAndHold = lower(text).includes('press & hold');
  const pxTitle = lower(title) === 'access to this page has been denied' && typeof globals._pxAppId === 'string';
  if (thin && (pxCaptchaScript || pressAndHold || pxTitle || inline.includes('_pxCaptcha'))) {
    hit('perimeterx', 'page', pxCaptchaScript ? 'PerimeterX captcha script' : pressAndHold ? '"Press & Hold" text' : pxTitle ? 'block title with window._pxAppId' : '_pxCaptcha');
  }

  // gokuProps and the cookie-domain list exist only on AWS WAF's interstitials; the SDK on normal pages sets neither.
  const goku = typeof globals.gokuProps === 'object' && globals.gokuProps !== null;
  if (thin && (goku || Array.isArray(globals.awsWafCookieDomainList) || (awsScript && inline.includes('AwsWafIntegration')))) {
    hit('aws_waf', 'page', goku ? 'window.gokuProps' : 'AWS WAF interstitial script');
  }

  return { title, heading, text, links, thin, cdnCgi, challenges, blocks };
}

/** What a failed probe (a page navigating away mid-evaluate) leaves: nothing known, so nothing thin. */
const UNKNOWN: PageSignals = { title: '', heading: '', text: '', links: 0, thin: false, cdnCgi: false, challenges: [], blocks: [] };

/**
 * One evaluate in the main frame, within the read limit (a page too busy to answer gets its
 * script stopped by its deadline). A page that navigates meanwhile, or one whose own scripts
 * broke the DOM built-ins the probe uses, gives empty signals: headers still count, and detection
 * never fails the step it serves (a page that is gone fails it through its deadline).
 */
export async function readSignals(page: Page): Promise<PageSignals> {
  return bounded(page, READ_LIMIT_MS, () => evaluateTop(page, probePage, PROBE_LIMITS)).catch((error: unknown) => {
    log.debug({ err: error, url: page.url() }, 'captcha probe failed');
    return UNKNOWN;
  });
}

/** The main-document response's status and headers (none without a response, as after `setContent`). */
export function httpFacts(response: Response | null): HttpFacts {
  return response ? { status: response.status(), headers: response.headers() } : { headers: {} };
}
