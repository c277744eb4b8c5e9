import type { Page, Response } from 'playwright';
import { httpFacts, readSignals } from './probe.js';
import type { BlockPage, HttpFacts, PageSignals, Vendor } from './types.js';
import { VENDOR_NAMES } from './vendors.js';

/** Titles of bare refusal pages (web servers' and WAFs' defaults), compared after normalising. */
const REFUSAL_TITLES = new Set([
  '403',
  '403 forbidden',
  '403 - forbidden',
  '403 error',
  'error 403',
  'error 403 - forbidden',
  'http 403',
  'http error 403',
  'http error 403 - forbidden',
  'forbidden',
  'access denied',
  'access forbidden',
  'access blocked',
  'access to this page has been denied',
  'request blocked',
  'request rejected',
  'blocked',
  'you have been blocked',
  '451 unavailable for legal reasons',
  'unavailable for legal reasons',
]);

const normalise = (title: string): string =>
  title
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!:]+$/, '')
    .trim();

/** The vendor whose refusal page this is, and the marker that says so. */
function vendorBlock(signals: PageSignals, { headers }: HttpFacts): { vendor: Vendor; evidence: string } | null {
  const found = signals.blocks[0];
  if (found) return found;
  const title = normalise(signals.title);
  const text = signals.text.toLowerCase();
  // Vendor phrases count only on a thin page: an article quoting them has more to it.
  const thin = signals.thin;
  const server = headers.server?.toLowerCase() ?? '';

  if (headers['x-sucuri-block'] !== undefined) return { vendor: 'sucuri', evidence: `x-sucuri-block: ${headers['x-sucuri-block']} header` };
  if (title.includes('sucuri website firewall') && title.includes('access denied')) return { vendor: 'sucuri', evidence: `title "${signals.title}"` };
  if (thin && text.includes('access denied - sucuri website firewall')) return { vendor: 'sucuri', evidence: '"Access Denied - Sucuri Website Firewall"' };

  // Akamai's edge refusal: "Access Denied" and a "Reference #18.xxxxxxxx.1700000000.xxxxxxxx".
  if (title === 'access denied' && (/reference\s*#\s*\d+\.[0-9a-f]+\.\d+/.test(text) || text.includes('errors.edgesuite.net') || server.includes('akamaighost'))) {
    return { vendor: 'akamai', evidence: 'Access Denied page with an edge reference number' };
  }
  if (/^access denied \| .+ used cloudflare to restrict access$/.test(title)) return { vendor: 'cloudflare', evidence: `title "${signals.title}"` };
  if (thin && text.includes('sorry, you have been blocked') && (signals.cdnCgi || server === 'cloudflare' || headers['cf-ray'] !== undefined)) {
    return { vendor: 'cloudflare', evidence: '"Sorry, you have been blocked"' };
  }
  if (thin && text.includes('incapsula incident id')) return { vendor: 'imperva', evidence: '"Incapsula incident ID"' };
  if (title.startsWith('error: the request could not be satisfied') && text.includes('request blocked')) {
    return { vendor: 'cloudfront', evidence: '"The request could not be satisfied. Request blocked."' };
  }
  if (thin && text.includes('your access to this site has been limited')) return { vendor: 'wordfence', evidence: '"Your access to this site has been limited"' };
  return null;
}

/**
 * The verdict from what the page and its response showed: a vendor's refusal page; else a bare
 * refusal title ("403 Forbidden", "Access denied") on a page with little else on it; else an
 * HTTP 403 or 451. Text alone never decides on a long page, so an article about blocks is no block.
 */
export function classifyBlock(signals: PageSignals, http: HttpFacts): BlockPage | null {
  const { status } = http;
  const verdict = (reason: string): BlockPage => (status === undefined ? { reason } : { status, reason });

  const vendor = vendorBlock(signals, http);
  if (vendor) return verdict(`${VENDOR_NAMES[vendor.vendor]} block page (${vendor.evidence})`);

  const title = normalise(signals.title);
  const named = title || normalise(signals.heading);
  if (signals.thin && REFUSAL_TITLES.has(named)) return verdict(`"${signals.title || signals.heading}" page with nothing else on it`);

  if (status === 403 || status === 451) return verdict(`HTTP ${status}`);
  return null;
}

/**
 * Recognises a known access-denied page on `page`, whose main document came with `response`:
 * one evaluate, plus the response's status and headers. Challenge pages are often served with
 * 403 as well, so callers ask `detectChallenge` first.
 */
export async function detectBlockPage(page: Page, response: Response | null): Promise<BlockPage | null> {
  return classifyBlock(await readSignals(page), httpFacts(response));
}
