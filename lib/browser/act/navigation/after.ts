import type { Response } from 'playwright';
import { inspectAccess } from '../../captcha/index.js';
import { StepError } from '../../../contract/errors.js';
import { redactUrl } from '../../../platform/journal/redact.js';
import type { StepContext } from '../define.js';
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
export async function afterNavigation(ctx: StepContext, response: Response | null): Promise<void> {
  let { challenge, block } = await inspectAccess(ctx.page, response);
  let moved = false;
  if (challenge && ctx.solver?.handles(challenge)) {
    const failure = await ctx.solver.solve(ctx.page, challenge, ctx.signal);
    const { kind, vendor } = challenge;
    ctx.journal?.record({ type: 'captcha', kind, vendor: vendor ?? null, outcome: failure === null ? 'solved' : 'unsolved', url: redactUrl(ctx.page.url()) });
    // Solved: the step goes on. Failed: the verdict stands, with the solver's reason.
    challenge = failure === null ? null : { ...challenge, message: `${challenge.message}; the CAPTCHA solver failed: ${failure}` };
  } else if (challenge?.blocking) {
    // Some interstitials (Cloudflare's non-interactive check) pass by themselves and navigate on:
    // wait for that, bounded, before calling the challenge unsolvable. Waiting is not evasion.
    moved = await ctx.page
      .waitForEvent('framenavigated', { predicate: (frame) => frame === ctx.page.mainFrame(), timeout: SELF_CLEAR_MS })
      .then(() => true, () => false);
    if (moved) {
      await ctx.page.waitForLoadState('load', { timeout: SELF_CLEAR_MS }).catch(() => undefined);
      ({ challenge, block } = await inspectAccess(ctx.page, null));
    }
  }
  const url = ctx.page.url();
  if (challenge) {
    ctx.journal?.record({ type: 'captcha', kind: challenge.kind, vendor: challenge.vendor ?? null, outcome: challenge.inTheWay ? 'in_the_way' : 'noted', url: redactUrl(url) });
  }
  if (challenge?.inTheWay) {
    const context = { kind: challenge.kind, vendor: challenge.vendor, url };
    if (challenge.blocking) throw new StepError('captcha_unsolvable', challenge.message, context);
    throw new StepError('captcha_detected', challenge.message, context);
  }
  // A widget not rendered, or in a form of a usable page, leaves the page usable: the observation says it is there.
  ctx.observer.noteCaptcha(challenge ? { kind: challenge.kind, vendor: challenge.vendor, message: challenge.message } : null);
  const status = moved ? await documentStatus(ctx) : response?.status();
  if (status === 403 || status === 451) {
    ctx.journal?.record({ type: 'access', url: redactUrl(url), status, reason: `HTTP ${status}` });
    throw new StepError('access_denied', `The site answered HTTP ${status} for ${url}`, { status, url });
  }
  if (block) {
    ctx.journal?.record({ type: 'access', url: redactUrl(url), status: block.status ?? null, reason: block.reason });
    throw new StepError('access_denied', `The site refused access: ${block.reason}`, { ...(block.status ? { status: block.status } : {}), url });
  }
  for (const kind of await ctx.blockers.settle(ctx.page, BLOCKER_CAP_MS)) {
    ctx.journal?.record({ type: 'blocker', kind, detail: redactUrl(url) });
    if (!ctx.results.blockers.includes(kind)) ctx.results.blockers.push(kind);
  }
}

/** The HTTP status of the current document, from Navigation Timing (when the page moved by itself). */
async function documentStatus(ctx: StepContext): Promise<number | undefined> {
  return (await inPage(ctx.page, 'documentStatus').catch(() => null)) ?? undefined;
}
