import type { Response } from 'playwright';
import { inspectAccess } from '../../captcha/index.js';
import { StepError } from '../../../contract/errors.js';
import { redactUrl } from '../../../platform/journal/redact.js';
import type { Act } from '../act.js';
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
export async function afterNavigation(act: Act, response: Response | null): Promise<void> {
  let { challenge, block } = await inspectAccess(act.page, response);
  let moved = false;
  if (challenge && act.solver?.handles(challenge)) {
    const failure = await act.solver.solve(act.page, challenge, act.signal);
    const { kind, vendor } = challenge;
    act.journal?.record({ type: 'captcha', kind, vendor: vendor ?? null, outcome: failure === null ? 'solved' : 'unsolved', url: redactUrl(act.page.url()) });
    // Solved: the step goes on. Failed: the verdict stands, with the solver's reason.
    challenge = failure === null ? null : { ...challenge, message: `${challenge.message}; the CAPTCHA solver failed: ${failure}` };
  } else if (challenge?.blocking) {
    // Some interstitials (Cloudflare's non-interactive check) pass by themselves and navigate on:
    // wait for that, bounded, before calling the challenge unsolvable. Waiting is not evasion.
    moved = await act.page
      .waitForEvent('framenavigated', { predicate: (frame) => frame === act.page.mainFrame(), timeout: SELF_CLEAR_MS })
      .then(() => true, () => false);
    if (moved) {
      await act.page.waitForLoadState('load', { timeout: SELF_CLEAR_MS }).catch(() => undefined);
      ({ challenge, block } = await inspectAccess(act.page, null));
    }
  }
  const url = act.page.url();
  if (challenge) {
    act.journal?.record({ type: 'captcha', kind: challenge.kind, vendor: challenge.vendor ?? null, outcome: challenge.inTheWay ? 'in_the_way' : 'noted', url: redactUrl(url) });
  }
  if (challenge?.inTheWay) {
    const context = { kind: challenge.kind, vendor: challenge.vendor, url };
    if (challenge.blocking) throw new StepError('captcha_unsolvable', challenge.message, context);
    throw new StepError('captcha_detected', challenge.message, context);
  }
  // A widget not rendered, or in a form of a usable page, leaves the page usable: the observation says it is there.
  act.observer.noteCaptcha(challenge ? { kind: challenge.kind, vendor: challenge.vendor, message: challenge.message } : null);
  const status = moved ? await documentStatus(act) : response?.status();
  if (status === 403 || status === 451) {
    act.journal?.record({ type: 'access', url: redactUrl(url), status, reason: `HTTP ${status}` });
    throw new StepError('access_denied', `The site answered HTTP ${status} for ${url}`, { status, url });
  }
  if (block) {
    act.journal?.record({ type: 'access', url: redactUrl(url), status: block.status ?? null, reason: block.reason });
    throw new StepError('access_denied', `The site refused access: ${block.reason}`, { ...(block.status ? { status: block.status } : {}), url });
  }
  for (const kind of await act.blockers.settle(act.page, BLOCKER_CAP_MS)) {
    act.journal?.record({ type: 'blocker', kind, detail: redactUrl(url) });
    if (!act.results.blockers.includes(kind)) act.results.blockers.push(kind);
  }
}

/** The HTTP status of the current document, from Navigation Timing (when the page moved by itself). */
async function documentStatus(act: Act): Promise<number | undefined> {
  return (await inPage(act.page, 'documentStatus').catch(() => null)) ?? undefined;
}
