import { errors, type Page } from 'playwright';
import { StepError } from '../../../contract/errors.js';
import type { Act } from '../act.js';
import { afterNavigation } from './after.js';
import { firstLine, readNavigation } from './outcome.js';
import { prepareActions } from '../targeting/index.js';

/** The longest a navigation may take to reach DOMContentLoaded. */
export const NAVIGATION_TIMEOUT_MS = 30_000;
/** An act's navigation limit: NAVIGATION_TIMEOUT_MS, unless its driver was given another (ActLimits). */
export const navigationLimit = (act: Pick<Act, 'limits'>): number => act.limits?.navigationMs ?? NAVIGATION_TIMEOUT_MS;
/** After DOMContentLoaded (of a goto or of a navigation an action caused), how long `load` may take before we go on without it (a hung image must not fail the step). */
export const LOAD_GRACE_MS = 10_000;
/** Top-level schemes a session may open. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:']);

/** What `goto` (and a create's `url`) asks for. */
export interface NavigateParams {
  url: string;
  wait_for?: string;
  wait_until?: string;
  wait_timeout: number;
}

/**
 * Opens `params.url` in the session's page: checks the scheme, waits for the document, for `load`
 * (bounded), checks access and dismisses blockers, waits for `wait_for` / `wait_until`, then for
 * stability. Failures are the contract's step errors: navigation_failed with `{url, reason,
 * status?}`, access_denied, captcha_detected, captcha_unsolvable.
 */
export async function navigate(act: Act, params: NavigateParams): Promise<void> {
  const { page, observer } = act;
  const { url } = params;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StepError('navigation_failed', `Not an absolute URL: ${url} (include the scheme, for example https://)`, {
      url,
      reason: 'invalid_url',
    });
  }
  if (!ALLOWED_SCHEMES.has(parsed.protocol)) {
    throw new StepError('navigation_failed', `The ${parsed.protocol} scheme cannot be opened; use http or https`, {
      url,
      reason: 'blocked_scheme',
    });
  }

  let response;
  const refusedBefore = act.network?.blockedCount() ?? 0;
  try {
    response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: navigationLimit(act) });
  } catch (error) {
    throw (await readNavigation(act, { url, refusedBefore, error: { message: firstLine(error), timedOut: error instanceof errors.TimeoutError } })) ?? error;
  }
  const refusal = await readNavigation(act, { url, response });
  if (refusal) throw refusal;
  const status = response?.status();
  prepareActions(page, act.actionsAhead);
  await page.waitForLoadState('load', { timeout: LOAD_GRACE_MS }).catch(() => undefined);
  await afterNavigation(act, response ?? null);
  await waitForCondition(page, params, status);
  await observer.waitForStable(3_000);
}

/** `wait_for` (a visible element) and `wait_until` (a truthy expression), each within `wait_timeout`. */
async function waitForCondition(page: Page, params: NavigateParams, status: number | undefined): Promise<void> {
  const timeout = params.wait_timeout;
  const fail = (what: string, error: unknown): never => {
    const timedOut = error instanceof errors.TimeoutError;
    throw new StepError(
      'navigation_failed',
      timedOut ? `${what} did not happen within ${timeout} ms` : `${what} failed: ${firstLine(error)}`,
      { url: page.url(), reason: timedOut ? 'wait_timeout' : 'wait_error', ...(status === undefined ? {} : { status }) },
    );
  };
  if (params.wait_for) {
    const selector = params.wait_for;
    await page.locator(selector).first().waitFor({ state: 'visible', timeout }).catch((error) => fail(`wait_for ${selector}`, error));
  }
  if (params.wait_until) {
    const expression = params.wait_until;
    await page
      .waitForFunction(`(() => (${expression}))()`, undefined, { timeout })
      .catch((error) => fail(`wait_until ${expression}`, error));
  }
}
