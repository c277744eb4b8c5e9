import { expect } from 'chai';
import type { Browser } from 'playwright';
import { Engine, launchChromium } from '../../actors/engine.js';
import { testChromium } from '../support/chromium.js';
import { startService, type Service } from '../support/service.js';
import { TestSite, html } from '../support/site.js';

/** Crashes the browser the way a real crash looks to us: the process goes away. */
async function crash(browser: Browser): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  await cdp.send('Browser.crash').catch(() => undefined);
}

const until = async (check: () => boolean, ms = 15_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('engine loss', function () {
  this.timeout(60_000);
  let site: TestSite;
  let engine: Engine;
  let service: Service;
  let auth: { Authorization: string };
  let launches = 0;
  let failLaunches = false;

  before(async () => {
    site = await TestSite.start({ '/': { body: html('Home', '<p>home</p>') } });
    engine = new Engine({
      maxRelaunchDelayMs: 500,
      launch: () => {
        launches++;
        return failLaunches ? Promise.reject(new Error('no browser today')) : launchChromium({ executablePath: testChromium() });
      },
    });
    await engine.start();
    service = startService({ engine });
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  after(async () => {
    await service.stop();
    await engine.stop();
    await site.stop();
  });

  it('fails the sessions it held with engine_failure, answers 503 with Retry-After while down, then relaunches', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push((await service.http.post('/v1/sessions').set(auth).send({ url: site.url('/') })).body.session_id as string);
    const before = launches;
    failLaunches = true;
    await crash(engine.browser());
    await until(() => !engine.available);
    await service.registry.settled();
    for (const id of ids) {
      const info = await service.http.get(`/v1/sessions/${id}`).set(auth);
      expect(info.body).to.include({ status: 'failed', error_code: 'engine_failure' });
      expect(service.store.sync.getUsage(id)).to.not.equal(undefined);
    }
    const refused = await service.http.post('/v1/sessions').set(auth).send({});
    expect(refused.status).to.equal(503);
    expect(refused.body.error.code).to.equal('engine_unavailable');
    expect(Number(refused.headers['retry-after'])).to.be.at.least(1);

    await until(() => launches > before);
    expect(engine.available).to.equal(false);
    failLaunches = false;
    await until(() => engine.available);
    expect(launches).to.be.at.least(before + 2);
    const again = await service.http.post('/v1/sessions').set(auth).send({ url: site.url('/') });
    expect(again.status).to.equal(201);
    expect(again.body.page.title).to.equal('Home');
  });
});
