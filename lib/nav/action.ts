import type { Frame, Response } from 'playwright';
import type { StepContext } from '../steps/define.js';
import { afterNavigation } from './after.js';
import { NAVIGATION_TIMEOUT_MS } from './navigate.js';
import { prepareActions } from '../target/index.js';

/** The longest `load` may take after an action navigated before the step goes on without it. */
const LOAD_GRACE_MS = 10_000;
/** The stability wait after an action (the act's final observation waits again if needed). */
const SETTLE_CAP_MS = 3_000;

/**
 * Runs an action that may navigate (a click, a submit): afterwards it waits for stability; if the
 * main frame navigates (during the action or that wait), for the new document's load instead,
 * then the access check and blockers as after a goto, then stability: the checks run while the
 * new document's quiet time is counting, not after it.
 */
export async function withNavigation(ctx: StepContext, action: () => Promise<void>): Promise<void> {
  const { page } = ctx;
  let navigated = false;
  const moved = new AbortController();
  let response: Response | null = null;
  const onNavigated = (frame: Frame): void => {
    if (frame !== page.mainFrame()) return;
    navigated = true;
    moved.abort();
  };
  const onResponse = (r: Response): void => {
    if (r.frame() === page.mainFrame() && r.request().isNavigationRequest()) response = r;
  };
  page.on('framenavigated', onNavigated);
  page.on('response', onResponse);
  try {
    await action();
    await ctx.observer.waitForStable(SETTLE_CAP_MS, moved.signal);
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('response', onResponse);
  }
  if (!navigated) return;
  await page.waitForLoadState('domcontentloaded', { timeout: NAVIGATION_TIMEOUT_MS }).catch(() => undefined);
  prepareActions(page);
  await page.waitForLoadState('load', { timeout: LOAD_GRACE_MS }).catch(() => undefined);
  await afterNavigation(ctx, response);
  await ctx.observer.waitForStable(SETTLE_CAP_MS);
}
