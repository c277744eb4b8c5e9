import { expect } from 'chai';
import { devices } from 'playwright';
import { PlaywrightDriver } from '../../actors/driver.js';
import { Engine } from '../../actors/engine.js';
import { Telemetry } from '../../lib/platform/telemetry/index.js';
import { testChromium } from '../support/chromium.js';
import { localNetwork } from '../support/network.js';
import { startService, type Service } from '../support/service.js';
import { TestSite } from '../support/site.js';

/** A phone-ready page whose button writes down the events it gets (with their pointerType). */
const DEVICE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Device</title></head>
<body><button id="target" style="display:block;width:240px;height:64px">Tap here</button><p id="seen"></p>
<label><input type="checkbox" id="agree"> Agree</label><div style="height:3000px"></div><p>The end</p>
<script>
  const seen = [];
  for (const type of ['touchstart', 'touchend', 'pointerdown', 'mousedown', 'click']) {
    document.getElementById('target').addEventListener(type, (e) => {
      seen.push(e.pointerType ? e.type + ':' + e.pointerType : e.type);
      document.getElementById('seen').textContent = seen.join(' ');
    });
  }
</script></body></html>`;

/** What a page can tell of the browser it runs in. */
const READOUT = `return {
  ua: navigator.userAgent,
  mobile: navigator.userAgentData ? navigator.userAgentData.mobile : null,
  platform: navigator.userAgentData ? navigator.userAgentData.platform : null,
  chrome: navigator.userAgentData ? navigator.userAgentData.brands.some((b) => b.brand === 'Google Chrome') : null,
  width: innerWidth,
  dpr: devicePixelRatio,
  coarse: matchMedia('(pointer: coarse)').matches,
  touch: 'ontouchstart' in window,
};`;
const PERMISSIONS = "return Promise.all(['geolocation', 'notifications'].map((name) => navigator.permissions.query({ name }).then((s) => s.state)));";
const POSITION = 'return new Promise((resolve) => navigator.geolocation.getCurrentPosition((p) => resolve([p.coords.latitude, p.coords.longitude, p.coords.accuracy]), (e) => resolve("error " + e.code)));';

interface Readout {
  ua: string;
  mobile: boolean | null;
  platform: string | null;
  chrome: boolean | null;
  width: number;
  dpr: number;
  coarse: boolean;
  touch: boolean;
}

describe('POST /v1/sessions with device, geolocation and permissions, against real Chromium', function () {
  this.timeout(90_000);
  let engine: Engine;
  let site: TestSite;
  let telemetry: Telemetry;
  let service: Service;
  let auth: { Authorization: string };
  // One engine, site and service (with a warm pool of one) for every test: each test opens the sessions it needs.
  before(async () => {
    engine = new Engine({ chromium: { executablePath: testChromium() } });
    await engine.start();
    site = await TestSite.start({ '/device': { body: DEVICE_PAGE } });
    telemetry = new Telemetry();
    const driver = new PlaywrightDriver(engine, { network: localNetwork(), telemetry, warm: { sessions: 1 } });
    service = startService({ engine, driver, telemetry });
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  after(async () => {
    await service.stop();
    await engine.stop();
    await site.stop();
  });

  const create = (body: object) => service.http.post('/v1/sessions').set(auth).send(body);
  const run = async (id: string, code: string): Promise<unknown> => {
    const res = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ execute_js: { code, result_key: 'value' } }] });
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    return res.body.extraction.value;
  };
  /** Clicks the page's button and answers the events it got. */
  const clickTarget = async (id: string): Promise<string> => {
    const res = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ click: { text: 'Tap here' } }] });
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
    return (await run(id, 'return document.getElementById("seen").textContent;')) as string;
  };
  const journal = async (id: string) => (await service.http.get(`/v1/sessions/${id}/events`).set(auth)).body.events as Array<Record<string, unknown>>;
  const warmHits = async (): Promise<number> => (await telemetry.metrics.warmTakes.get()).values.find((v) => v.labels.result === 'hit')?.value ?? 0;
  const warmReady = async (): Promise<number> => (await telemetry.metrics.warmReady.get()).values[0]?.value ?? 0;

  it('emulates a device by name: observed at its size with its User-Agent and touch, its click a tap, and a fork of it the same', async () => {
    const hits = await warmHits();
    const pixel = devices['Pixel 7'];
    const res = await create({ device: 'pixel 7', url: site.url('/device') });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.page.title).to.equal('Device');
    const id = res.body.session_id as string;
    const readout = (await run(id, READOUT)) as Readout;
    // The descriptor's User-Agent, naming the engine's Chrome rather than the one Playwright ships.
    const major = engine.browser().version().split('.')[0]!;
    expect(pixel.userAgent).to.match(/Chrome\/\d+\.\d+\.\d+\.\d+/);
    expect(readout).to.deep.equal({
      ua: pixel.userAgent.replace(/Chrome\/[\d.]+/, `Chrome/${major}.0.0.0`),
      mobile: true,
      platform: 'Android',
      chrome: true,
      width: pixel.viewport.width,
      dpr: pixel.deviceScaleFactor,
      coarse: true,
      touch: true,
    });
    const seen = await clickTarget(id);
    expect(seen.split(' ')).to.include.members(['touchstart', 'touchend', 'pointerdown:touch', 'click:touch']);
    expect(seen).to.not.include(':mouse');
    // The steps that press and scroll for you still do on a phone.
    const more = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ check: { label: 'Agree' } }, { scroll: { direction: 'down', amount: 800 } }] });
    expect(more.body.error, JSON.stringify(more.body.error)).to.equal(null);
    expect(more.body.page.scroll.y).to.be.greaterThan(0);
    expect(await run(id, 'return document.getElementById("agree").checked;')).to.equal(true);
    expect((await journal(id)).find((event) => event.type === 'device')).to.deep.include({
      name: 'Pixel 7',
      width: pixel.viewport.width,
      height: pixel.viewport.height,
      scale: pixel.deviceScaleFactor,
      mobile: true,
      touch: true,
    });

    const forked = await service.http.post(`/v1/sessions/${id}/fork`).set(auth).send({});
    expect(forked.status, JSON.stringify(forked.body)).to.equal(201);
    const copy = forked.body.sessions[0].session_id as string;
    expect(await run(copy, READOUT)).to.deep.equal(readout);
    expect(await clickTarget(copy)).to.include('click:touch');
    expect((await journal(copy)).map((event) => event.type)).to.include('device');
    expect(await warmHits(), 'no device session took a warm page').to.equal(hits);
  });

  it('applies a WebKit descriptor in Chromium with the fields given beside it winning', async () => {
    const iphone = devices['iPhone 13'];
    const res = await create({ device: 'iPhone 13', viewport: { width: 500 }, url: site.url('/device') });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const readout = (await run(res.body.session_id, READOUT)) as Readout;
    // Safari claims no Chrome brand; its platform and mobile agree with its User-Agent.
    expect(readout).to.deep.equal({ ua: iphone.userAgent, mobile: true, platform: 'iOS', chrome: false, width: 500, dpr: iphone.deviceScaleFactor, coarse: true, touch: true });
  });

  it('reports the geolocation given and grants the permissions listed, a default session neither, still from the warm pool and clicking with the mouse', async () => {
    const res = await create({ geolocation: { latitude: 48.8584, longitude: 2.2945, accuracy: 25 }, permissions: ['notifications'], url: site.url('/device') });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const id = res.body.session_id as string;
    expect(await run(id, POSITION)).to.deep.equal([48.8584, 2.2945, 25]);
    expect(await run(id, PERMISSIONS)).to.deep.equal(['granted', 'granted']);
    const onlyNotifications = await create({ permissions: ['notifications'], url: site.url('/device') });
    const [geolocation, notifications] = (await run(onlyNotifications.body.session_id, PERMISSIONS)) as string[];
    expect(geolocation).to.not.equal('granted');
    expect(notifications).to.equal('granted');

    // A session with no options: as it was, on a page of the warm pool.
    const deadline = Date.now() + 20_000;
    while ((await warmReady()) < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const hits = await warmHits();
    const plain = await create({ url: site.url('/device') });
    expect(plain.status).to.equal(201);
    expect(await warmHits()).to.equal(hits + 1);
    const readout = (await run(plain.body.session_id, READOUT)) as Readout;
    expect(readout).to.deep.include({ mobile: false, chrome: true, width: 1280, dpr: 1, coarse: false, touch: false });
    expect(await run(plain.body.session_id, PERMISSIONS)).to.not.include('granted');
    const seen = await clickTarget(plain.body.session_id);
    expect(seen).to.include('click:mouse');
    expect(seen).to.not.include('touch');
    expect((await journal(plain.body.session_id)).map((event) => event.type)).to.not.include('device');
  });
});
