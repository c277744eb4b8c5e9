import { expect } from 'chai';
import { ManualClock } from '../../lib/platform/clock.js';
import { browserSuite, untilState } from '../support/browser.js';
import { TestSite, html } from '../support/site.js';

describe('sessions against real Chromium', function () {
  this.timeout(60_000);
  let manualClock = false;
  const t = browserSuite({
    '/': { body: html('Home', '<h1>Welcome</h1><p>Hello from the test t.site.</p><a href="/next">Next</a>') },
    '/next': { body: html('Next page', '<h1>Next</h1><p>Second page.</p>') },
    '/forbidden': { status: 403, body: html('Forbidden', '<h1>Go away</h1>') },
    '/legal': { status: 451, body: html('Unavailable', '<h1>Blocked</h1>') },
    '/late': {
      body: html('Late', '<div id="box"></div><script>setTimeout(() => { document.getElementById("box").innerHTML = "<p id=late>Arrived</p>"; document.title = "Ready"; }, 400)</script>'),
    },
    // Never settles: an entry added every 100 ms (a ticking clock alone is an animation, which settles).
    '/clock': { body: html('Clock', '<ol id="t"></ol><script>setInterval(() => { document.getElementById("t").insertAdjacentHTML("beforeend", "<li>" + Date.now() + "</li>"); }, 100)</script>') },
    '/slow': { body: html('Slow', '<p>slow</p>'), delayMs: 3_000 },
  }, 'pro', () => ({ clock: manualClock ? new ManualClock() : undefined }));
  const { create, act } = t;

  it('opens a url and observes it: url, title, a true stable flag, text and scroll', async () => {
    const res = await create({ url: t.site.url('/') });
    expect(res.status).to.equal(201);
    expect(res.body.error).to.equal(null);
    expect(res.body.page.url).to.equal(t.site.url('/'));
    expect(res.body.page.title).to.equal('Home');
    expect(res.body.page.stable).to.equal(true);
    expect(res.body.page.markdown.content).to.contain('Hello from the test t.site.');
    expect(res.body.page.changes).to.equal(null);
    expect(res.body.page.scroll).to.deep.equal({ y: 0, height: 720, viewport: 720, percent: 100 });
  });

  it('navigates with goto in an act and reports changes against the previous observation', async () => {
    const id = (await create({ url: t.site.url('/') })).body.session_id as string;
    const res = await act(id, [{ goto: { url: t.site.url('/next') } }]);
    expect(res.status).to.equal(200);
    expect(res.body.completed).to.equal(1);
    expect(res.body.page.title).to.equal('Next page');
    expect(res.body.page.changes.content_changed).to.equal(true);
    expect(res.body.page.changes.content_delta).to.contain('+ Second page.');
  });

  it('keeps the page as the last act answered it, readable without acting (GET /observation)', async () => {
    const bare = (await create({})).body.session_id as string;
    const none = await t.service.http.get(`/v1/sessions/${bare}/observation`).set(t.auth);
    expect(none.status).to.equal(200);
    expect(none.body).to.deep.equal({ act_id: null, observed_at: null, page: null });
    const created = await create({ url: t.site.url('/') });
    const id = created.body.session_id as string;
    const first = await t.service.http.get(`/v1/sessions/${id}/observation`).set(t.auth);
    expect(first.body.page).to.deep.equal(created.body.page);
    const moved = await act(id, [{ goto: { url: t.site.url('/next') } }]);
    const second = await t.service.http.get(`/v1/sessions/${id}/observation`).set(t.auth);
    expect(second.body.page).to.deep.equal(moved.body.page);
    expect(second.body.act_id).to.be.a('string').and.not.equal(first.body.act_id);
    expect(Date.parse(second.body.observed_at)).to.be.at.least(Date.parse(first.body.observed_at));
    await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth);
    expect((await t.service.http.get(`/v1/sessions/${id}/observation`).set(t.auth)).body.error.code).to.equal('session_not_found');
  });

  it('gives navigation_failed with url and reason for an unreachable address', async () => {
    const closed = await TestSite.start();
    const url = closed.url('/');
    await closed.stop();
    const id = (await create({})).body.session_id as string;
    const res = await act(id, [{ goto: { url } }, { wait: { ms: 1 } }]);
    expect(res.status).to.equal(200);
    expect(res.body.completed).to.equal(0);
    expect(res.body.error).to.include({ step: 0, action: 'goto', code: 'navigation_failed' });
    expect(res.body.error.context).to.deep.equal({ url, reason: 'connection_refused' });
    expect(res.body.page).to.not.equal(null);
  });

  for (const [what, target, reason] of [
    ['an HTTPS port nobody listens on', async () => { const closed = await TestSite.start(); const url = closed.url('/').replace('http:', 'https:'); await closed.stop(); return url; }, 'connection_refused'],
    ['an HTTPS name that does not resolve', () => Promise.resolve('https://no-such-host.test/'), 'dns'],
    ['an HTTP name that does not resolve', () => Promise.resolve('http://no-such-host.test/'), 'dns'],
  ] as const) {
    it(`names the cause when ${what} cannot be reached, not just the proxy between`, async () => {
      const url = await target();
      const id = (await create({})).body.session_id as string;
      const res = await act(id, [{ goto: { url } }]);
      expect(res.body.error).to.include({ step: 0, code: 'navigation_failed' });
      expect(res.body.error.context).to.deep.equal({ url, reason });
      // The message says it in words, whichever way (tunnel or plain-HTTP answer) the proxy reported it.
      expect(res.body.error.message).to.match(reason === 'dns' ? /the host name does not resolve$/ : /the server refused the connection$/);
    });
  }

  it('refuses a destination the address guard does not allow, keeps the session, and meters the bytes it moved', async () => {
    const created = await create({ url: t.site.url('/') });
    const id = created.body.session_id as string;
    const refused = await act(id, [{ goto: { url: t.site.url('/next').replace('127.0.0.1', '127.0.0.2') } }]);
    expect(refused.body.error).to.include({ code: 'navigation_failed' });
    expect(refused.body.error.context.reason).to.equal('blocked_address');
    expect((await t.service.http.get(`/v1/sessions/${id}`).set(t.auth)).body.status).to.equal('active');
    await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth);
    const usage = t.service.store.sync.getUsage(id)!;
    expect(usage.bytesDatacenter).to.be.greaterThan(html('Home', '').length);
    expect(usage.bytesResidential).to.equal(0);
  });

  for (const scheme of ['http', 'https']) {
    it(`refuses an IPv4-compatible IPv6 address (${scheme}://[::127.0.0.2]) as blocked_address, not as a proxy failure`, async () => {
      const id = (await create({})).body.session_id as string;
      const url = `${scheme}://[::127.0.0.2]:${new URL(t.site.origin).port}/next`;
      const res = await act(id, [{ goto: { url } }]);
      expect(res.body.error).to.include({ code: 'navigation_failed' });
      expect(res.body.error.context).to.include({ reason: 'blocked_address' });
      expect(res.body.error.message).to.not.match(/proxy/);
    });
  }

  it('refuses a proxy URL of its own at an IPv4-compatible IPv6 address with 400 at proxy', async () => {
    const res = await create({ proxy: `socks5://[::127.0.0.2]:${new URL(t.site.origin).port}` });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.include({ code: 'invalid_request' });
    expect(res.body.error.context).to.include({ path: 'proxy', reason: 'blocked_address' });
  });

  it('refuses a URL without a scheme and non-web schemes as navigation_failed', async () => {
    const id = (await create({})).body.session_id as string;
    const bare = await act(id, [{ goto: { url: 'example.com' } }]);
    expect(bare.body.error.code).to.equal('navigation_failed');
    expect(bare.body.error.context.reason).to.equal('invalid_url');
    const file = await act(id, [{ goto: { url: 'file:///etc/passwd' } }]);
    expect(file.body.error.context.reason).to.equal('blocked_scheme');
  });

  it('waits for wait_for and wait_until, and fails with navigation_failed when they do not come', async () => {
    const id = (await create({})).body.session_id as string;
    const ok = await act(id, [{ goto: { url: t.site.url('/late'), wait_for: '#late', wait_until: 'document.title === "Ready"' } }]);
    expect(ok.body.error).to.equal(null);
    expect(ok.body.page.markdown.content).to.contain('Arrived');
    const late = await act(id, [{ goto: { url: t.site.url('/'), wait_for: '#never', wait_timeout: 200 } }]);
    expect(late.body.error.code).to.equal('navigation_failed');
    expect(late.body.error.context.reason).to.equal('wait_timeout');
  });

  it('fails the session with access_denied on 403 and 451', async () => {
    for (const path of ['/forbidden', '/legal']) {
      const res = await create({ url: t.site.url(path) });
      expect(res.status).to.equal(201);
      expect(res.body.error.code).to.equal('access_denied');
      expect(res.body.error.context.status).to.equal(path === '/forbidden' ? 403 : 451);
      const info = await t.service.http.get(`/v1/sessions/${res.body.session_id}`).set(t.auth);
      expect(info.body).to.include({ status: 'failed', error_code: 'access_denied' });
      expect(info.body.duration_seconds).to.be.a('number');
      expect((await act(res.body.session_id, [{ wait: { ms: 1 } }])).status).to.equal(404);
    }
  });

  it('runs the wait step: ms, selector, text, until, and action_failed on timeout', async () => {
    const id = (await create({ url: t.site.url('/late') })).body.session_id as string;
    const res = await act(id, [
      { wait: { ms: 10 } },
      { wait: { selector: '#late' } },
      { wait: { text: 'Arrived' } },
      { wait: { until: 'document.title === "Ready"' } },
      { wait: { selector: '#nothing', timeout: 100 } },
    ]);
    expect(res.body.completed).to.equal(4);
    expect(res.body.error).to.include({ step: 4, action: 'wait', code: 'action_failed' });
  });

  it('reports stable: false for a page that never settles, within the cap', async () => {
    const started = Date.now();
    const res = await create({ url: t.site.url('/clock') });
    expect(res.body.page.stable).to.equal(false);
    expect(Date.now() - started).to.be.below(15_000);
  });

  it('closes with a close step, then the id is gone', async () => {
    const id = (await create({ url: t.site.url('/') })).body.session_id as string;
    const res = await act(id, [{ close: {} }]);
    expect(res.status).to.equal(200);
    expect((await t.service.http.get(`/v1/sessions/${id}`).set(t.auth)).status).to.equal(404);
    expect(t.service.store.sync.getUsage(id)).to.not.equal(undefined);
  });

  it('isolates sessions: cookies set in one are not seen in another', async () => {
    const a = (await create({ url: t.site.url('/') })).body.session_id as string;
    const b = (await create({ url: t.site.url('/') })).body.session_id as string;
    await act(a, [{ goto: { url: t.site.url('/'), wait_until: '(document.cookie = "who=a", true)' } }]);
    const res = await act(b, [{ wait: { until: 'document.cookie === ""' , timeout: 500 } }]);
    expect(res.body.error).to.equal(null);
  });

  it('sets cookies, viewport, locale and timezone from the create body', async () => {
    const res = await create({
      url: t.site.url('/'),
      viewport: { width: 800, height: 600 },
      locale: 'de-DE',
      timezone: 'Asia/Tokyo',
      cookies: [{ name: 'flavour', value: 'mint', url: t.site.url('/') }],
      steps: [
        { wait: { until: 'document.cookie === "flavour=mint"', timeout: 1000 } },
        { wait: { until: 'navigator.language === "de-DE"', timeout: 1000 } },
        { wait: { until: 'Intl.DateTimeFormat().resolvedOptions().timeZone === "Asia/Tokyo"', timeout: 1000 } },
      ],
    });
    expect(res.body.error).to.equal(null);
    expect(res.body.page.scroll.viewport).to.equal(600);
  });

  describe('on a clock the test moves', () => {
    // A session expires on its service's clock (lib/platform/clock.ts): moved by hand, the
    // shortest timeout (10 s) passes at once instead of being waited for.
    before(() => (manualClock = true));
    after(() => (manualClock = false));

    it('stops an act in progress when the session expires: 404 saying it expired, billed to the timeout', async () => {
      const clock = t.service.clock as ManualClock;
      const id = (await create({ timeout: 10 })).body.session_id as string;
      const session = t.service.registry.find(id, t.service.store.sync.getSession(id)!.keyId)!;
      const running = untilState(session, 'active.running');
      const acting = act(id, [{ wait: { ms: 30_000 } }]).then((res) => res);
      await running;
      clock.advance(9_999);
      expect(session.status).to.equal('active');
      clock.advance(1);
      const res = await acting;
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('session_not_found');
      expect(res.body.error.message).to.contain('expired');
      expect(t.service.store.sync.getUsage(id)?.seconds).to.equal(10);
    });
  });
});
