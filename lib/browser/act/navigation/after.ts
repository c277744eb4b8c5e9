import type { Response } from 'playwright';
import { inspectAccess } from '../../captcha/index.js';
import { StepError } from '../../../contract/errors.js';
import { redactUrl } from '../../../platform/journal/redact.js';
import type { StepScope } from '../scope.js';
import { inPage } from '../../program.js';

/** How long consent handling may hold a step after a navigation. */
export const BLOCKER_CAP_MS = 1_500;
/** How long a blocking interstitial gets to clear itself before it counts as unsolvable. */
export const SELF_CLEAR_MS = 5_000;

/**
 * What follows every navigation a step causes: is the page a challenge or a block page (the
 * step errors captcha_unsolvable / captcha_detected / access_denied; a CAPTCHA the session's
 * solver handles is sent to it first and is no error once solved; a widget that is not in the
 * way is no error either, and the observation reports it), then consent banners and
 * popups dismissed, their kinds added once each to the act's `blockers_dismissed`.
 */
export async function afterNavigation(scope: StepScope, response: Response | null): Promise<void> {
  let { challenge, block } = await inspectAccess(scope.page, response);
  let moved = false;
  if (challenge && scope.solver?.handles(challenge)) {
    const failure = await scope.solver.solve(scope.page, challenge, scope.signal);
    const { kind, vendor } = challenge;
    scope.journal?.record({ type: 'captcha', kind, vendor: vendor ?? null, outcome: failure === null ? 'solved' : 'unsolved', url: redactUrl(scope.page.url()) });
    // Solved: the step goes on. Failed: the verdict stands, with the solver's reason.
    challenge = failure === null ? null : { ...challenge, message: `${challenge.message}; the CAPTCHA solver failed: ${failure}` };
  } else if (challenge?.blocking) {
    // Some interstitials (Cloudflare's non-interactive check) pass by themselves and navigate on:
    // wait for that, bounded, before calling the challenge unsolvable. Waiting is not evasion.
    moved = await scope.page
      .waitForEvent('framenavigated', { predicate: (frame) => frame === scope.page.mainFrame(), timeout: SELF_CLEAR_MS })
      .then(() => true, () => false);
    if (moved) {
      await scope.page.waitForLoadState('load', { timeout: SELF_CLEAR_MS }).catch(() => undefined);
      ({ challenge, block } = await inspectAccess(scope.page, null));
    }
  }
  const url = scope.page.url();
  if (challenge) {
    scope.journal?.record({ type: 'captcha', kind: challenge.kind, vendor: challenge.vendor ?? null, outcome: challenge.inTheWay ? 'in_the_way' : 'noted', url: redactUrl(url) });
  }
  if (challenge?.inTheWay) {
    const context = { kind: challenge.kind, vendor: challenge.vendor, url };
    if (challenge.blocking) throw new StepError('captcha_unsolvable', challenge.message, context);
    throw new StepError('captcha_detected', challenge.message, context);
  }
  // A widget not rendered, or in a form of a usable page, leaves the page usable: the observation says it is there.
  scope.observer.noteCaptcha(challenge ? { kind: challenge.kind, vendor: challenge.vendor, message: challenge.message } : null);
  const status = moved ? await documentStatus(scope) : response?.status();
  if (status === 403 || status === 451) {
    scope.journal?.record({ type: 'access', url: redactUrl(url), status, reason: `HTTP ${status}` });
    throw new StepError('access_denied', `The site answered HTTP ${status} for ${url}`, { status, url });
  }
  if (block) {
    scope.journal?.record({ type: 'access', url: redactUrl(url), status: block.status ?? null, reason: block.reason });
    throw new StepError('access_denied', `The site refused access: ${block.reason}`, { ...(block.status ? { status: block.status } : {}), url });
  }
  for (const kind of await scope.blockers.settle(scope.page, BLOCKER_CAP_MS)) {
    scope.journal?.record({ type: 'blocker', kind, detail: redactUrl(url) });
    if (!scope.results.blockers.includes(kind)) scope.results.blockers.push(kind);
  }
}

/** The HTTP status of the current document, from Navigation Timing (when the page moved by itself). */
async function documentStatus(scope: StepScope): Promise<number | undefined> {
  return (await inPage(scope.page, 'documentStatus').catch(() => null)) ?? undefined;
}
