import type { Page } from 'playwright';

/** The window's scroll position and the document's height, in CSS pixels. */
export interface ScrollPoint {
  y: number;
  height: number;
  viewport: number;
}

/** Runs in the page: where the window is. */
function readPoint(): ScrollPoint {
  const root = document.scrollingElement ?? document.documentElement;
  const viewport = window.innerHeight;
  return { y: window.scrollY, height: Math.max(root?.scrollHeight ?? 0, viewport), viewport };
}

/**
 * Runs in the page: moves the window to `top` (or the bottom) at once, whatever scroll-behavior
 * the page asks for, then lets two frames pass (bounded) so scroll handlers and the renders they
 * cause have run before anyone reads the page.
 */
async function jumpInPage(top: number | 'bottom'): Promise<ScrollPoint> {
  const root = document.scrollingElement ?? document.documentElement;
  const y = top === 'bottom' ? (root?.scrollHeight ?? 0) : top;
  window.scrollTo({ top: y, left: window.scrollX, behavior: 'instant' });
  await new Promise<void>((resolve) => {
    const cap = setTimeout(resolve, 150);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(cap);
        resolve();
      }),
    );
  });
  const viewport = window.innerHeight;
  return { y: window.scrollY, height: Math.max(root?.scrollHeight ?? 0, viewport), viewport };
}

/** Runs in the page: waits until the window stops moving (a wheel scroll animates), at most `capMs`; the final y. */
function settleInPage(capMs: number): Promise<number> {
  return new Promise((resolve) => {
    const start = performance.now();
    let last = window.scrollY;
    let same = 0;
    const tick = (): void => {
      if (window.scrollY === last) {
        same++;
      } else {
        last = window.scrollY;
        same = 0;
      }
      if (same >= 3 || performance.now() - start > capMs) resolve(window.scrollY);
      else setTimeout(tick, 20);
    };
    setTimeout(tick, 20);
  });
}

/** The window's scroll position and the document height. */
export function scrollPoint(page: Page): Promise<ScrollPoint> {
  return page.evaluate(readPoint);
}

/** Moves the window to `top` px (or the bottom) at once and waits two frames; the new position. */
export function jumpTo(page: Page, top: number | 'bottom'): Promise<ScrollPoint> {
  return page.evaluate(jumpInPage, top);
}

/** How long a wheel scroll may take to come to rest. */
const WHEEL_SETTLE_MS = 600;

/**
 * Scrolls by `dy` px as a person does: a mouse wheel turn over the middle of the viewport (pages
 * that listen for wheel events see one). When that did not move the window although it could
 * move (the pointer sat over an inner scroller, or the page swallowed the wheel), the window is
 * scrolled by script instead.
 */
export async function wheelBy(page: Page, dy: number): Promise<void> {
  const before = await scrollPoint(page);
  const size = page.viewportSize();
  if (size) {
    await page.mouse.move(Math.floor(size.width / 2), Math.floor(size.height / 2));
    await page.mouse.wheel(0, dy);
  }
  const y = await page.evaluate(settleInPage, WHEEL_SETTLE_MS);
  const room = dy > 0 ? before.y < before.height - before.viewport - 1 : before.y > 0;
  if (Math.abs(y - before.y) < 1 && room) await jumpTo(page, Math.max(0, before.y + dy));
}
