import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright';
import { browserSuite } from '../support/browser.js';
import { testChromium } from '../support/chromium.js';
import { html } from '../support/site.js';

// The dashboard in real Chromium, against a real server: a second browser (the viewer) loads
// GET /dashboard while the service's own engine runs the sessions it watches.
const FORM = html('Sign-up', '<label>Name <input name="name" style="position:fixed;inset:0;width:100vw;height:100vh;font-size:40px"></label>');

describe('GET /dashboard in a browser', function () {
  this.timeout(90_000);
  const suite = browserSuite({ '/form': { body: FORM } });
  let viewer: Browser;
  let page: Page;
  let base: string;

  before(async () => (viewer = await chromium.launch({ executablePath: testChromium() })));
  after(() => viewer.close());
  beforeEach(async () => {
    base = await suite.service.listen();
    page = await viewer.newPage({ viewport: { width: 1280, height: 720 } });
  });
  afterEach(() => page.close());

  const key = () => suite.auth.Authorization.slice('Bearer '.length);
  async function signIn(value = key()): Promise<void> {
    await page.goto(`${base}/dashboard`);
    await page.getByLabel('API key').fill(value);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  async function openSession(id: string): Promise<void> {
    await signIn();
    await page.getByRole('link', { name: id }).click();
    await page.getByRole('heading', { name: `Session ${id}` }).waitFor();
  }

  it("shows the API's message for a wrong key, and keeps a right one in sessionStorage only", async () => {
    const refused = await suite.service.http.get('/v1/sessions').set({ Authorization: 'Bearer sk_live_not_a_key' });
    await signIn('sk_live_not_a_key');
    await page.locator('[role=alert]:not(:empty)').waitFor();
    expect(await page.getByRole('alert').textContent()).to.equal(refused.body.error.message);

    await page.getByLabel('API key').fill(key());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    const storage = await page.evaluate(() => ({ session: Object.values(sessionStorage), local: Object.keys(localStorage).length, url: location.href }));
    expect(storage.session).to.deep.equal([key()]);
    expect(storage.local).to.equal(0);
    expect(storage.url).not.to.include(key());

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).to.equal(0);
  });

  it('lists the key’s sessions live, with status, start, duration and credits', async () => {
    await signIn();
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    const created = await suite.create({ url: suite.site.url('/form') });
    const row = page.locator(`tr[data-session="${created.body.session_id}"]`);
    await row.waitFor({ timeout: 5000 });
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).to.equal('active');
    expect(cells[3]).to.match(/^\d+ s$/);
    expect(Number(cells[4])).to.be.above(0);
    await suite.service.http.delete(`/v1/sessions/${created.body.session_id}`).set(suite.auth);
    await row.locator('td', { hasText: 'closed' }).waitFor({ timeout: 5000 });
  });

  it('offers the trace of an ended session as a download, and says when a session has none', async () => {
    const traced = (await suite.create({ url: suite.site.url('/form'), trace: true })).body.session_id as string;
    const plain = (await suite.create({ url: suite.site.url('/form') })).body.session_id as string;
    for (const id of [traced, plain]) expect((await suite.service.http.delete(`/v1/sessions/${id}`).set(suite.auth)).status).to.equal(204);
    await openSession(traced);
    const link = page.getByRole('link', { name: /Download the trace/ });
    await link.waitFor({ timeout: 10_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).to.equal(`${traced}-trace.zip`);
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString()).to.equal('PK');
    await page.getByRole('link', { name: '← Sessions' }).click();
    await page.getByRole('link', { name: plain }).click();
    await page.getByText('No trace: the session was not created with trace: true').waitFor({ timeout: 10_000 });
  });

  it("lists a session's webhook deliveries with each attempt's outcome", async () => {
    const id = (await suite.create({})).body.session_id as string;
    const { store } = suite.service;
    const record = (await store.findKeyByToken(key()))!;
    await store.watchSession({ sessionId: id, keyId: record.id, url: 'https://hooks.example/in' });
    expect((await suite.service.http.delete(`/v1/sessions/${id}`).set(suite.auth)).status).to.equal(204);
    // The attempts a worker would record: a 500, then a 200 (this service runs no worker).
    const now = Date.now();
    const first = (await store.claimWebhook({ now, leaseMs: 60_000 }))!;
    await store.finishWebhook({ id: first.id, lease: first.lease, attempt: { n: 1, at: now, durationMs: 12, statusCode: 500, error: null, excerpt: 'busy' }, outcome: { state: 'pending', nextAt: now } });
    const second = (await store.claimWebhook({ now, leaseMs: 60_000 }))!;
    await store.finishWebhook({ id: second.id, lease: second.lease, attempt: { n: 2, at: now, durationMs: 8, statusCode: 200, error: null, excerpt: null }, outcome: { state: 'delivered' } });
    await openSession(id);
    const delivery = page.locator('.panel-webhooks .delivery');
    await delivery.getByText('session.ended').waitFor({ timeout: 10_000 });
    expect(await delivery.locator('.status').textContent()).to.equal('delivered');
    const attempts = (await delivery.locator('.attempts li').allTextContents()).map((text) => text.replace(/ \d{1,2}:\d{2}:\d{2} /, ' '));
    expect(attempts).to.deep.equal(['#1 HTTP 500 in 12 ms: busy', '#2 HTTP 200 in 8 ms']);
  });

  it('moves the chart idle → running → idle while an act runs, and lists its steps in the timeline', async () => {
    const created = await suite.create({ url: suite.site.url('/form') });
    const id = created.body.session_id as string;
    await openSession(id);
    await page.locator('.chart g.state.current[data-state="active.idle"]').waitFor();
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      const chart = document.querySelector('.chart svg')!;
      new MutationObserver(() => {
        const state = chart.querySelector<SVGGElement>('g.state.current:not(.compound)')?.dataset.state;
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      }).observe(chart, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    const act = await suite.act(id, [{ wait: { ms: 1000 } }, { click: { text: 'No such button' } }]);
    expect(act.status).to.equal(200);
    await page.locator('.chart g.state.current[data-state="active.idle"]').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.slice(seen.indexOf('active.running'))).to.deep.equal(['active.running', 'active.idle']);
    expect(await page.locator('.chart g.edge.last').count()).to.equal(1);
    await page.locator('.timeline li[data-type="step"]', { hasText: 'click' }).waitFor();
    const steps = await page.locator('.timeline li[data-type="step"]').allTextContents();
    expect(steps.slice(-2)[0]).to.match(/step 0: wait .*ok · 1\.\d s/);
    expect(steps.slice(-1)[0]).to.include('step 1: click').and.include('element_not_found');
    // The text a click targets is the user's own selector: shown, not [redacted].
    expect(steps.slice(-1)[0]).to.include('No such button').and.not.include('[redacted]');
    expect(await page.locator('.timeline li.failed[data-type="step"]').count()).to.equal(1);
    // The latest observation is the act's, without "Observe now".
    const actId = (await page.locator('.timeline li[data-type="act.finished"]').last().textContent())?.match(/act (\S+) finished/)?.[1];
    await page.locator('.panel-observation .note', { hasText: `act ${actId}` }).waitFor();
    expect(await page.locator('.panel-observation .page-head').textContent()).to.include('Sign-up');
  });

  it('takes over, types into the page through the live view, hands back, and the next observation has the text', async () => {
    const created = await suite.create({ url: suite.site.url('/form') });
    const id = created.body.session_id as string;
    await openSession(id);
    await page.locator('.screen.streaming').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Take over' }).click();
    await page.locator('.screen.held').waitFor({ timeout: 35_000 });
    const view = page.locator('.screen img');
    const box = (await view.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.keyboard.type('Ada Lovelace');
    await page.getByRole('button', { name: 'Hand back' }).click();
    await page.locator('.screen:not(.held)').waitFor();
    await page.getByRole('button', { name: 'Observe now' }).click();
    await page.locator('table.elements td', { hasText: 'Ada Lovelace' }).waitFor({ timeout: 15_000 });
  });
});
