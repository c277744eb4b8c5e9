// Functions that run inside the page (serialised into the init script or passed to evaluate):
// each is self-contained, using nothing from this module's scope; they share one store, a
// non-enumerable window property.

/** Where the page keeps the overlay pass's store. */
export const POPUP_KEY = '__tabwrightPopup';

/** The overlay pass's memory within one document. */
interface PopupStore {
  /** The overlay being closed: its root and, over a bare backdrop, the modal box. */
  parts: Element[];
  /** Overlays left alone for good: they would not close, or the agent's own input opened them. */
  spared: WeakSet<Element>;
  /** Trusted pointer and key presses so far, and what was on screen at each. */
  inputs: number;
  atInput: WeakSet<Element>;
  /** Set while the pass itself presses Escape, which is not the agent's input. */
  ownInput: boolean;
}

/** What the overlay pass found in the page. */
export interface OverlayFound {
  /** A short description of the overlay (tag, id, first class), for the log. */
  overlay: string;
  /** The close control clicked, described the same way; null when none was safe to click. */
  clicked: string | null;
}

/** Tuning of the overlay pass, passed in so the page functions stay self-contained. */
export interface OverlayArgs {
  key: string;
  /** Visible text the page must have outside the overlay; less, and the overlay is the page's content. */
  minTextBehind: number;
}

/**
 * Init script: at each trusted pointer or key press (the agent's clicks and keys) remembers
 * the dialogs open and what covers the viewport's middle, before the page reacts. An overlay
 * missing from that snapshot appeared after the agent's input, so the agent opened it (a
 * login or quick-view modal) and the pass leaves it alone; popups that came on their own were
 * on screen already, or appeared while no input had happened.
 */
export function inputWatch(key: string): void {
  if (key in window) return;
  const store: PopupStore = { parts: [], spared: new WeakSet(), inputs: 0, atInput: new WeakSet(), ownInput: false };
  Object.defineProperty(window, key, { value: store });
  const snapshot = (event: Event): void => {
    if (!event.isTrusted || store.ownInput) return;
    store.inputs++;
    for (const el of document.querySelectorAll('dialog[open], [aria-modal=true]')) {
      if (el.checkVisibility()) store.atInput.add(el);
    }
    for (const el of document.elementsFromPoint(window.innerWidth / 2, window.innerHeight / 2)) store.atInput.add(el);
  };
  addEventListener('pointerdown', snapshot, { capture: true, passive: true });
  addEventListener('keydown', snapshot, { capture: true, passive: true });
}

/** In the page: marks (or unmarks) the pass's own key presses, which are not the agent's input. */
export function markOwnInput(args: { key: string; own: boolean }): void {
  const store = (window as unknown as Record<string, PopupStore | undefined>)[args.key];
  if (store) store.ownInput = args.own;
}

/**
 * In the page: finds an overlay that covers the page (an open dialog, modal or positioned over
 * the page, an aria-modal dialog, or a fixed element with a high z-index over most of the
 * viewport) and clicks its close control. Skipped: overlays the agent's input opened (see
 * inputWatch), overlays that are the page's own content (too little text outside them, unless
 * the overlay's own label, heading or text make it a promotion: a newsletter, an offer),
 * cookie banners (autoconsent's business, where a "close" may mean consent), and overlays
 * given up on before. Never clicked: a control that would submit a form or follow a link to
 * another document, or whose label agrees to something.
 */
