// The cookie rules of POST /v1/sessions, checked through createBodyCodec so the paths are the ones
// a client sees. The examples were tried on Chromium 156 through Playwright's addCookies;
// spec/property/cookies.spec.ts checks the other direction: what the codec takes, Chromium takes.
import { expect } from 'chai';
import { cookieDomain, cookieName, cookiePath, cookieUrl, cookieValue } from '../../../../lib/contract/request/cookie.js';
import { createBodyCodec } from '../../../../lib/api/create.js';
import { decoded, problem } from '../codec/problem.js';

const ok = { name: 'sid', value: 'abc', domain: 'a.test' };
/** The cookie as the third of three, so every path reads cookies[2]. */
const third = (cookie: unknown) => ({ cookies: [ok, ok, cookie] });
const at = (cookie: unknown) => problem(createBodyCodec, third(cookie));
const taken = (cookie: unknown) => decoded(createBodyCodec, third(cookie)).cookies![2];

/**
 * [rule, field, expected, accepted, refused as Chromium refuses them, refused although Chromium
 * takes them (the RFC forbids them, or Chromium would store something else than was sent)].
 */
const fieldRules: Array<[string, 'name' | 'value' | 'domain' | 'path', string, unknown[], unknown[], unknown[]]> = [
  [
    'a name is RFC 6265 token characters, plus [ ] for PHP-style names',
    'name', cookieName.name,
    ['sid', '_ga', 'ASP.NET_SessionId', '$Version', 'wp-settings-1', 'cart[12]', "a!#$%&'*+-.^_`|~b"],
    [' a', 'a ', 'a;b', 'a=b', 'a\tb', 'a\rb', 'a\nb', 'a\0b', 'a\x01b', 'a\x7fb', 5],
    ['', 'a b', 'a,b', 'a"b', 'a:b', 'a/b', 'a(b)', 'é', 'a\ud800'],
  ],
  [
    'a value is cookie-octets, optionally quoted, and any non-ASCII character but C1 controls and lone surrogates',
    'value', cookieValue.name,
    ['', 'abc', 'a=b/c:d?e&f', 'eyJhbGciOiJIUzI1NiJ9.e30.sig', '"quoted"', '""', 'GA1.2.3%2C4', 'é€😀'],
    [' a', 'a ', 'a;b', 'a\tb', 'a\rb', 'a\nb', 'a\0b', 'a\x0bb', 'a\x7fb', null],
    ['a b', 'a,b', 'a"b', '"a', 'a\\b', 'a\x85b', 'b\udc00'],
  ],
  [
    'a domain is a host name (letters, digits, - and _), optionally with a leading dot, or an IP address',
    'domain', cookieDomain.name,
    ['a.test', '.a.test', 'Example.COM', 'localhost', 'a_b.example.com', 'xn--bcher-kva.de', 'example.com.', '127.0.0.1', '[::1]', '[::ffff:1.2.3.4]'],
    ['', '.', '..a.test', '.a b/../x', 'a.test..', '::1', '[zz]', '[fe80::1%25eth0]', '256.1.1.1', '1.2.3.4.5', 'a.1', 'ex\u200dample.test', 'ex\ud800.test', '.[::ffff:1.2.3.4]', '.[0:0:0:0:0:0:0:1]'],
    // Chromium stores these as a%20b.test, a.test, 1.2.0.3, 1.2.3.4...: not the host that was named.
    ['a..test', 'a b.test', 'a/b.test', 'a.test:80', '*.a.test', 'a!b.test', '%41.test', 'a\tb.test', '1.2.3', '01.2.3.4', '.127.0.0.1', '.[::1]', 'a'.repeat(250) + '.test'],
  ],
  [
    'a path starts with / and has no spaces, controls or ;, within 1024 characters once percent-encoded',
    'path', cookiePath.name,
    ['/', '/app', '/a/b/', "/-._~!$&'()*+,=:@%[]", '/é', '/' + 'x'.repeat(1023), '/' + 'x'.repeat(1017) + 'é'],
    ['', 'app', '/a;b', '/a ', '/a\rb', '/a\0b', '/' + 'x'.repeat(1024), '/' + 'x'.repeat(1018) + 'é', '/' + 'x'.repeat(1021) + '?'],
    ['/a b', '/a\tb', '/\ud800'],
  ],
];

