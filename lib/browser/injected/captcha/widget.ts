// In the page: the solver's hands (lib/browser/captcha/solver.ts talks to the solving service):
// which widget to solve, and where its token goes.
import type { Solvable, WidgetInfo } from './types.js';

/** Each solvable vendor's widget wrapper class, and the response fields its script fills. */
const CLASSES: Readonly<Record<Solvable, string>> = { recaptcha: 'g-recaptcha', hcaptcha: 'h-captcha', turnstile: 'cf-turnstile' };
const FIELDS: Readonly<Record<Solvable, readonly string[]>> = {
  recaptcha: ['g-recaptcha-response'],
  hcaptcha: ['h-captcha-response', 'g-recaptcha-response'],
  turnstile: ['cf-turnstile-response'],
};

/** The first widget of `vendor` with a site key, or the key in its iframe's URL. */
export function captchaWidget(doc: Document, vendor: Solvable): WidgetInfo | null {
  const widgets = Array.from(doc.getElementsByClassName(CLASSES[vendor]));
  const index = widgets.findIndex((widget) => widget.getAttribute('data-sitekey'));
  if (index >= 0) return { sitekey: widgets[index]!.getAttribute('data-sitekey')!, index };
  // Rendered without the wrapper's attribute: the vendor's iframe URL carries the key.
  for (const frame of doc.getElementsByTagName('iframe')) {
    const src = frame.src;
    if (vendor === 'recaptcha' && src.includes('/recaptcha/')) {
      const key = new URL(src).searchParams.get('k');
      if (key) return { sitekey: key, index: -1 };
    }
    if (vendor === 'hcaptcha' && src.includes('hcaptcha.com')) {
      const key = new URLSearchParams(new URL(src).hash.slice(1)).get('sitekey');
      if (key) return { sitekey: key, index: -1 };
    }
  }
  return null;
}

/** The response fields `name` names, made in `home` when the page has none. */
function responseFields(doc: Document, vendor: Solvable, name: string, home: Element): Set<Element> {
  const found = new Set<Element>(doc.querySelectorAll(`[name="${name}"]`));
  if (vendor === 'recaptcha') {
    const byId = doc.getElementById(name);
    if (byId) found.add(byId);
  }
  if (found.size > 0) return found;
  const field = doc.createElement(vendor === 'turnstile' ? 'input' : 'textarea');
  if (field instanceof HTMLInputElement) field.type = 'hidden';
  else field.style.display = 'none';
  field.name = name;
  if (vendor === 'recaptcha') field.id = name;
  home.appendChild(field);
  return new Set([field]);
}

/**
 * Puts `token` where the site's form and script read it (the response fields the vendor's script
 * would fill, created in the widget when missing) and calls the widget's `data-callback` when it
 * names a global function.
 */
export function applyToken(doc: Document, vendor: Solvable, token: string, index: number): void {
  const widget = index >= 0 ? (doc.getElementsByClassName(CLASSES[vendor])[index] ?? null) : null;
  const home = widget ?? doc.forms[0] ?? doc.body;
  for (const name of FIELDS[vendor]) {
    for (const field of responseFields(doc, vendor, name, home)) {
      if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) field.value = token;
    }
  }
  const callback = widget?.getAttribute('data-callback');
  const fn = callback ? (doc.defaultView as unknown as Record<string, unknown> | null)?.[callback] : undefined;
  if (typeof fn === 'function') {
    try {
      (fn as (value: string) => unknown)(token);
    } catch {
      // The site's callback failing is the site's business: the token is in place.
    }
  }
}
