import { errors, type Page } from 'playwright';
import { StepError } from '../errors.js';
import type { StepContext } from '../steps/define.js';
import { afterNavigation } from './after.js';
import { BLOCKED_HEADER } from '../net/proxy.js';
import { prepareActions } from '../target/index.js';

/** The longest a navigation may take to reach DOMContentLoaded. */
export const NAVIGATION_TIMEOUT_MS = 30_000;
/** After DOMContentLoaded, how long `load` may take before we go on without it (a hung image must not fail goto). */
const LOAD_GRACE_MS = 10_000;
/** Top-level schemes a session may open. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:']);

/** What `goto` (and a create's `url`) asks for. */
export interface NavigateParams {
  url: string;
  wait_for?: string;
  wait_until?: string;
  wait_timeout: number;
}

/** Reasons that, behind the session proxy, may hide the real cause. */
const OPAQUE_REASONS = new Set(['proxy', 'connection_reset']);
/** What a cause the session proxy found means, for the error message. */
const CAUSES: Record<string, string> = {
  dns: 'the host name does not resolve',
  blocked_address: 'the address is not allowed',
  connection_refused: 'the server refused the connection',
  connection_reset: 'the server closed the connection',
  timeout: 'the server did not answer in time',
  unreachable: 'the server cannot be reached',
};

/** Chromium's net error names, mapped to the `reason` a caller can act on. */
function reasonOf(message: string): string {
  if (/ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/.test(message)) return 'dns';
  if (/ERR_CERT|ERR_SSL/.test(message)) return 'ssl';
  if (/ERR_CONNECTION_REFUSED/.test(message)) return 'connection_refused';
  if (/ERR_CONNECTION_(RESET|CLOSED)|ERR_EMPTY_RESPONSE/.test(message)) return 'connection_reset';
  if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY/.test(message)) return 'proxy';
  if (/ERR_ABORTED/.test(message)) return 'aborted';
  if (/ERR_UNSAFE_PORT/.test(message)) return 'unsafe_port';
  if (/ERR_TIMED_OUT|Timeout/i.test(message)) return 'timeout';
  return 'error';
}

/**
 * The session proxy's answers when it could not reach the destination over plain HTTP: its own
 * 502 with X-Tabwright-Error (the guard's DNS check), or proxy-chain's 59x gateway statuses.
 */
function gatewayFailure(status: number, headers: Record<string, string>): string | undefined {
  const ours = headers['x-tabwright-error'];
  if (status === 502 && ours) return ours;
  const codes: Record<number, string> = { 590: 'proxy', 592: 'proxy', 593: 'dns', 594: 'connection_refused', 595: 'connection_reset', 596: 'connection_reset', 597: 'proxy', 599: 'proxy' };
  return codes[status];
}

/** The first line of a Playwright error, without its call log. */
const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/**
 * Opens `params.url` in the session's page: checks the scheme, waits for the document, for `load`
 * (bounded), checks access and dismisses blockers, waits for `wait_for` / `wait_until`, then for
 * stability. Failures are the contract's step errors: navigation_failed with `{url, reason,
 * status?}`, access_denied, captcha_detected, captcha_unsolvable.
 */
export async function navigate(ctx: StepContext, params: NavigateParams): Promise<void> {
  const { page, observer } = ctx;
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
  const refusedBefore = ctx.network?.blockedCount() ?? 0;
  const refused = (): boolean => (ctx.network ? ctx.network.blocked(url) || ctx.network.blockedCount() > refusedBefore : false);
  try {
    response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: NAVIGATION_TIMEOUT_MS });
  } catch (error) {
    const message = firstLine(error);
    let reason = refused() ? 'blocked_address' : error instanceof errors.TimeoutError ? 'timeout' : reasonOf(message);
    // Behind the session proxy an HTTPS failure reads as a failed tunnel or a closed connection, whatever happened.
    let detail = reason === 'blocked_address' ? 'the address is not allowed' : message;
    if (OPAQUE_REASONS.has(reason) && ctx.network) {
      const cause = await ctx.network.diagnose(url).catch(() => undefined);
      if (cause) {
        reason = cause;
        detail = CAUSES[cause] ?? cause;
      }
    }
    throw new StepError('navigation_failed', `Navigation to ${url} failed: ${detail}`, { url, reason });
  }
  // Plain HTTP to a refused address (directly or by a redirect) comes back as the proxy's 403.
  if (response?.headers()[BLOCKED_HEADER] === 'blocked_address') {
    throw new StepError('navigation_failed', `Navigation to ${url} failed: ${new URL(response.url()).host} is not an allowed address`, {
      url,
      reason: 'blocked_address',
      status: response.status(),
    });
  }

  const status = response?.status();
  const gateway = response ? gatewayFailure(response.status(), response.headers()) : undefined;
  if (gateway) {
    const detail = CAUSES[gateway] ?? (gateway === 'proxy' ? 'the upstream proxy could not reach the site' : gateway.replace('_', ' '));
    throw new StepError('navigation_failed', `Navigation to ${url} failed: ${detail}`, { url, reason: gateway });
  }
  prepareActions(page);
  await page.waitForLoadState('load', { timeout: LOAD_GRACE_MS }).catch(() => undefined);
  await afterNavigation(ctx, response ?? null);
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
