// In the page: the generic popup pass's hands (lib/browser/blockers/popups.ts runs the pass): find
// an overlay covering the page, click its close control, see it gone, lift a scroll lock left behind.
import { popupStore } from './input.js';
import type { OverlayFound } from './types.js';

/** Candidates for an overlay over the page: open dialogs and modal ARIA dialogs. */
const DIALOGS = 'dialog[open], [role=dialog][aria-modal=true], [role=alertdialog][aria-modal=true]';
/** Names of cookie banners, autoconsent's business: a "close" there may mean consent. */
const CONSENT_PLACES = '[id*=cookie i], [class*=cookie i], [id*=consent i], [class*=consent i], [id*=onetrust i], [id*=cybot i]';
/** A promotion laid over the page speaks of one of these in its name or text. */
const PROMOTION =
  /news-?letter|subscri(?:be|ption)|mailing list|email updates|\d+\s?% off|discount|coupon|promo(?:tion)?s?\b|special offer|free shipping|\bdeals?\b|don'?t miss|stay in touch|join our (?:list|community)/i;
/** What a close control says: "Close", "Close newsletter signup", "×", "No thanks"...; never "Close and accept". */
const CLOSE_WORDS = /^(?:close\b(?:\s+\S+){0,3}|dismiss\b(?:\s+\S+){0,2}|[×✕✖╳xX]|no,? thanks?(?: you)?|not now|maybe later|not interested|remind me later|skip|continue without subscribing)$/i;
const AGREEING = /accept|agree|allow|submit|\byes\b|\bok\b/i;
const CLOSE_CLASS = /close|dismiss/i;
/** Elements read for a close control per part, at most: a huge overlay must not cost a huge pass. */
const MAX_SCANNED = 3_000;
/** How much of an overlay's text is read for cookies and promotions. */
const TEXT_READ = 3_000;

/** What one pass looks at: the document, its viewport and body. */
class Overlays {
  readonly doc: Document;
  readonly body: HTMLElement;
  readonly vw: number;
  readonly vh: number;

  constructor(readonly win: Window) {
    this.doc = win.document;
    this.body = win.document.body;
    this.vw = win.innerWidth;
    this.vh = win.innerHeight;
  }

  visible(el: Element): boolean {
    const rect = el.getBoundingClientRect();
    return rect.width >= 2 && rect.height >= 2 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  }

