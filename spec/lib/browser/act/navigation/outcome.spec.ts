import { expect } from 'chai';
import type { Response } from 'playwright';
import { readNavigation } from '../../../../../lib/browser/act/navigation/outcome.js';
import type { NetworkView, Act } from '../../../../../lib/browser/act/act.js';

/** A step context with only a network view: what the session proxy refused, and what it diagnoses. */
function context(refused: string[], diagnosis?: string): Act {
  const network: NetworkView = {
    blocked: (url) => refused.includes(new URL(url).hostname),
    blockedCount: () => refused.length,
    proxyUrl: 'http://127.0.0.1:1',
    diagnose: () => Promise.resolve(diagnosis),
  };
  return { network } as unknown as Act;
}

/** A main document's response, as Playwright hands it over. */
const response = (status: number, headers: Record<string, string> = {}, url = 'http://site.test/'): Response =>
  ({ status: () => status, headers: () => headers, url: () => url }) as unknown as Response;

describe('readNavigation()', () => {
  it('reads a failed tunnel to a host the guard refused as blocked_address', async () => {
    const error = await readNavigation(context(['10.0.0.1']), { url: 'https://10.0.0.1/', error: { message: 'net::ERR_TUNNEL_CONNECTION_FAILED', timedOut: false } });
    expect(error).to.include({ code: 'navigation_failed', message: 'Navigation to https://10.0.0.1/ failed: the address is not allowed' });
    expect(error?.context).to.deep.equal({ url: 'https://10.0.0.1/', reason: 'blocked_address' });
  });

  it('reads the proxy\'s 403 with X-Tabwright-Blocked as blocked_address, with the refused host', async () => {
    const error = await readNavigation(context([]), { url: 'http://site.test/go', response: response(403, { 'x-tabwright-blocked': 'blocked_address' }, 'http://10.0.0.1/') });
    expect(error).to.include({ message: 'Navigation to http://site.test/go failed: 10.0.0.1 is not an allowed address' });
    expect(error?.context).to.deep.equal({ url: 'http://site.test/go', reason: 'blocked_address', status: 403 });
  });

  it('leaves the site\'s own 403 and a good document to the access check', async () => {
    expect(await readNavigation(context([]), { url: 'http://site.test/', response: response(403) })).to.equal(null);
    expect(await readNavigation(context([]), { url: 'http://site.test/', response: response(200) })).to.equal(null);
    expect(await readNavigation(context([]), { url: 'http://site.test/', response: null })).to.equal(null);
  });

  it('asks the session proxy why a direct connection failed instead of blaming a proxy there is none of', async () => {
    const error = await readNavigation(context([], 'unreachable'), { url: 'http://site.test/', response: response(599) });
    expect(error).to.include({ message: 'Navigation to http://site.test/ failed: the server cannot be reached' });
    expect(error?.context).to.deep.equal({ url: 'http://site.test/', reason: 'unreachable' });
  });

  it('says the proxy could not reach the site when the cause lies beyond an upstream proxy', async () => {
    const error = await readNavigation(context([]), { url: 'http://site.test/', response: response(599) });
    expect(error?.context).to.deep.equal({ url: 'http://site.test/', reason: 'proxy' });
    expect(error?.message).to.equal('Navigation to http://site.test/ failed: the proxy could not reach the site');
  });
});
