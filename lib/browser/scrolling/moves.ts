// The scroll steps' moves on the page: where it is scrolled to, a jump, a wheel turn as a person makes it.
import type { Page } from 'playwright';
import { bounded, WALK_LIMIT_MS } from '../deadline.js';
import type { ScrollBox } from '../injected/walk/types.js';
import { inPage } from '../program.js';

/** Where the page is scrolled to (the window, or the panel an app layout scrolls in), and how tall what scrolls is. */
export function scrollPoint(page: Page): Promise<ScrollBox> {
  return bounded(page, WALK_LIMIT_MS, () => inPage(page, 'scrollBox'));
}

/** Moves the page to `top` px (or the bottom) at once and waits two frames; the new position. */
export function jumpTo(page: Page, top: number | 'bottom'): Promise<ScrollBox> {
  return bounded(page, WALK_LIMIT_MS, () => inPage(page, 'jump', top));
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
  const y = await bounded(page, WALK_LIMIT_MS, () => inPage(page, 'settleScroll', WHEEL_SETTLE_MS));
  const room = dy > 0 ? before.y < before.height - before.viewport - 1 : before.y > 0;
  if (Math.abs(y - before.y) < 1 && room) await jumpTo(page, Math.max(0, before.y + dy));
}