describe('POST /v1/sessions cookies (cookieCodec)', () => {
  const list = (values: unknown[]) => values.map((v) => JSON.stringify(v).slice(0, 16)).join(', ');
  for (const [rule, field, expected, good, refusedByChromium, refusedAnyway] of fieldRules) {
    describe(rule, () => {
      it(`takes ${list(good)}`, () => {
        for (const value of good) expect(() => taken({ ...ok, [field]: value }), JSON.stringify(value)).to.not.throw();
      });
      it(`refuses what Chromium refuses at cookies[2].${field}: ${list(refusedByChromium)}`, () => {
        for (const value of refusedByChromium) expect(at({ ...ok, [field]: value }), JSON.stringify(value)).to.deep.equal({ path: `cookies[2].${field}`, expected });
      });
      it(`refuses what Chromium takes but the RFC or the cookie's meaning do not: ${list(refusedAnyway)}`, () => {
        for (const value of refusedAnyway) expect(at({ ...ok, [field]: value }), JSON.stringify(value)).to.deep.equal({ path: `cookies[2].${field}`, expected });
      });
    });
  }

  it('decodes an internationalised domain to the xn-- form Chromium stores, keeping the leading dot', () => {
    expect(taken({ ...ok, domain: '.Bücher.de' })).to.include({ domain: '.xn--bcher-kva.de' });
    expect(taken({ ...ok, domain: 'straße.de' })).to.include({ domain: 'xn--strae-oqa.de' });
  });

  it('gives a domain cookie the path / when none is given, and keeps a url cookie as it is', () => {
    expect(taken(ok)).to.deep.equal({ ...ok, path: '/' });
    expect(taken({ name: 'sid', value: 'abc', url: 'https://a.test/x' })).to.deep.equal({ name: 'sid', value: 'abc', url: 'https://a.test/x' });
  });

  it('takes an http(s) url whose host a cookie can name and whose path Chromium takes', () => {
    for (const url of ['https://a.test/x', 'http://127.0.0.1:8080/', 'http://[::1]/', 'https://bücher.de/', 'https://a.test/a;b', 'https://a.test/?q=;']) {
      expect(() => taken({ name: 'sid', value: 'abc', url }), url).to.not.throw();
    }
    // Chromium itself takes http://a..b.test/ and the lone surrogate (as U+FFFD).
    for (const url of ['ftp://a.test/', 'http://a b/', 'http://a.test../', 'http://a..b.test/', 'https://a.test/a;b/c', `https://a.test/${'x'.repeat(1030)}/`, 'https://a.test/\ud800', 'a.test']) {
      expect(at({ name: 'sid', value: 'abc', url }), url).to.deep.equal({ path: 'cookies[2].url', expected: cookieUrl.name });
    }
  });

  it('refuses a name and value of more than 4096 bytes together, counting UTF-8', () => {
    expect(() => taken({ ...ok, name: 'a', value: 'x'.repeat(4095) })).to.not.throw();
    expect(() => taken({ ...ok, name: 'a', value: 'é'.repeat(2047) + 'x' })).to.not.throw();
    const tooBig = { path: 'cookies[2].value', expected: 'a name and value of at most 4096 bytes together' };
    expect(at({ ...ok, name: 'a', value: 'x'.repeat(4096) })).to.deep.equal(tooBig);
    expect(at({ ...ok, name: 'a', value: 'é'.repeat(2048) })).to.deep.equal(tooBig);
  });

  /** [cookie, path, expected]: the cross-field rules. */
  const crossField: Array<[Record<string, unknown>, string, string]> = [
    [{ name: 's', value: 'v' }, 'cookies[2]', 'domain or url'],
    [{ ...ok, url: 'https://a.test' }, 'cookies[2]', 'domain or url, not both'],
    [{ name: 's', value: 'v', url: 'https://a.test', path: '/' }, 'cookies[2].path', 'no path beside url (the url gives the path)'],
    // Playwright would silently make these secure: false and secure: true.
    [{ name: 's', value: 'v', url: 'http://a.test/', secure: true }, 'cookies[2].secure', "secure to agree with the url's scheme (true for https, false for http)"],
    [{ name: 's', value: 'v', url: 'https://a.test/', secure: false }, 'cookies[2].secure', "secure to agree with the url's scheme (true for https, false for http)"],
    // Chromium takes these without complaint and stores nothing.
    [{ ...ok, sameSite: 'None' }, 'cookies[2].secure', 'secure: true beside sameSite None (Chromium drops an insecure one)'],
    [{ name: 's', value: 'v', url: 'http://a.test/', sameSite: 'None' }, 'cookies[2].url', 'an https url beside sameSite None (Chromium drops an insecure one)'],
    [{ ...ok, name: '__Secure-s' }, 'cookies[2].secure', 'secure: true for a name starting with __Secure-'],
    [{ ...ok, name: '__secure-s' }, 'cookies[2].secure', 'secure: true for a name starting with __secure-'],
    [{ name: '__Secure-s', value: 'v', url: 'http://a.test/' }, 'cookies[2].url', 'an https url for a name starting with __Secure-'],
    [{ ...ok, name: '__Host-s' }, 'cookies[2].secure', 'secure: true for a name starting with __Host-'],
    [{ ...ok, name: '__HOST-s', secure: true, domain: '.a.test' }, 'cookies[2].domain', 'a domain without a leading dot for a name starting with __HOST-'],
    [{ ...ok, name: '__Host-s', secure: true, path: '/x' }, 'cookies[2].path', 'the path / for a name starting with __Host-'],
    [{ name: '__Host-s', value: 'v', url: 'https://a.test/x/' }, 'cookies[2].url', 'the path / for a name starting with __Host-'],
    [{ ...ok, name: '__Http-s', secure: true }, 'cookies[2].httpOnly', 'httpOnly: true for a name starting with __Http-'],
    [{ ...ok, name: '__Host-Http-s', secure: true }, 'cookies[2].httpOnly', 'httpOnly: true for a name starting with __Host-Http-'],
  ];
  for (const [cookie, path, expected] of crossField) {
    it(`refuses ${JSON.stringify(cookie)} at ${path}`, () => {
      expect(at(cookie)).to.deep.equal({ path, expected });
    });
  }

  it('takes the prefixed and SameSite=None cookies Chromium takes', () => {
    for (const cookie of [
      { ...ok, name: '__Secure-s', secure: true, domain: '.a.test', path: '/x' },
      { name: '__Secure-s', value: 'v', url: 'https://a.test/x/' },
      { ...ok, name: '__Host-s', secure: true },
      { name: '__Host-s', value: 'v', url: 'https://a.test/file' },
      { ...ok, name: '__Host-Http-s', secure: true, httpOnly: true },
      { ...ok, name: '__Secure', value: 'noDashNoRule' },
      { ...ok, sameSite: 'None', secure: true },
      { name: 's', value: 'v', url: 'https://a.test/', sameSite: 'None', secure: true },
    ]) {
      expect(() => taken(cookie), JSON.stringify(cookie)).to.not.throw();
    }
  });

  /** [cookie, path, expected]: the shape of the object and its other fields. */
  const shape: Array<[unknown, string, string]> = [
    [{ value: 'v', domain: 'a.test' }, 'cookies[2].name', cookieName.name],
    [{ name: 'n', domain: 'a.test' }, 'cookies[2].value', cookieValue.name],
    [{ ...ok, sameSite: 'lax' }, 'cookies[2].sameSite', 'one of: Strict, Lax, None'],
    [{ ...ok, secure: 'true' }, 'cookies[2].secure', 'boolean'],
    [{ ...ok, httpOnly: 1 }, 'cookies[2].httpOnly', 'boolean'],
    [{ ...ok, expires: -2 }, 'cookies[2].expires', 'Unix time in seconds, or -1 for a session cookie'],
    [{ ...ok, expires: 1e300 }, 'cookies[2].expires', 'Unix time in seconds, or -1 for a session cookie'],
    [{ ...ok, expires: '2030' }, 'cookies[2].expires', 'Unix time in seconds, or -1 for a session cookie'],
    [{ ...ok, priority: 'High' }, 'cookies[2].priority', 'no such field'],
    ['sid=abc', 'cookies[2]', 'a cookie object'],
  ];
  for (const [cookie, path, expected] of shape) {
    it(`${JSON.stringify(cookie)} fails at ${path}`, () => {
      expect(at(cookie)).to.deep.equal({ path, expected });
    });
  }
});
