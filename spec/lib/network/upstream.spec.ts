import { expect } from 'chai';
import { ApiError } from '../../../lib/contract/errors.js';
import { countryOfUrl, parsePools, Pools, resolveUpstream } from '../../../lib/network/upstream.js';

const pools = (): Pools =>
  new Pools({
    datacenter: { us: ['http://u:p@dc-us-1:8000', 'http://u:p@dc-us-2:8000'], de: ['http://u:p@dc-de:8000'], gb: ['socks5://u:p@dc-gb:1080'] },
    residential: { default: ['http://u:p@res-any:8000'], fr: ['http://u:p@res-fr:8000'] },
  });

const invalid = (run: () => unknown): ApiError => {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ status: 400, code: 'invalid_request' });
    return error as ApiError;
  }
  throw new Error('expected a 400 invalid_request');
};

describe('resolveUpstream()', () => {
  it('uses a proxy URL string as the user\'s own upstream', () => {
    expect(resolveUpstream('socks5://me:pw@proxy.example:1080', 'https://a.de/', pools())).to.deep.equal({
      kind: 'datacenter', url: 'socks5://me:pw@proxy.example:1080', country: null, byo: true,
    });
  });

  it('rotates through a country\'s list', () => {
    const p = pools();
    const urls = [1, 2, 3].map(() => resolveUpstream({ kind: 'datacenter', country: 'us' }, undefined, p)?.url);
    expect(urls).to.deep.equal(['http://u:p@dc-us-1:8000', 'http://u:p@dc-us-2:8000', 'http://u:p@dc-us-1:8000']);
  });

  it('takes country auto from the top-level domain, .co.uk as gb', () => {
    expect(resolveUpstream({ kind: 'datacenter', country: 'auto' }, 'https://shop.example.de/x', pools())).to.include({ country: 'de' });
    expect(resolveUpstream({ kind: 'datacenter', country: 'auto' }, 'https://www.example.co.uk/', pools())).to.include({ country: 'gb', url: 'socks5://u:p@dc-gb:1080' });
    expect(resolveUpstream({ kind: 'residential', country: 'auto' }, 'https://example.fr/', pools())).to.include({ kind: 'residential', country: 'fr' });
  });

  it('falls back to the pool\'s default: the key default, else the first country', () => {
    expect(resolveUpstream({ kind: 'datacenter', country: 'auto' }, 'https://example.com/', pools())).to.include({ country: 'us' });
    expect(resolveUpstream({ kind: 'datacenter', country: 'auto' }, 'https://example.jp/', pools())).to.include({ country: 'us' });
    expect(resolveUpstream({ kind: 'datacenter', country: 'auto' }, undefined, pools())).to.include({ country: 'us' });
    expect(resolveUpstream({ kind: 'residential', country: 'auto' }, 'https://example.com/', pools())).to.include({ country: 'default', url: 'http://u:p@res-any:8000' });
  });

  it('refuses a code outside the datacenter list, but accepts it for residential if configured', () => {
    const error = invalid(() => resolveUpstream({ kind: 'datacenter', country: 'fi' }, undefined, pools()));
    expect(error.message).to.match(/fi is not a datacenter country/);
    expect(invalid(() => resolveUpstream({ kind: 'residential', country: 'fi' }, undefined, pools())).message).to.match(/No residential proxy is configured for country fi/);
  });

  it('refuses a code that is not ISO 3166-1 for residential', () => {
    expect(invalid(() => resolveUpstream({ kind: 'residential', country: 'zz' }, undefined, pools())).message).to.match(/zz is not a residential country/);
  });

  it('refuses a valid country with no configured upstream, saying so', () => {
    expect(invalid(() => resolveUpstream({ kind: 'datacenter', country: 'jp' }, undefined, pools())).message).to.equal('No datacenter proxy is configured for country jp');
  });

  it('goes direct for datacenter without a proxy file, and refuses residential', () => {
    expect(resolveUpstream({ kind: 'datacenter', country: 'auto' }, 'https://a.de/', null)).to.equal(null);
    expect(resolveUpstream({ kind: 'datacenter', country: 'jp' }, undefined, null)).to.equal(null);
    expect(invalid(() => resolveUpstream({ kind: 'residential', country: 'auto' }, undefined, null)).message).to.match(/No residential proxies/);
    invalid(() => resolveUpstream({ kind: 'datacenter', country: 'zz' }, undefined, null));
  });
});

describe('countryOfUrl()', () => {
  it('reads two-letter top-level domains and ignores generic ones', () => {
    expect(['https://a.de/', 'https://a.co.uk/', 'https://a.com.au/', 'https://a.com/', 'https://a.example/', 'https://1.2.3.4/', 'nope'].map(countryOfUrl)).to.deep.equal([
      'de', 'gb', 'au', undefined, undefined, undefined, undefined,
    ]);
  });
});

describe('parsePools()', () => {
  it('reads kind → country → URLs, country keys in any case', () => {
    const pools = parsePools({ datacenter: { US: ['http://a:b@h:1'], default: ['socks5://h:2'] } });
    expect(pools.next('datacenter', 'us')).to.equal('http://a:b@h:1');
    expect(pools.defaultCountry('datacenter')).to.equal('default');
    expect(pools.has('residential')).to.equal(false);
  });

  it('throws, saying where, on anything but the documented shape', () => {
    expect(() => parsePools([])).to.throw(/expected an object/);
    expect(() => parsePools({ mobile: { us: [] } })).to.throw(/unknown proxy kind mobile/);
    expect(() => parsePools({ residential: ['http://h:1'] })).to.throw(/residential must map countries/);
    expect(() => parsePools({ datacenter: { us: ['ftp://x'] } })).to.throw('datacenter.us must be a list of http, https or socks5 proxy URLs');
    expect(() => parsePools({ datacenter: { us: 'http://h:1' } })).to.throw(/datacenter.us must be a list/);
    expect(() => parsePools({ datacenter: { us: ['http://'] } })).to.throw(/datacenter.us must be a list/);
    expect(() => parsePools({ datacenter: { zz: ['http://h:1'] } })).to.throw(/datacenter.zz is not a datacenter country/);
  });
});
