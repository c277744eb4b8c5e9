import type { Frame, Request, Response } from 'playwright';
import type { Act } from '../act.js';
import { afterNavigation } from './after.js';
import { ActionEffects } from './effects.js';
import { LOAD_GRACE_MS, navigationLimit } from './navigate.js';
import { readNavigation, type NavigationEnd } from './outcome.js';
import { prepareActions } from '../targeting/index.js';

export { SETTLE_CAP_MS } from './effects.js';

/**
 * Runs an action that may navigate (a click, a submit, a script), then waits for what it caused
 * (./effects.ts), not for the page's stability: the requests it fired, and a main-frame
 * navigation it started (until that commits or fails). A navigation is read as a goto's is (a
 * refused address or a failed load is navigation_failed); then the new document's load, the
 * access check and blockers as after a goto. The act's observation measures stability, once.
 * `action` gets the watcher, to wait for what it caused so far before going on (fill_form's
 * read-back). Answers whether the main frame navigated (the acted-on element is then gone with its document).
 */
export async function withNavigation(act: Act, action: (effects: ActionEffects) => Promise<void>): Promise<boolean> {
  const { page } = act;
  let navigated = false;
  const moved = new AbortController();
  // The latest main-frame navigation's end: its document's response, or the browser's error.
  let end = null as NavigationEnd | null;
  const effects = new ActionEffects(page, (turnMs) => act.observer.stableNow(turnMs));
  const isMainNavigation = (request: Request): boolean => {
    try {
      return request.isNavigationRequest() && request.frame() === page.mainFrame();
    } catch {
      // A new tab's first request comes before its frame (Playwright throws for its frame): another page's.
      return false;
    }
  };
  const onNavigated = (frame: Frame): void => {
    if (frame !== page.mainFrame()) return;
    navigated = true;
    // A new document ends the wait; a same-document one (pushState) leaves its requests to be waited for.
    if (effects.navigationStarted) moved.abort();
  };
  const onResponse = (r: Response): void => {
    if (isMainNavigation(r.request())) end = { url: r.url(), response: r };
  };
  const onFailed = (request: Request): void => {
    const message = request.failure()?.errorText ?? '';
    // A navigation replaced by another one, or turned into a download, ends ERR_ABORTED: no failure.
    if (!isMainNavigation(request) || /ERR_ABORTED/.test(message)) return;
    end = { url: request.url(), error: { message, timedOut: false } };
    moved.abort();
  };
  // Each of these is kept subscribed by a listener of the session's (frames, journal, stability
  // tracker), so adding these costs no subscription change in Playwright.
  const context = page.context();
  page.on('framenavigated', onNavigated);
  page.on('response', onResponse);
  context.on('requestfailed', onFailed);
  let settling: number;
  try {
    await action(effects);
    effects.actionEnded();
    settling = performance.now();
    await effects.settled({ navigationCapMs: navigationLimit(act), signal: moved.signal });
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('response', onResponse);
    context.off('requestfailed', onFailed);
    effects.dispose();
  }
  const failure = end ? await readNavigation(act, end) : null;
  if (failure) throw failure;
  if (!navigated) return false;
  // The navigation's limit to DOMContentLoaded counts from the action's end, its commit included (0 would mean no limit).
  const left = Math.max(1, settling + navigationLimit(act) - performance.now());
  await page.waitForLoadState('domcontentloaded', { timeout: left }).catch(() => undefined);
  prepareActions(page, act.actionsAhead);
  await page.waitForLoadState('load', { timeout: LOAD_GRACE_MS }).catch(() => undefined);
  await afterNavigation(act, end && 'response' in end ? end.response : null);
  return true;
}
