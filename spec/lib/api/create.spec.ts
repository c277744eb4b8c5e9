import { expect } from 'chai';
import { createBodyCodec } from '../../../lib/api/create.js';
import { decoded, problem } from '../contract/codec/problem.js';

const at = (body: unknown) => problem(createBodyCodec, body);

describe('POST /v1/sessions body (createBodyCodec)', () => {
  it('applies every default to an empty body', () => {
    expect(decoded(createBodyCodec, {})).to.deep.equal({
      timeout: 300,
      viewport: { width: 1280, height: 720 },
      proxy: { kind: 'datacenter', country: 'auto' },
      block_resources: ['image', 'font'],
      auto_dismiss_blockers: true,
      trace: false,
      page: 'full',
    });
  });

  it('refuses a body that is not a JSON object at path body', () => {
    for (const bad of [null, [], 'x', 3]) expect(at(bad)).to.deep.equal({ path: 'body', expected: 'a JSON object' });
  });

  it('refuses an unknown field', () => {
    expect(at({ tiemout: 30 })).to.deep.equal({ path: 'tiemout', expected: 'no such field' });
  });

  it('bounds timeout to 10..1800', () => {
    expect(decoded(createBodyCodec, { timeout: 10 }).timeout).to.equal(10);
    expect(decoded(createBodyCodec, { timeout: 1800 }).timeout).to.equal(1800);
    for (const bad of [9, 1801, 30.5, '300']) expect(at({ timeout: bad })).to.deep.equal({ path: 'timeout', expected: 'integer from 10 to 1800' });
  });

  it('bounds the viewport and defaults each side on its own', () => {
    expect(decoded(createBodyCodec, { viewport: { width: 200, height: 4320 } }).viewport).to.deep.equal({ width: 200, height: 4320 });
    expect(decoded(createBodyCodec, { viewport: { width: 7680 } }).viewport).to.deep.equal({ width: 7680, height: 720 });
    expect(at({ viewport: { width: 199 } })).to.deep.equal({ path: 'viewport.width', expected: 'integer from 200 to 7680' });
    expect(at({ viewport: { width: 7681 } })).to.deep.equal({ path: 'viewport.width', expected: 'integer from 200 to 7680' });
    expect(at({ viewport: { height: 199 } })).to.deep.equal({ path: 'viewport.height', expected: 'integer from 200 to 4320' });
    expect(at({ viewport: { height: 4321 } })).to.deep.equal({ path: 'viewport.height', expected: 'integer from 200 to 4320' });
    expect(at({ viewport: { w: 1 } })).to.deep.equal({ path: 'viewport.w', expected: 'no such field' });
    expect(at({ viewport: '1280x720' })).to.deep.equal({ path: 'viewport', expected: 'an object {width, height}' });
  });

  it('takes a user agent of 1 to 1024 characters without control characters', () => {
    expect(decoded(createBodyCodec, { user_agent: 'x'.repeat(1024) }).user_agent).to.have.length(1024);
    expect(decoded(createBodyCodec, { user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Navigateur/1.0 é' }).user_agent).to.have.length(48);
    // Chromium refuses NUL, CR and LF in a user agent (measured); the other controls are refused alike.
    for (const bad of ['', 'x'.repeat(1025), 'a\nb', 'a\rb', 'a\0b', 'a\tb', 'a\ud800', 7]) {
      expect(at({ user_agent: bad }), JSON.stringify(bad)).to.deep.equal({ path: 'user_agent', expected: 'a user agent of 1 to 1024 characters, without control characters' });
    }
  });

  it('takes a BCP 47 locale in canonical form', () => {
    expect(decoded(createBodyCodec, { locale: 'en-US' }).locale).to.equal('en-US');
    expect(decoded(createBodyCodec, { locale: 'de-at' }).locale).to.equal('de-AT');
    for (const bad of ['en_US', '', 'x', 12]) expect(at({ locale: bad })).to.deep.equal({ path: 'locale', expected: 'a BCP 47 language tag such as en-US' });
  });

  it('takes an IANA time zone, fixing only its case', () => {
    expect(decoded(createBodyCodec, { timezone: 'Europe/Paris' }).timezone).to.equal('Europe/Paris');
    expect(decoded(createBodyCodec, { timezone: 'america/new_york' }).timezone).to.equal('America/New_York');
    expect(decoded(createBodyCodec, { timezone: 'UTC' }).timezone).to.equal('UTC');
    for (const bad of ['Mars/Olympus', '+01:00', '', 'Europe/../Paris']) {
      expect(at({ timezone: bad })).to.deep.equal({ path: 'timezone', expected: 'an IANA time zone name such as Europe/Paris' });
    }
  });

  describe('proxy', () => {
    it('defaults kind and country inside the object', () => {
      expect(decoded(createBodyCodec, { proxy: {} }).proxy).to.deep.equal({ kind: 'datacenter', country: 'auto' });
      expect(decoded(createBodyCodec, { proxy: { kind: 'residential', country: 'de' } }).proxy).to.deep.equal({ kind: 'residential', country: 'de' });
      expect(decoded(createBodyCodec, { proxy: { country: 'eu' } }).proxy).to.deep.equal({ kind: 'datacenter', country: 'eu' });
    });

    it('refuses a bad kind or country at that field', () => {
      expect(at({ proxy: { kind: 'mobile' } })).to.deep.equal({ path: 'proxy.kind', expected: 'one of: datacenter, residential' });
      for (const bad of ['DE', 'deu', 'd', 'AUTO', 1]) {
        expect(at({ proxy: { country: bad } })).to.deep.equal({ path: 'proxy.country', expected: 'auto or a two-letter lower-case country code' });
      }
      expect(at({ proxy: { kind: 'datacenter', zone: 'x' } })).to.deep.equal({ path: 'proxy.zone', expected: 'no such field' });
    });

    it('takes a proxy URL with scheme http, https or socks5', () => {
      for (const url of ['http://p.test:8080', 'https://u:p@p.test', 'socks5://p.test:1080']) {
        expect(decoded(createBodyCodec, { proxy: url }).proxy).to.equal(url);
      }
      for (const bad of ['socks4://p.test', 'p.test:8080', '']) {
        expect(at({ proxy: bad })).to.deep.equal({ path: 'proxy', expected: 'a proxy URL with scheme http, https or socks5' });
      }
      expect(at({ proxy: 5 })).to.deep.equal({ path: 'proxy', expected: 'a proxy object {kind, country} or a proxy URL' });
    });
  });

  it('takes block_resources from the allowed kinds, media included, and [] as given', () => {
    expect(decoded(createBodyCodec, { block_resources: [] }).block_resources).to.deep.equal([]);
    expect(decoded(createBodyCodec, { block_resources: ['script', 'media'] }).block_resources).to.deep.equal(['script', 'media']);
    expect(at({ block_resources: ['image', 'video'] })).to.deep.equal({
      path: 'block_resources[1]',
      expected: 'one of: image, font, stylesheet, script, media',
    });
    expect(at({ block_resources: 'image' }).path).to.equal('block_resources');
  });

  it('takes trace as a boolean, off by default', () => {
    expect(decoded(createBodyCodec, { trace: true }).trace).to.equal(true);
    for (const bad of ['yes', 1, null]) expect(at({ trace: bad })).to.deep.equal({ path: 'trace', expected: 'boolean' });
  });

  it('checks auto_dismiss_blockers, page and url', () => {
    expect(decoded(createBodyCodec, { auto_dismiss_blockers: false, page: 'light' })).to.include({ auto_dismiss_blockers: false, page: 'light' });
    expect(at({ auto_dismiss_blockers: 'no' })).to.deep.equal({ path: 'auto_dismiss_blockers', expected: 'boolean' });
    expect(at({ page: 'lite' })).to.deep.equal({ path: 'page', expected: 'one of: full, light' });
    expect(at({ url: '' })).to.deep.equal({ path: 'url', expected: 'non-empty string' });
  });

  it('checks each cookie (spec/lib/contract/request/cookie.spec.ts has the rules)', () => {
    expect(decoded(createBodyCodec, { cookies: [] }).cookies).to.deep.equal([]);
    expect(at({ cookies: [{ name: 'a;b', value: 'v', domain: 'a.test' }] }).path).to.equal('cookies[0].name');
    expect(at({ cookies: { name: 'sid' } })).to.deep.equal({ path: 'cookies', expected: 'an array of cookie objects' });
  });

  describe('steps', () => {
    it('accepts none, an empty list and up to 100', () => {
      expect(decoded(createBodyCodec, {}).steps).to.equal(undefined);
      expect(decoded(createBodyCodec, { steps: [] }).steps).to.deep.equal([]);
      expect(decoded(createBodyCodec, { steps: Array(100).fill({ observe: {} }) }).steps).to.have.length(100);
    });

    it('refuses 101 steps', () => {
      expect(at({ steps: Array(101).fill({ observe: {} }) })).to.deep.equal({ path: 'steps', expected: 'an array of at most 100 steps' });
    });

    it('refuses close anywhere but last', () => {
      expect(at({ steps: [{ close: {} }, { observe: {} }] })).to.deep.equal({ path: 'steps[0]', expected: 'close as the last step' });
      expect(decoded(createBodyCodec, { url: 'https://a.test', steps: [{ observe: {} }, { close: {} }] }).steps).to.deep.equal([
        { name: 'observe', params: { format: 'markdown', mode: 'main', include_page_map: false, include_links: false, controls: 'in_place', max_text_length: 12_000 } },
        { name: 'close', params: {} },
      ]);
    });

    it('continues paths into the steps', () => {
      expect(at({ steps: [{ goto: { url: 'https://a.test' } }, { wait: { ms: -1 } }] })).to.deep.equal({
        path: 'steps[1].wait.ms',
        expected: 'integer from 0 to 600000',
      });
    });
  });
});
