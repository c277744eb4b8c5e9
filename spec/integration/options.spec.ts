import { expect } from 'chai';
import type { Engine } from '../../actors/engine.js';
import { sharedEngine } from '../support/browser.js';
import { startService, type Service } from '../support/service.js';
import { TestSite, html } from '../support/site.js';

const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('session options at create', function () {
  this.timeout(60_000);
  let engine: Engine;
  let site: TestSite;
  let service: Service;
  let auth: { Authorization: string };
  const seen: Array<Record<string, string | string[] | undefined>> = [];

  before(async () => {
    engine = await sharedEngine();
    site = await TestSite.start({
      '/': (req, res) => {
        seen.push(req.headers);
        res.writeHead(200, { 'Content-Type': 'text/html' }).end(html('Who', '<p>who am I</p>'));
      },
      '/media': {
        body: html(
          'Media',
          '<img src="/pixel.png" onload="document.title = \'img loaded\'" onerror="document.title = \'img blocked\'">' +
            '<link rel="stylesheet" href="/style.css"><p id="out">text</p>',
        ),
      },
      '/pixel.png': (_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(PIXEL),
      '/style.css': { type: 'text/css', body: '#out { color: rgb(255, 0, 0); }' },
    });
  });
  after(() => site.stop());
  beforeEach(() => {
    service = startService({ engine });
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  afterEach(() => service.stop());

  const create = (body: object) => service.http.post('/v1/sessions').set(auth).send(body);

  it('gives each session a realistic desktop user agent of the running major version, with matching client hints', async () => {
    const major = engine.browser().version().split('.')[0];
    const agents = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await create({
        url: site.url('/'),
        steps: [{ wait: { until: `navigator.userAgentData.brands.some((b) => b.brand === "Google Chrome")`, timeout: 1000 } }],
      });
      expect(res.body.error).to.equal(null);
      const headers = seen[seen.length - 1]!;
      const ua = String(headers['user-agent']);
      agents.add(ua);
      expect(ua).to.match(new RegExp(`Chrome/${major}\\.0\\.0\\.0 Safari/537\\.36$`));
      expect(ua).to.not.contain('Headless');
      expect(String(headers['sec-ch-ua'])).to.contain(`"Google Chrome";v="${major}"`);
      const platform = String(headers['sec-ch-ua-platform']).replaceAll('"', '');
      expect(ua).to.contain({ Windows: 'Windows NT', macOS: 'Macintosh', Linux: 'Linux' }[platform] ?? 'unknown platform');
    }
    expect(agents.size).to.be.greaterThan(1);
  });

  it('uses a custom user_agent as given', async () => {
    const res = await create({ url: site.url('/'), user_agent: 'TabwrightTest/1.0 (X11; Linux x86_64)' });
    expect(res.body.error).to.equal(null);
    expect(seen[seen.length - 1]!['user-agent']).to.equal('TabwrightTest/1.0 (X11; Linux x86_64)');
  });

  it('blocks images and fonts by default and loads them with block_resources []', async () => {
    const blocked = await create({ url: site.url('/media') });
    expect(blocked.body.page.title).to.equal('img blocked');
    const open = await create({ url: site.url('/media'), block_resources: [] });
    expect(open.body.page.title).to.equal('img loaded');
  });

  it('blocks stylesheets when asked', async () => {
    const styled = 'getComputedStyle(document.getElementById("out")).color === "rgb(255, 0, 0)"';
    const plain = await create({ url: site.url('/media'), block_resources: ['stylesheet'], steps: [{ wait: { until: `!(${styled})`, timeout: 500 } }] });
    expect(plain.body.error).to.equal(null);
    const withCss = await create({ url: site.url('/media'), steps: [{ wait: { until: styled, timeout: 2000 } }] });
    expect(withCss.body.error).to.equal(null);
  });
});
