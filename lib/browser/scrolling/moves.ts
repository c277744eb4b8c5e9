import type { Page } from 'playwright';
import { withWalker } from '../observe/bundle.js';
import { PAGE_KEY } from '../injected/protocol.js';

/** Where the page scrolls (the window, or the panel an app layout scrolls in) and how far, in CSS pixels. */
export interface ScrollPoint {
  y: number;
  height: number;
  viewport: number;
}

/** What the in-page script (lib/observe/page) offers the scroll steps. */
type ScrollApi = { scrollBox(): ScrollPoint; scrollTo(top: number | 'bottom'): void };

/** Runs in the page: where it is scrolled to (null before the walker is installed). */
function readPoint(key: string): ScrollPoint | null {
  const api = (globalThis as unknown as Record<symbol, ScrollApi | undefined>)[Symbol.for(key)];
  return api ? api.scrollBox() : null;
}

/**
 * Runs in the page: moves it to `top` (or the bottom) at once, whatever scroll-behavior the page
 * asks for, then lets two frames pass (bounded) so scroll handlers and the renders they cause
 * have run before anyone reads the page.
 */
async function jumpInPage([key, top]: [string, number | 'bottom']): Promise<ScrollPoint | null> {
  const api = (globalThis as unknown as Record<symbol, ScrollApi | undefined>)[Symbol.for(key)];
  if (!api) return null;
  api.scrollTo(top);
  await new Promise<void>((resolve) => {
    const cap = setTimeout(resolve, 150);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(cap);
        resolve();
      }),
    );
  });
  return api.scrollBox();
}

/** Runs in the page: waits until it stops moving (a wheel scroll animates), at most `capMs`; the final y (null before the walker is installed). */
function settleInPage([key, capMs]: [string, number]): Promise<number> | null {
  const api = (globalThis as unknown as Record<symbol, ScrollApi | undefined>)[Symbol.for(key)];
  if (!api) return null;
  const y = (): number => api.scrollBox().y;
  return new Promise((resolve) => {
    const start = performance.now();
    let last = y();
    let same = 0;
    const tick = (): void => {
      const now = y();
      if (now === last) {
        same++;
      } else {
        last = now;
        same = 0;
      }
      if (same >= 3 || performance.now() - start > capMs) resolve(now);
      else setTimeout(tick, 20);
    };
    setTimeout(tick, 20);
  });
}

/** Where the page is scrolled to, and how tall what scrolls is. */
export function scrollPoint(page: Page): Promise<ScrollPoint> {
  return withWalker(page, readPoint, PAGE_KEY);
}

/** Moves the page to `top` px (or the bottom) at once and waits two frames; the new position. */
export function jumpTo(page: Page, top: number | 'bottom'): Promise<ScrollPoint> {
  return withWalker(page, jumpInPage, [PAGE_KEY, top] as [string, number | 'bottom']);
}

/** How long a wheel scroll may take to come to rest. */
const WHEEL_SETTLE_MS = 600;

/**
 * Scrolls by `dy` px as a person does: a mouse wheel turn over the middle of the viewport (pages
 * that listen for wheel events see one). When that did not move the page although it could move
 * (the pointer sat over another inner scroller, or the page swallowed the wheel), it is scrolled
 * by script instead.
 */
export async function wheelBy(page: Page, dy: number): Promise<void> {
  const before = await scrollPoint(page);
  const size = page.viewportSize();
  if (size) {
    await page.mouse.move(Math.floor(size.width / 2), Math.floor(size.height / 2));
    await page.mouse.wheel(0, dy);
  }
  const y = await withWalker(page, settleInPage, [PAGE_KEY, WHEEL_SETTLE_MS] as [string, number]);
  const room = dy > 0 ? before.y < before.height - before.viewport - 1 : before.y > 0;
  if (Math.abs(y - before.y) < 1 && room) await jumpTo(page, Math.max(0, before.y + dy));
}
