import type { Frame, Request, Response } from 'playwright';
import type { StepContext } from '../steps/define.js';
import { afterNavigation } from './after.js';
import { LOAD_GRACE_MS, NAVIGATION_TIMEOUT_MS } from './navigate.js';
import { readNavigation, type NavigationEnd } from './outcome.js';
import { prepareActions } from '../target/index.js';

/** The stability wait after an action (the act's final observation waits again if needed). */
export const SETTLE_CAP_MS = 3_000;

/**
 * Runs an action that may navigate (a click, a submit, a script): afterwards it waits for
 * stability; if the main frame navigates (during the action or that wait), the navigation is read
 * as a goto's is (a refused address or a failed load is navigation_failed), then it waits for the
 * new document's load, the access check and blockers as after a goto, then stability: the checks
 * run while the new document's quiet time is counting, not after it. Answers whether the main
 * frame navigated (the acted-on element is then gone with its document).
 */
export async function withNavigation(ctx: StepContext, action: () => Promise<void>): Promise<boolean> {
  const { page } = ctx;
  let navigated = false;
  const moved = new AbortController();
  // The latest main-frame navigation's end: its document's response, or the browser's error.
  let end = null as NavigationEnd | null;
  const isMainNavigation = (request: Request): boolean => request.isNavigationRequest() && request.frame() === page.mainFrame();
  const onNavigated = (frame: Frame): void => {
    if (frame !== page.mainFrame()) return;
    navigated = true;
    moved.abort();
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
  page.on('framenavigated', onNavigated);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  try {
    await action();
    await ctx.observer.waitForStable(SETTLE_CAP_MS, moved.signal);
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
  const failure = end ? await readNavigation(ctx, end) : null;
  if (failure) throw failure;
  if (!navigated) return false;
  await page.waitForLoadState('domcontentloaded', { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => undefined);
  prepareActions(page);
  await page.waitForLoadState('load', { timeout: LOAD_GRACE_MS }).catch(() => undefined);
  await afterNavigation(ctx, end && 'response' in end ? end.response : null);
  await ctx.observer.waitForStable(SETTLE_CAP_MS);
  return true;
}
