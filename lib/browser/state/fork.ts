// The point a fork starts from: the source's storage, and its tab's URL, scroll position and
// sessionStorage (which belongs to the tab, so Playwright's storage state leaves it out). Read
// without stopping or changing the source; written into a fork's page before its first load
// (./restore.ts).
import type { Page } from 'playwright';
import { inPage } from '../program.js';
import { withCap } from '../../platform/time.js';
import { readStorage, type StorageState } from './storage.js';

/** How long reading the source may take: a page whose script keeps it busy is not waited for longer. */
export const FORK_READ_CAP_MS = 5_000;

/** Where a fork starts. */
export interface ForkPoint {
  storage: StorageState;
  /** The source tab's URL; about:blank when it has loaded nothing. */
  url: string;
  /** The source tab's vertical scroll position, px. */
  top: number;
  /** The source tab's sessionStorage (of its current origin). */
  sessionEntries: Array<[string, string]>;
  /** The User-Agent the source's page sends (its own, or the one the pool assigned it); undefined before it loaded anything. */
  userAgent?: string;
}

/** Reads the fork point off the source's context and page; undefined when the page did not answer within FORK_READ_CAP_MS. */
export async function readForkPoint(page: Page): Promise<ForkPoint | undefined> {
  const read = async (): Promise<ForkPoint> => {
    const url = page.url();
    const loaded = /^https?:/.test(url);
    const [storage, box, sessionEntries, userAgent] = await Promise.all([
      readStorage(page.context()),
      loaded ? inPage(page, 'scrollBox') : undefined,
      loaded ? inPage(page, 'sessionEntries') : [],
      loaded ? inPage(page, 'userAgent') : undefined,
    ]);
    return { storage, url, top: box?.y ?? 0, sessionEntries, userAgent };
  };
  return withCap(read(), FORK_READ_CAP_MS);
}