  /** The share of the viewport `el` covers. */
  coverage(el: Element): number {
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, this.vw) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, this.vh) - Math.max(r.top, 0));
    return (w * h) / (this.vw * this.vh);
  }

  /** The nearest fixed or absolute box holding `el`, below <body>. */
  positioned(el: Element): Element | null {
    for (let e: Element | null = el; e && e !== this.body && e !== this.doc.documentElement; e = e.parentElement) {
      const position = getComputedStyle(e).position;
      if (position === 'fixed' || position === 'absolute') return e;
    }
    return null;
  }

  zIndex(el: Element): number {
    for (let e: Element | null = el; e && e !== this.body; e = e.parentElement) {
      const z = Number.parseInt(getComputedStyle(e).zIndex, 10);
      if (!Number.isNaN(z)) return z;
    }
    return 0;
  }

  /**
   * The overlays over the page, outermost first: open dialogs and modals positioned over the
   * page, then what covers the viewport's middle (fixed, half the viewport, z-index 10 or more);
   * and the topmost element at the middle.
   */
  find(): { roots: Element[]; top: Element | undefined } {
    const found: Element[] = [];
    for (const el of this.doc.querySelectorAll(DIALOGS)) {
      if (this.visible(el) && (el.matches(':modal') || this.positioned(el) !== null)) found.push(el);
    }
    const stack = this.doc.elementsFromPoint(this.vw / 2, this.vh / 2);
    for (const el of stack) {
      if (el === this.body || el === this.doc.documentElement) break;
      if (getComputedStyle(el).position === 'fixed' && this.coverage(el) >= 0.5 && this.zIndex(el) >= 10 && this.visible(el)) found.push(el);
    }
    // An overlay is its outermost candidate.
    const roots = found.filter((el, i) => found.indexOf(el) === i && !found.some((other) => other !== el && other.contains(el)));
    return { roots, top: stack[0] };
  }

  /**
   * The overlay says by itself that it is a promotion laid over the page, whatever is behind it:
   * its name (label or first heading) speaks of a newsletter, a subscription or an offer, or its
   * text does and it asks for an email address. A password field makes it a sign-in, never a promotion.
   */
  promotion(root: Element, parts: Element[]): boolean {
    const find = (selector: string): Element | null => parts.map((part) => part.querySelector(selector)).find((el) => el !== null) ?? null;
    if (find('input[type=password]')) return false;
    const labelledBy = (root.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => (id ? this.doc.getElementById(id)?.textContent : ''));
    const name = [root.getAttribute('aria-label'), ...labelledBy, find('h1, h2, h3, h4, [role=heading]')?.textContent].join(' ');
    if (PROMOTION.test(name)) return true;
    const email = find('input[type=email], input[autocomplete=email], input[name*=email i], input[placeholder*=email i]');
    return email !== null && PROMOTION.test(parts.map(textOf).join(' ').slice(0, TEXT_READ));
  }

  /** The best close control in the overlay: by label first, then by a close-ish class on an icon-like control. */
  closeControl(parts: Element[]): Element | null {
    let best: Element | null = null;
    let bestScore = 0;
    for (const part of parts) {
      for (const el of [part, ...part.querySelectorAll('*')].slice(0, MAX_SCANNED)) {
        if (!this.visible(el)) continue;
        const clickable = el.closest('button, a, [role=button], input') ?? el;
        if (!part.contains(clickable) || !safe(this.win, clickable)) continue;
        const score = this.closeScore(el, clickable);
        if (score > bestScore) {
          best = clickable;
          bestScore = score;
        }
      }
    }
    return best;
  }

  /** 3: a button-like control labelled like closing; 2: other text labelled so; 1: a tiny close-ish icon; 0: none of these. */
  private closeScore(el: Element, clickable: Element): number {
    const text = el instanceof HTMLInputElement ? el.value : (el.textContent ?? '');
    const label = (el.getAttribute('aria-label') ?? el.getAttribute('title') ?? (text.length <= 60 ? text : ''))
      .replace(/\s+/g, ' ')
      .replace(/[.!…]+$/, '')
      .trim();
    const buttonLike = clickable !== el || el.matches('button, a, [role=button], input, [onclick], [tabindex]');
    if (CLOSE_WORDS.test(label) && !AGREEING.test(label)) return buttonLike ? 3 : 2;
    if (CLOSE_CLASS.test(`${el.getAttribute('class') ?? ''} ${el.id}`) && label.length <= 2 && this.coverage(el) < 0.05) return 1;
    return 0;
  }
}

const textOf = (el: Element): string => (el instanceof HTMLElement ? el.innerText : (el.textContent ?? ''));

const consentLike = (el: Element): boolean => /\bcookies?\b/i.test(textOf(el).slice(0, TEXT_READ)) || el.closest(CONSENT_PLACES) !== null;

