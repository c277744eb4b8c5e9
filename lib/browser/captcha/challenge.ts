import type { Page, Response } from 'playwright';
import { httpFacts, readSignals } from './probe.js';
import type { Challenge, ChallengeHit, HttpFacts, PageSignals, Vendor } from './types.js';
import { CHALLENGE_KINDS, CHALLENGE_ORDER, VENDOR_NAMES } from './vendors.js';

const rank = (hit: ChallengeHit): number => CHALLENGE_ORDER.indexOf(hit.vendor);

function challengePage(vendor: Vendor, evidence: string): Challenge {
  return {
    kind: CHALLENGE_KINDS[vendor] ?? 'challenge',
    vendor,
    blocking: true,
    inTheWay: true,
    message: `The page is a ${VENDOR_NAMES[vendor]} bot check (${evidence}); its content is behind it`,
  };
}

function widget(hit: ChallengeHit, blocking: boolean): Challenge {
  const name = VENDOR_NAMES[hit.vendor];
  const where = `${hit.evidence}${hit.unrendered ? ', not rendered' : ''}${hit.inDataForm ? ', in a form' : ''}`;
  let message = `A ${name} widget is on the page (${where}); the rest of the page is usable`;
  if (blocking) message = `A ${name} widget is all the page shows (${hit.evidence}); its content is behind it`;
  else if (hit.popup) message = `A ${name} challenge is open over the page (${hit.evidence}); the page waits for it to be solved`;
  return { kind: CHALLENGE_KINDS[hit.vendor] ?? 'other', vendor: hit.vendor, blocking, inTheWay: blocking || hit.popup === true, message };
}

/** The challenge a response's headers declare, whatever the body holds. */
function fromHeaders({ headers, status }: HttpFacts, datadomeBanned: boolean): Challenge | null {
  if (headers['cf-mitigated']?.toLowerCase() === 'challenge') return challengePage('cloudflare', 'cf-mitigated: challenge header');
  const action = headers['x-amzn-waf-action']?.toLowerCase();
  if (action === 'captcha' || action === 'challenge') return challengePage('aws_waf', `x-amzn-waf-action: ${action} header`);
  if (datadomeBanned) return null;
  const verdict = headers['x-dd-b'];
  if (verdict && verdict !== '0') return challengePage('datadome', `x-dd-b: ${verdict} header`);
  // x-datadome is on every response of a protected site; only with a refusal status is it the check itself.
  if (headers['x-datadome'] !== undefined && (status === 401 || status === 403 || status === 429)) {
    return challengePage('datadome', `x-datadome header with HTTP ${status}`);
  }
  return null;
}

/**
 * The verdict from what the page and its response showed. Interstitial markers and challenge
 * headers are blocking; a widget is blocking only on a thin page and outside a form a person
 * fills in, and in the way when blocking or when its challenge popup is open. Score-only widgets (reCAPTCHA v3, invisible v2 and hCaptcha, Turnstile on demand)
 * never reach here: the probe drops them unless their challenge popup is open.
 */
export function classifyChallenge(signals: PageSignals, http: HttpFacts): Challenge | null {
  const datadomeBanned = signals.blocks.some((block) => block.vendor === 'datadome');
  const declared = fromHeaders(http, datadomeBanned);
  if (declared) return declared;

  const hits = [...signals.challenges].sort((a, b) => rank(a) - rank(b));
  const page = hits.find((hit) => hit.scope === 'page');
  if (page) return challengePage(page.vendor, page.evidence);

  const server = http.headers.server?.toLowerCase() ?? '';
  const viaCloudflare = signals.cdnCgi || server === 'cloudflare' || http.headers['cf-ray'] !== undefined;
  if (signals.thin && viaCloudflare && /^just a moment/i.test(signals.title)) {
    return challengePage('cloudflare', `title "${signals.title}"`);
  }

  const widgets = hits.filter((hit) => hit.scope === 'widget');
  // A gate posts its token somewhere: markup no script rendered, outside any form, gates nothing (a short article).
  const gate = signals.thin ? widgets.find((hit) => !hit.inDataForm && !(hit.unrendered && hit.inForm === false)) : undefined;
  // An open challenge popup is what the user meets first.
  const chosen = gate ?? widgets.find((hit) => hit.popup) ?? widgets[0];
  return chosen ? widget(chosen, gate !== undefined) : null;
}

/**
 * Looks for a CAPTCHA or bot-protection challenge on `page`, whose main document came with
 * `response`: one evaluate, plus the response's status and headers. Detection only.
 */
export async function detectChallenge(page: Page, response: Response | null): Promise<Challenge | null> {
  return classifyChallenge(await readSignals(page), httpFacts(response));
}
