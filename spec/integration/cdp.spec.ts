import { expect } from 'chai';
import { chromium, type Browser } from 'playwright';
import puppeteer from 'puppeteer-core';
import { ManualClock } from '../../lib/platform/clock.js';
import { browserSuite } from '../support/browser.js';
import { RawCdp, refusedConnect } from '../support/cdp.js';
import { html } from '../support/site.js';

const FORM = html(
  'Form',
  '<h1>Greet</h1><label>Name <input id="name"></label><button id="go" onclick="document.getElementById(\'out\').textContent = \'Hello \' + document.getElementById(\'name\').value">Go</button><p id="out"></p>' +
    '<script>fetch("/data").then((r) => r.text()).then((t) => { document.body.dataset.data = t; })</script>',
);

describe('GET /v1/sessions/{id}/cdp: real Playwright and Puppeteer clients', function () {
  this.timeout(60_000);
  let manualClock = false;
  const t = browserSuite({
    '/form': { body: FORM },
    '/data': { body: 'from the server', type: 'text/plain' },
    '/next': { body: html('Next', '<h1>Next page</h1>') },
  }, 'pro', () => ({ clock: manualClock ? new ManualClock() : undefined }));
  const open: Array<{ close(): Promise<void> | void }> = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((client) => Promise.resolve(client.close()).catch(() => undefined)));
  });
  const session = async (body: object = { url: t.site.url('/next') }): Promise<{ id: string; cdp: string }> => {
    const res = await t.create(body);
    expect(res.status).to.equal(201);
    return { id: res.body.session_id as string, cdp: res.body.cdp_url as string };
  };
  const playwright = async (url: string): Promise<Browser> => {
    const browser = await chromium.connectOverCDP(url);
    open.push(browser);
    return browser;
  };

  it('lets Playwright drive the session: its page first, goto, fill, click, read, intercept, evaluate; the next act sees it', async () => {
    const { id, cdp } = await session();
    expect(cdp).to.match(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/v1/sessions/${id}/cdp\\?token=[\\w-]{32}$`));
    // Connecting needs the server listening; the URL's host is the request's.
    const base = await t.service.listen();
    const url = cdp.replace(/^ws:\/\/[^/]+/, base.replace('http', 'ws'));
    const browser = await playwright(url);
    expect(browser.contexts()).to.have.length(1);
    const [page] = browser.contexts()[0]!.pages();
    expect(page?.url()).to.equal(t.site.url('/next'));
    await page!.route('**/data', (route) => route.fulfill({ body: 'intercepted', contentType: 'text/plain' }));
    await page!.goto(t.site.url('/form'));
    await page!.fill('#name', 'Ada');
    await page!.click('#go');
    expect(await page!.textContent('#out')).to.equal('Hello Ada');
    await page!.waitForFunction(() => document.body.dataset.data !== undefined);
    expect(await page!.evaluate(() => document.body.dataset.data)).to.equal('intercepted');
    await browser.close();

    const after = await t.act(id, [{ observe: {} }]);
    expect(after.body.page.url).to.equal(t.site.url('/form'));
    const field = (after.body.page.interactive_elements as Array<{ label: string; value?: string }>).find((element) => element.label === 'Name');
    expect(field?.value).to.equal('Ada');
    expect(after.body.page.markdown.content).to.include('Hello Ada');
    const events = (await t.service.http.get(`/v1/sessions/${id}/events`).set(t.auth)).body.events as Array<{ type: string; code?: number }>;
    expect(events.map((event) => event.type)).to.include.members(['cdp.connected', 'cdp.disconnected']);
  });

  it('lets Puppeteer drive the session and open a page of its own in the session\'s context', async () => {
    const { id } = await session();
    const base = await t.service.listen();
    const info = (await t.service.http.get(`/v1/sessions/${id}`).set(t.auth)).body as { cdp_url: string };
    const url = info.cdp_url.replace(/^ws:\/\/[^/]+/, base.replace('http', 'ws'));
    const browser = await puppeteer.connect({ browserWSEndpoint: url, defaultViewport: null });
    open.push({ close: () => browser.disconnect() });
    const pages = await browser.pages();
    expect(pages.map((page) => page.url())).to.deep.equal([t.site.url('/next')]);
    const page = pages[0]!;
    await page.setRequestInterception(true);
    page.on('request', (request) => (request.url().endsWith('/data') ? void request.respond({ body: 'via puppeteer', contentType: 'text/plain' }) : void request.continue()));
    await page.goto(t.site.url('/form'));
    await page.type('#name', 'Grace');
    await page.click('#go');
    expect(await page.$eval('#out', (element) => element.textContent)).to.equal('Hello Grace');
    await page.waitForFunction(() => document.body.dataset.data !== undefined);
    expect(await page.evaluate(() => document.body.dataset.data)).to.equal('via puppeteer');
    const second = await browser.newPage();
    await second.goto(t.site.url('/next'));
    expect((await browser.pages()).length).to.equal(2);
    await second.close();
    await browser.disconnect();
    const after = await t.act(id, [{ observe: {} }]);
    expect(after.body.page.url).to.equal(t.site.url('/form'));
  });

  it('authenticates with the token or the session\'s key, and refuses anything else before switching protocols', async () => {
    const { id, cdp } = await session();
    const base = (await t.service.listen()).replace('http', 'ws');
    const path = `${base}/v1/sessions/${id}/cdp`;
    expect((await refusedConnect(path)).status).to.equal(401);
    expect((await refusedConnect(`${path}?token=not-the-token`)).body.error.code).to.equal('session_not_found');
    const other = `Bearer ${t.service.key('pro')}`;
    expect((await refusedConnect(path, { Authorization: other })).status).to.equal(404);
    const withKey = await RawCdp.connect(path, t.auth);
    open.push(withKey);
    expect((await withKey.call('Browser.getVersion')).product).to.match(/Chrome/);
    const plain = await t.service.http.get(`/v1/sessions/${id}/cdp`).set(t.auth);
    expect(plain.status).to.equal(400);
    expect(plain.body.error.context.path).to.equal('headers.upgrade');
    const version = await t.service.http.get(`/v1/sessions/${id}/cdp/json/version`).set(t.auth);
    // supertest serves each request on a port of its own: the address differs, the path and token do not.
    expect(version.body.webSocketDebuggerUrl.replace(/^ws:\/\/[^/]+/, '')).to.equal(cdp.replace(/^ws:\/\/[^/]+/, ''));
    await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth).expect(204);
    expect((await refusedConnect(`${path}?token=${new URL(cdp).searchParams.get('token')}`)).status).to.equal(404);
  });

  it('holds 4 connections at once and refuses a fifth; a malformed message closes only its own connection; DELETE closes the rest with 4000', async () => {
    const { id, cdp } = await session();
    const url = cdp.replace(/^ws:\/\/[^/]+/, (await t.service.listen()).replace('http', 'ws'));
    const clients = await Promise.all([1, 2, 3, 4].map(() => RawCdp.connect(url)));
    open.push(...clients);
    const refused = await refusedConnect(url);
    expect(refused.status).to.equal(409);
    expect(refused.body.error.code).to.equal('too_many_connections');
    clients[0]!.socket.send('{not json');
    expect((await clients[0]!.closed).code).to.equal(1007);
    expect((await clients[1]!.call('Browser.getVersion')).product).to.match(/Chrome/);
    await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth).expect(204);
    const closes = await Promise.all(clients.slice(1).map((client) => client.closed));
    expect(closes.map((close) => close.code)).to.deep.equal([4000, 4000, 4000]);
    expect(closes[0]!.reason).to.equal('session closed');
    const events = (await t.service.http.get(`/v1/sessions/${id}/events`).set(t.auth)).body.events as Array<{ type: string; code?: number }>;
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === 'cdp.connected')).to.have.length(4);
    expect(events.filter((event) => event.type === 'cdp.disconnected').map((event) => event.code).sort()).to.deep.equal([1007, 4000, 4000, 4000]);
    expect(types.at(-1)).to.equal('ended');
  });

  it('closes a connection whose message is over 64 MiB (1009), and only that one', async () => {
    const { cdp } = await session();
    const url = cdp.replace(/^ws:\/\/[^/]+/, (await t.service.listen()).replace('http', 'ws'));
    const [big, other] = await Promise.all([RawCdp.connect(url), RawCdp.connect(url)]);
    open.push(big, other);
    big.socket.send(JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: 'x'.repeat(65 * 1024 * 1024) } }));
    expect((await big.closed).code).to.equal(1009);
    expect((await other.call('Browser.getVersion')).product).to.match(/Chrome/);
  });

  it('shares the page with a person: a takeover types while a client is connected, and the client reads it', async () => {
    const { id, cdp } = await session({ url: t.site.url('/form') });
    const browser = await playwright(cdp.replace(/^ws:\/\/[^/]+/, (await t.service.listen()).replace('http', 'ws')));
    const page = browser.contexts()[0]!.pages()[0]!;
    await page.focus('#name');
    const post = (route: string, body?: object) => t.service.http.post(`/v1/sessions/${id}/${route}`).set(t.auth).send(body);
    expect((await post('takeover')).status).to.equal(200);
    expect((await post('input', { events: [{ type: 'text', text: 'Lin' }] })).body).to.deep.equal({ applied: 1 });
    expect((await post('handback')).status).to.equal(200);
    expect(await page.inputValue('#name')).to.equal('Lin');
  });

  describe('on a clock the test moves', () => {
    // A session expires on its service's clock (lib/platform/clock.ts): moved by hand, the
    // shortest timeout (10 s) passes at once instead of being waited for.
    before(() => (manualClock = true));
    after(() => (manualClock = false));

    it('closes with 4001 when the session expires; Playwright finds the endpoint over http:// with the key', async () => {
      const res = await t.create({ url: t.site.url('/next'), timeout: 10 });
      const id = res.body.session_id as string;
      const base = await t.service.listen();
      const browser = await chromium.connectOverCDP(`${base}/v1/sessions/${id}/cdp`, { headers: t.auth });
      open.push(browser);
      expect(browser.contexts()[0]!.pages()[0]!.url()).to.equal(t.site.url('/next'));
      const raw = await RawCdp.connect(`${base.replace('http', 'ws')}/v1/sessions/${id}/cdp`, t.auth);
      (t.service.clock as ManualClock).advance(10_000);
      const closed = await raw.closed;
      expect(closed).to.deep.equal({ code: 4001, reason: 'session expired' });
    });
  });
});


describe('GET /v1/sessions/{id}/cdp when the engine is lost', function () {
  this.timeout(60_000);
  // It kills Chromium: a browser of its own, not the one the run's other suites share.
  const t = browserSuite({ '/': { body: html('Page', '<h1>Page</h1>') } }, 'pro', undefined, 'own');

  it('cuts every connection when Chromium dies, saying why, and the relaunched engine serves new sessions', async () => {
    const res = await t.create({ url: t.site.url('/') });
    const url = (res.body.cdp_url as string).replace(/^ws:\/\/[^/]+/, (await t.service.listen()).replace('http', 'ws'));
    const client = await RawCdp.connect(url);
    await client.call('Browser.getVersion');
    process.kill(t.engine.pid!, 'SIGKILL');
    const closed = await client.closed;
    // The bridge's browser connection goes first (1011), or the session's end does (4002): either says why.
    expect([1011, 4002]).to.include(closed.code);
    expect(closed.reason).to.match(/browser connection ended|engine_failure/);
    // The relaunch takes a moment; until then a create is 503 engine_unavailable.
    let again = await t.create({ url: t.site.url('/') });
    for (let i = 0; i < 100 && again.status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await t.create({ url: t.site.url('/') });
    }
    expect(again.status, JSON.stringify(again.body)).to.equal(201);
    const next = await RawCdp.connect((again.body.cdp_url as string).replace(/^ws:\/\/[^/]+/, (await t.service.listen()).replace('http', 'ws')));
    expect((await next.call('Browser.getVersion')).product).to.match(/Chrome/);
    next.close();
  });
});
