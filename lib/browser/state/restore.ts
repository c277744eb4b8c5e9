// What a session's context starts with, written before its first page loads: a profile's or a
// fork's cookies and storage, and a fork's sessionStorage. Playwright's setStorageState writes
// origins in a page of its own, opened and closed for it (a few hundred ms); the origin the
// session opens first is written instead in the session's own page, in a blank document of that
// origin Playwright answers itself (nothing reaches the network or the site), which the
// sessionStorage needs anyway. Other origins, and IndexedDB values that are not plain JSON,
// stay with Playwright.
import type { BrowserContext, Page } from 'playwright';
import { inPage } from '../program.js';
import type { SavedDatabase, SavedRecord } from '../injected/storage/types.js';
import type { StorageState } from './storage.js';

/** An origin of a storage state; storageState({indexedDB: true}) adds its databases, which Playwright's type leaves out. */
type OriginState = StorageState['origins'][number] & { indexedDB?: SavedDatabase[] };

/** What a context starts with. */
export interface StartingState {
  /** Cookies and the storage of every origin (a profile's, a fork's source's). */
  storage?: StorageState;
  /** The URL the session opens first: the origin whose storage its own page writes. */
  url?: string;
  /** sessionStorage of the tab for the origin of `url` (a fork's source tab's). */
  sessionEntries?: Array<[string, string]>;
}

/** Whether the program can restore `origin` itself: every IndexedDB key and value plain JSON. */
function plain(origin: OriginState): boolean {
  const plainRecord = (record: SavedRecord): boolean => !('keyEncoded' in record) && !('valueEncoded' in record);
  return (origin.indexedDB ?? []).every((db) => db.stores.every((store) => store.records.every(plainRecord)));
}

/** Writes `start` into `context` and its session page `page`, before that page loads anything. */
export async function writeStartingState(context: BrowserContext, page: Page, start: StartingState): Promise<void> {
  const { storage, url } = start;
  const origin = url && /^https?:/.test(url) ? new URL(url).origin : undefined;
  const entries = origin ? (start.sessionEntries ?? []) : [];
  const origins: OriginState[] = storage?.origins ?? [];
  const first = origin ? origins.find((saved) => saved.origin === origin && plain(saved)) : undefined;
  if (storage) {
    const rest = origins.filter((saved) => saved !== first);
    // Playwright's page of its own only for the origins the session's page does not write.
    if (rest.length > 0) await context.setStorageState({ cookies: storage.cookies, origins: rest });
    else if (storage.cookies.length > 0) await context.addCookies(storage.cookies);
  }
  if (!origin || (!first && entries.length === 0)) return;
  await inBlankDocument(page, origin, async () => {
    if (first) await inPage(page, 'restoreOrigin', { localStorage: first.localStorage, indexedDB: first.indexedDB });
    if (entries.length > 0) await inPage(page, 'restoreSessionEntries', entries);
  });
}

/**
 * Runs `work` with `page` on a blank document of `origin` that Playwright answers itself, so the
 * page's next navigation (the session's first) finds what `work` wrote there.
 */
async function inBlankDocument(page: Page, origin: string, work: () => Promise<void>): Promise<void> {
  const blank = `${origin}/`;
  const answer = (route: { fulfill(options: { status: number; contentType: string; body: string }): Promise<void> }) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title></title>' });
  const matches = (target: URL): boolean => target.href === blank;
  await page.route(matches, answer);
  try {
    await page.goto(blank, { waitUntil: 'domcontentloaded' });
    await work();
  } finally {
    await page.unroute(matches, answer);
  }
}