/** A short description of an element (tag, id, first class), for the log. */
const describe = (el: Element): string => {
  const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/)[0];
  return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''}`;
};

/** False for controls that would submit a form or leave the document. */
function safe(win: Window, el: Element): boolean {
  if ((el instanceof HTMLButtonElement || el instanceof HTMLInputElement) && el.form && ['submit', 'image'].includes(el.type)) return false;
  const link = el.closest('a[href], area[href]');
  if (link instanceof HTMLAnchorElement || link instanceof HTMLAreaElement) {
    if (link.target && link.target !== '_self') return false;
    if (link.protocol === 'javascript:') return true;
    // Only a jump within this document: `href=""` or a path reloads or leaves it.
    return link.href.includes('#') && link.href.split('#')[0] === win.location.href.split('#')[0];
  }
  return !el.closest('[role=link]');
}

/**
 * Finds an overlay that covers the page (an open dialog, modal or positioned over the page, an
 * aria-modal dialog, or a fixed element with a high z-index over most of the viewport) and
 * clicks its close control. Skipped: overlays the agent's input opened (./input.ts), overlays that
 * are the page's own content (less than `minTextBehind` characters of text outside them, unless
 * the overlay's own label, heading or text make it a promotion: a newsletter, an offer), cookie
 * banners (autoconsent's business, where a "close" may mean consent), and overlays given up on
 * before. Never clicked: a control that would submit a form or follow a link to another
 * document, or whose label agrees to something.
 */
export function closeOverlay(win: Window, minTextBehind: number): OverlayFound | null {
  const store = popupStore(win);
  if (!win.document.body) return null;
  const pass = new Overlays(win);
  const { roots, top } = pass.find();
  for (const root of roots) {
    if (store.spared.has(root)) continue;
    if (store.inputs > 0 && !store.atInput.has(root)) {
      store.spared.add(root);
      continue;
    }
    const parts = [root];
    // A bare backdrop: the box painted over its middle is the modal, and holds the close control.
    const box = top && pass.coverage(root) >= 0.5 && !root.contains(top) ? pass.positioned(top) : null;
    if (box && !box.contains(root) && pass.visible(box)) parts.push(box);
    if (parts.some(consentLike)) continue;
    const inside = parts.filter((p) => pass.body.contains(p)).reduce((sum, p) => sum + textOf(p).trim().length, 0);
    if (pass.body.innerText.trim().length - inside < minTextBehind && !pass.promotion(root, parts)) continue;
    store.parts = parts;
    const control = pass.closeControl(parts);
    if (control instanceof HTMLElement) control.click();
    else control?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    return { overlay: describe(root), clicked: control ? describe(control) : null };
  }
  return null;
}

/** Waits up to `ms` for the overlay being closed to leave (detached, hidden, closed or no longer over the page). */
export async function overlayGone(win: Window, ms: number): Promise<boolean> {
  const store = popupStore(win);
  const gone = (el: Element): boolean => {
    if (!el.isConnected) return true;
    if (el instanceof HTMLDialogElement && !el.open) return true;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return true;
    if (r.right <= 0 || r.bottom <= 0 || r.left >= win.innerWidth || r.top >= win.innerHeight) return true;
    return !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const end = performance.now() + ms;
  for (;;) {
    if (store.parts.every(gone)) return true;
    if (performance.now() >= end) return false;
    await new Promise((resolve) => win.setTimeout(resolve, 30));
  }
}

/** Marks (or unmarks) the pass's own key presses, which are not the agent's input. */
export function markOwnInput(win: Window, own: boolean): void {
  popupStore(win).ownInput = own;
}

/** The overlay could not be closed; later passes leave it alone. */
export function giveUpOverlay(win: Window): void {
  const store = popupStore(win);
  for (const part of store.parts) store.spared.add(part);
}

/**
 * Undoes an `overflow: hidden` scroll lock a closed popup left on html or body, when the
 * document is taller than the viewport (otherwise the lock changes nothing and may be the
 * page's own layout). Inline locks are removed; a lock from a stylesheet is overridden.
 */
export function unlockScroll(win: Window): boolean {
  const html = win.document.documentElement;
  const body = win.document.body;
  if (Math.max(html.scrollHeight, body?.scrollHeight ?? 0) <= win.innerHeight + 1) return false;
  let changed = false;
  for (const el of [html, body]) {
    if (!el || getComputedStyle(el).overflowY !== 'hidden') continue;
    el.style.removeProperty('overflow');
    el.style.removeProperty('overflow-y');
    if (getComputedStyle(el).overflowY === 'hidden') el.style.setProperty('overflow-y', el === html ? 'auto' : 'visible', 'important');
    changed = true;
  }
  return changed;
}
