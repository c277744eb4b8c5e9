// Reading what a page shows of challenges and block pages: one call to the page's probe
// (lib/browser/injected/captcha/probe.ts), and the response's facts.
import type { Page, Response } from 'playwright';
import { log } from '../../platform/log.js';
import { bounded, READ_LIMIT_MS } from '../deadline.js';
import type { PageSignals, ProbeLimits } from '../injected/captcha/types.js';
import { inPage } from '../program.js';
import type { HttpFacts } from './types.js';

/** Bounds the probe applies in the page (lib/browser/injected/captcha/probe.ts). */
export const PROBE_LIMITS: ProbeLimits = { textCap: 3_000, thinText: 1_000, thinLinks: 15 };

/** What a failed probe (a page navigating away mid-evaluate) leaves: nothing known, so nothing thin. */
const UNKNOWN: PageSignals = { title: '', heading: '', text: '', links: 0, thin: false, cdnCgi: false, challenges: [], blocks: [] };

/**
 * One call in the main frame, within the read limit (a page too busy to answer gets its script
 * stopped by its deadline). A page that navigates meanwhile, or one whose own scripts
 * broke the DOM built-ins the probe uses, gives empty signals: headers still count, and detection
 * never fails the step it serves (a page that is gone fails it through its deadline).
 */
export async function readSignals(page: Page): Promise<PageSignals> {
  return bounded(page, READ_LIMIT_MS, () => inPage(page, 'probe', PROBE_LIMITS)).catch((error: unknown) => {
    log.debug({ err: error, url: page.url() }, 'captcha probe failed');
    return UNKNOWN;
  });
}

/** The main-document response's status and headers (none without a response, as after `setContent`). */
export function httpFacts(response: Response | null): HttpFacts {
  return response ? { status: response.status(), headers: response.headers() } : { headers: {} };
}
