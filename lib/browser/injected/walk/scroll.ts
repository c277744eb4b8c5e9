import type { ScrollState } from '../../../contract/response/page.js';
import type { ScrollBox } from './types.js';

/** Whether `el` scrolls vertically by itself (overflow auto or scroll, with content taller than its box). */
function scrollsItself(el: Element): boolean {
  if (el.scrollHeight <= el.clientHeight + 1) return false;
  const overflow = getComputedStyle(el).overflowY;
  return overflow === 'auto' || overflow === 'scroll' || overflow === 'overlay';
}

/**
 * What scrolls the page: the window when the document is taller than it; otherwise (app layouts
 * whose body is fixed and whose content scrolls in a panel) the scrolling element under the
 * middle of the viewport, then under points above and below it, as a mouse wheel there would
 * find it. Null means the window.
 */
export function mainScroller(win: Window): Element | null {
  const doc = win.document;
  const root = doc.scrollingElement ?? doc.documentElement;
  if (!root || root.scrollHeight > win.innerHeight + 1) return null;
  const x = win.innerWidth / 2;
  for (const share of [0.5, 0.25, 0.75]) {
    for (let el = doc.elementFromPoint(x, win.innerHeight * share); el && el !== root && el !== doc.body; el = el.parentElement) {
      if (scrollsItself(el)) return el;
    }
  }
  return null;
}

/** The scroll box of the page (see mainScroller). */
export function scrollBox(win: Window): ScrollBox {
  const scroller = mainScroller(win);
  if (scroller) return { y: scroller.scrollTop, height: scroller.scrollHeight, viewport: scroller.clientHeight };
  const root = win.document.scrollingElement ?? win.document.documentElement;
  return { y: win.scrollY, height: Math.max(root?.scrollHeight ?? 0, win.innerHeight), viewport: win.innerHeight };
}

/** Moves what scrolls the page to `top` px (or the bottom) at once, whatever scroll-behavior the page asks for. */
export function scrollPageTo(win: Window, top: number | 'bottom'): void {
  const scroller = mainScroller(win);
  const box = scrollBox(win);
  const y = top === 'bottom' ? box.height : top;
  if (scroller) scroller.scrollTo({ top: y, behavior: 'instant' });
  else win.scrollTo({ top: y, left: win.scrollX, behavior: 'instant' });
}

/** The page's scroll position as integers; `percent` is how far down the bottom of the viewport is, 0 to 100. */
export function scrollState(win: Window): ScrollState {
  const box = scrollBox(win);
  const viewport = Math.round(box.viewport);
  const y = Math.max(0, Math.round(box.y));
  const height = Math.max(Math.round(box.height), viewport);
  const percent = height > 0 ? Math.round(((y + viewport) / height) * 100) : 100;
  return { y, height, viewport, percent: Math.min(100, Math.max(0, percent)) };
}
