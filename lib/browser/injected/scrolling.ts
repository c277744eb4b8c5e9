// In the page: the scroll steps' moves, on what scrolls the page (./walk/scroll.ts).
import { scrollBox, scrollPageTo } from './walk/scroll.js';
import type { ScrollBox } from './walk/types.js';

/** How long the two frames after a jump may take on a page that paints none. */
const FRAMES_CAP_MS = 150;
/** Between two reads of the position while a wheel scroll comes to rest, and how many equal reads in a row are rest. */
const SETTLE_TICK_MS = 20;
const SETTLE_READS = 3;

/**
 * Moves the page to `top` (or the bottom) at once, whatever scroll-behavior the page asks for,
 * then lets two frames pass (bounded) so scroll handlers and the renders they cause have run
 * before anyone reads the page; the new position.
 */
export async function jump(win: Window, top: number | 'bottom'): Promise<ScrollBox> {
  scrollPageTo(win, top);
  await new Promise<void>((resolve) => {
    const cap = win.setTimeout(resolve, FRAMES_CAP_MS);
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => {
        win.clearTimeout(cap);
        resolve();
      }),
    );
  });
  return scrollBox(win);
}

/** Waits until the page stops moving (a wheel scroll animates), at most `capMs`; the final y. */
export function settleScroll(win: Window, capMs: number): Promise<number> {
  const y = (): number => scrollBox(win).y;
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
      if (same >= SETTLE_READS || performance.now() - start > capMs) resolve(now);
      else win.setTimeout(tick, SETTLE_TICK_MS);
    };
    win.setTimeout(tick, SETTLE_TICK_MS);
  });
}
