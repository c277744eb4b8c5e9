import type { Page } from 'playwright';
import { inPage } from '../program.js';
import type { Dismissal } from './types.js';

/** At most this many overlays are closed per pass (stacked popups; also a bound on a page that keeps opening them). */
const MAX_OVERLAYS = 3;
/** How long a clicked overlay may take to leave (closing animations run about 200 to 400 ms). */
const CLICK_SETTLE_MS = 600;
/** The same after Escape. */
const ESCAPE_SETTLE_MS = 400;
/**
 * Visible characters the page must show outside an overlay for it to count as a popup; with
 * less, the overlay is the page itself (a login page whose form is the page).
 */
const MIN_TEXT_BEHIND = 200;

/**
 * The generic popup pass: closes overlays covering the page by their close control, else by
 * Escape, checks each is gone, and lifts a scroll lock left behind. Overlays that stay are
 * given up on for the rest of the document's life.
 */
export async function closePopups(page: Page): Promise<Dismissal[]> {
  const closed: Dismissal[] = [];
  for (let i = 0; i < MAX_OVERLAYS; i++) {
    const found = await inPage(page, 'closeOverlay', MIN_TEXT_BEHIND);
    if (!found) break;
    let how = found.clicked === null ? '' : `clicked ${found.clicked}`;
    let gone = found.clicked !== null && (await inPage(page, 'overlayGone', CLICK_SETTLE_MS));
    if (!gone) {
      await inPage(page, 'markOwnInput', true);
      await page.keyboard.press('Escape');
      await inPage(page, 'markOwnInput', false);
      how = 'Escape';
      gone = await inPage(page, 'overlayGone', ESCAPE_SETTLE_MS);
    }
    if (!gone) {
      await inPage(page, 'giveUpOverlay');
      continue;
    }
    const unlocked = await inPage(page, 'unlockScroll');
    closed.push({ kind: 'popup', detail: `${found.overlay} (${how}${unlocked ? ', scroll unlocked' : ''})`, url: page.url() });
  }
  return closed;
}