export function closeOverlay(args: OverlayArgs): OverlayFound | null {
  const scope = window as unknown as Record<string, PopupStore | undefined>;
  let store = scope[args.key];
  if (!store) {
    store = { parts: [], spared: new WeakSet(), inputs: 0, atInput: new WeakSet(), ownInput: false };
    Object.defineProperty(window, args.key, { value: store });
  }
  const { spared, atInput } = store;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const body = document.body;
  if (!body) return null;

  const visible = (el: Element): boolean => {
    const rect = el.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const coverage = (el: Element): number => {
    const r = el.getBoundingClientRect();
    const w = Math.max(0, Math.min(r.right, vw) - Math.max(r.left, 0));
    const h = Math.max(0, Math.min(r.bottom, vh) - Math.max(r.top, 0));
    return (w * h) / (vw * vh);
  };
  const positioned = (el: Element): Element | null => {
    for (let e: Element | null = el; e && e !== body && e !== document.documentElement; e = e.parentElement) {
      const position = getComputedStyle(e).position;
      if (position === 'fixed' || position === 'absolute') return e;
    }
    return null;
  };
  const zIndex = (el: Element): number => {
    for (let e: Element | null = el; e && e !== body; e = e.parentElement) {
      const z = Number.parseInt(getComputedStyle(e).zIndex, 10);
      if (!Number.isNaN(z)) return z;
    }
    return 0;
  };
  const describe = (el: Element): string => {
    const cls = (el.getAttribute('class') ?? '').trim().split(/\s+/)[0];
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''}`;
  };
  const textOf = (el: Element): string => (el instanceof HTMLElement ? el.innerText : (el.textContent ?? ''));
  const consentLike = (el: Element): boolean =>
    /\bcookies?\b/i.test(textOf(el).slice(0, 3000)) ||
    el.closest('[id*=cookie i], [class*=cookie i], [id*=consent i], [class*=consent i], [id*=onetrust i], [id*=cybot i]') !== null;

  // Candidates, topmost first: dialog-like elements over the page, then what covers the viewport's middle.
  const found: Element[] = [];
  for (const el of document.querySelectorAll('dialog[open], [role=dialog][aria-modal=true], [role=alertdialog][aria-modal=true]')) {
    if (!visible(el)) continue;
    const over = el.matches(':modal') || positioned(el) !== null;
    if (over) found.push(el);
  }
  const stack = document.elementsFromPoint(vw / 2, vh / 2);
  for (const el of stack) {
    if (el === body || el === document.documentElement) break;
    if (getComputedStyle(el).position === 'fixed' && coverage(el) >= 0.5 && zIndex(el) >= 10 && visible(el)) found.push(el);
  }
  // An overlay is its outermost candidate.
  const roots = found.filter((el, i) => found.indexOf(el) === i && !found.some((other) => other !== el && other.contains(el)));
  const top = stack[0];

  for (const root of roots) {
    if (spared.has(root)) continue;
    if (store.inputs > 0 && !atInput.has(root)) {
      spared.add(root);
      continue;
    }
    const parts = [root];
    // A bare backdrop: the box painted over its middle is the modal, and holds the close control.
    const box = top && coverage(root) >= 0.5 && !root.contains(top) ? positioned(top) : null;
    if (box && !box.contains(root) && visible(box)) parts.push(box);
    if (parts.some(consentLike)) continue;
    const inside = parts.filter((p) => body.contains(p)).reduce((sum, p) => sum + textOf(p).trim().length, 0);
    if (body.innerText.trim().length - inside < args.minTextBehind && !promotion(root, parts)) continue;

    store.parts = parts;
    const control = closeControl(parts);
    if (control instanceof HTMLElement) control.click();
    else control?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    return { overlay: describe(root), clicked: control ? describe(control) : null };
  }
  return null;

  /**
   * The overlay says by itself that it is a promotion laid over the page, whatever is behind it:
   * its name (label or first heading) speaks of a newsletter, a subscription or an offer, or its
   * text does and it asks for an email address. A password field makes it a sign-in, never a promotion.
   */
  function promotion(root: Element, parts: Element[]): boolean {
    const promo =
      /news-?letter|subscri(?:be|ption)|mailing list|email updates|\d+\s?% off|discount|coupon|promo(?:tion)?s?\b|special offer|free shipping|\bdeals?\b|don'?t miss|stay in touch|join our (?:list|community)/i;
    const find = (selector: string): Element | null => parts.map((part) => part.querySelector(selector)).find((el) => el !== null) ?? null;
    if (find('input[type=password]')) return false;
    const labelledBy = (root.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => (id ? document.getElementById(id)?.textContent : ''));
    const name = [root.getAttribute('aria-label'), ...labelledBy, find('h1, h2, h3, h4, [role=heading]')?.textContent].join(' ');
    if (promo.test(name)) return true;
    const email = find('input[type=email], input[autocomplete=email], input[name*=email i], input[placeholder*=email i]');
    return email !== null && promo.test(parts.map(textOf).join(' ').slice(0, 3000));
  }

  /** The best close control in the overlay: by label first, then by a close-ish class on an icon-like control. */
  function closeControl(parts: Element[]): Element | null {
    // "Close", "Close newsletter signup", "×", "No thanks"...; never "Close and accept".
    const words =
      /^(?:close\b(?:\s+\S+){0,3}|dismiss\b(?:\s+\S+){0,2}|[×✕✖╳xX]|no,? thanks?(?: you)?|not now|maybe later|not interested|remind me later|skip|continue without subscribing)$/i;
    const agreeing = /accept|agree|allow|submit|\byes\b|\bok\b/i;
    const closeish = /close|dismiss/i;
    let best: Element | null = null;
    let bestScore = 0;
    for (const part of parts) {
      for (const el of [part, ...part.querySelectorAll('*')].slice(0, 3000)) {
        if (!visible(el)) continue;
        const clickable = el.closest('button, a, [role=button], input') ?? el;
        if (!part.contains(clickable) || !safe(clickable)) continue;
        const text = el instanceof HTMLInputElement ? el.value : (el.textContent ?? '');
        const label = (el.getAttribute('aria-label') ?? el.getAttribute('title') ?? (text.length <= 60 ? text : ''))
          .replace(/\s+/g, ' ')
          .replace(/[.!…]+$/, '')
          .trim();
        const buttonLike = clickable !== el || el.matches('button, a, [role=button], input, [onclick], [tabindex]');
        let score = 0;
        if (words.test(label) && !agreeing.test(label)) score = buttonLike ? 3 : 2;
        else if (closeish.test(`${el.getAttribute('class') ?? ''} ${el.id}`) && label.length <= 2 && coverage(el) < 0.05) score = 1;
        if (score > bestScore) {
          best = clickable;
          bestScore = score;
        }
      }
    }
    return best;
  }

  /** False for controls that would submit a form or leave the document. */
  function safe(el: Element): boolean {
    if ((el instanceof HTMLButtonElement || el instanceof HTMLInputElement) && el.form && ['submit', 'image'].includes(el.type)) return false;
    const link = el.closest('a[href], area[href]');
    if (link instanceof HTMLAnchorElement || link instanceof HTMLAreaElement) {
      if (link.target && link.target !== '_self') return false;
      if (link.protocol === 'javascript:') return true;
      // Only a jump within this document: `href=""` or a path reloads or leaves it.
      return link.href.includes('#') && link.href.split('#')[0] === location.href.split('#')[0];
    }
    return !el.closest('[role=link]');
  }
}

/** In the page: waits up to `ms` for the overlay being closed to leave (detached, hidden, closed or no longer over the page). */
export async function overlayGone(args: { key: string; ms: number }): Promise<boolean> {
  const store = (window as unknown as Record<string, PopupStore | undefined>)[args.key];
  if (!store) return true;
  const gone = (el: Element): boolean => {
    if (!el.isConnected) return true;
    if (el instanceof HTMLDialogElement && !el.open) return true;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return true;
    if (r.right <= 0 || r.bottom <= 0 || r.left >= window.innerWidth || r.top >= window.innerHeight) return true;
    return !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const end = performance.now() + args.ms;
  for (;;) {
    if (store.parts.every(gone)) return true;
    if (performance.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

/** In the page: the overlay could not be closed; later passes leave it alone. */
export function giveUpOverlay(key: string): void {
  const store = (window as unknown as Record<string, PopupStore | undefined>)[key];
  for (const part of store?.parts ?? []) store?.spared.add(part);
}

/**
 * In the page: undoes an `overflow: hidden` scroll lock a closed popup left on html or body,
 * when the document is taller than the viewport (otherwise the lock changes nothing and may be
 * the page's own layout). Inline locks are removed; a lock from a stylesheet is overridden.
 */
export function unlockScroll(): boolean {
  const html = document.documentElement;
  const body = document.body;
  if (Math.max(html.scrollHeight, body?.scrollHeight ?? 0) <= window.innerHeight + 1) return false;
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
