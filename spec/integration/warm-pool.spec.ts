import { expect } from 'chai';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { Browser } from 'playwright';
import { PlaywrightDriver } from '../../actors/driver.js';
import { Engine, launchChromium } from '../../actors/engine.js';
import { Telemetry } from '../../lib/platform/telemetry/index.js';
import { testChromium } from '../support/chromium.js';
import { localNetwork } from '../support/network.js';
import { startService, type Service } from '../support/service.js';
import { html, TestSite } from '../support/site.js';

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not reached in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The TCP ports this process listens on, from /proc: its own sockets in the LISTEN state. */
function listeningPorts(): Set<number> {
  const ours = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match) ours.add(match[1]!);
    } catch {
      // Closed between the listing and the read.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] === '0A' && ours.has(fields[9] ?? '')) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** Crashes the browser the way a real crash looks to us: the process goes away. */
async function crash(browser: Browser): Promise<void> {
  const cdp = await browser.newBrowserCDPSession();
  await cdp.send('Browser.crash').catch(() => undefined);
}

describe('the warm pool (TABWRIGHT_WARM_SESSIONS) against real Chromium', function () {
  this.timeout(120_000);
  let engine: Engine;
  let site: TestSite;
  /** Contexts built by anyone (pool or create) since the engine started, across relaunches. */
  let built = 0;
  /** What the site's pages were asked with: path, Cookie and the identity headers. */
  const requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  let service: Service | undefined;
  let driver: PlaywrightDriver;
  let telemetry: Telemetry;
  let auth: { Authorization: string };

  const cached = (body: string) => ({ body: html('Page', `${body}<script src="/cached.js"></script>`) });
  before(async () => {
    engine = new Engine({
      maxRelaunchDelayMs: 500,
      launch: async () => {
        const browser = await launchChromium({ executablePath: testChromium() });
        const newContext = browser.newContext.bind(browser);
        browser.newContext = (options) => {
          built++;
          return newContext(options);
        };
        return browser;
      },
    });
    await engine.start();
    site = await TestSite.start({
      '/': { body: html('Home', '<h1>Home</h1>') },
      // Leaves everything a session can leave: cookies (header and script), both storages, a cached script.
      '/store': (req, res) => {
        requests.push({ path: '/store', headers: req.headers });
        res.writeHead(200, { 'Content-Type': 'text/html', 'Set-Cookie': 'from_header=1; Path=/; Max-Age=3600' });
        res.end(cached('<script>document.cookie = "from_script=1; path=/; max-age=3600"; localStorage.setItem("kept", "1"); sessionStorage.setItem("kept", "1");</script>').body);
      },
      '/again': cached('<p>again</p>'),
      '/check': (req, res) => {
        requests.push({ path: '/check', headers: req.headers });
        res.writeHead(200, { 'Content-Type': 'text/html' }).end(cached('<p>check</p>').body);
      },
      '/cached.js': (_req, res) => res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' }).end('window.cachedLoaded = true;'),
    });
  });
  after(async () => {
    await engine.stop();
    await site.stop();
  });

  const open = (sessions: number, plan: 'pro' | 'trial' = 'pro'): Service => {
    telemetry = new Telemetry();
    driver = new PlaywrightDriver(engine, { network: localNetwork(), telemetry, warm: { sessions } });
    service = startService({ engine, driver, telemetry });
    auth = { Authorization: `Bearer ${service.key(plan)}` };
    return service;
  };
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });

  const ready = async (): Promise<number> => (await telemetry.metrics.warmReady.get()).values[0]?.value ?? 0;
  const takes = async (): Promise<Record<string, number>> =>
    Object.fromEntries((await telemetry.metrics.warmTakes.get()).values.map(({ labels, value }) => [String(labels.result), value]));
  const create = (body: object) => service!.http.post('/v1/sessions').set(auth).send(body);
  const act = (id: string, steps: unknown[]) => service!.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps });
  const read = async (id: string, code: string): Promise<unknown> => {
    const res = await act(id, [{ execute_js: { code, result_key: 'value' } }]);
    expect(res.body.error).to.equal(null);
    return res.body.extraction.value;
  };

  it('fills once the engine is up; a create with default options answers with a ready page, building no context, and it is replaced after', async () => {
    open(2);
    await until(async () => (await ready()) === 2, 'pool filled');
    const before = built;
    // Holds the refill back while the test looks, as a create under way would.
    const release = driver.creating();
    const bare = await create({});
    expect(bare.status).to.equal(201);
    const withUrl = await create({ url: site.url('/') });
    expect(withUrl.status).to.equal(201);
    expect(withUrl.body.page.title).to.equal('Home');
    expect(built, 'contexts built for the two creates').to.equal(before);
    expect(await ready()).to.equal(0);
    expect(await takes()).to.deep.equal({ hit: 2 });
    const id = bare.body.session_id as string;
    expect((await act(id, [{ goto: { url: site.url('/') } }])).body.page.title).to.equal('Home');
    release();
    await until(async () => (await ready()) === 2, 'pool refilled');
    expect(built).to.equal(before + 2);
  });

  it('takes a ready page only once admission let the create through', async () => {
    open(2, 'trial');
    await until(async () => (await ready()) === 2, 'pool filled');
    expect((await create({})).status).to.equal(201);
    const refused = await create({});
    expect(refused.status).to.equal(429);
    expect(await takes()).to.deep.equal({ hit: 1 });
  });

  it('never hands a page out twice: concurrent creates each get a context of their own', async () => {
    open(2);
    await until(async () => (await ready()) === 2, 'pool filled');
    const created = await Promise.all(Array.from({ length: 5 }, () => create({ url: site.url('/') })));
    expect(created.map((res) => res.status)).to.deep.equal([201, 201, 201, 201, 201]);
    const ids = created.map((res) => res.body.session_id as string);
    await Promise.all(ids.map((id) => read(id, `localStorage.setItem(${JSON.stringify(`owner-${id}`)}, "1"); return 1`)));
    for (const id of ids) expect(await read(id, 'return Object.keys(localStorage)'), id).to.deep.equal([`owner-${id}`]);
    const { hit = 0, miss = 0 } = await takes();
    expect(hit + miss).to.equal(5);
    expect(hit).to.be.within(1, 2);
  });

  it('gives a session fresh cookies, storage, HTTP cache and user agent after another session used the site', async () => {
    open(2);
    await until(async () => (await ready()) === 2, 'pool filled');
    const first = await create({ url: site.url('/store') });
    const firstId = first.body.session_id as string;
    expect(await read(firstId, 'return [document.cookie, localStorage.getItem("kept"), sessionStorage.getItem("kept")]')).to.deep.equal([
      'from_header=1; from_script=1',
      '1',
      '1',
    ]);
    // The first session's cache works: a second page with the same script does not fetch it again.
    expect((await act(firstId, [{ goto: { url: site.url('/again') } }])).body.error).to.equal(null);
    expect(site.hits.get('/cached.js')).to.equal(1);

    // One page made before the first session used the site, one after; the first session still lives, then is gone.
    await until(async () => (await ready()) === 2, 'pool refilled');
    const seconds = [(await create({ url: site.url('/check') })).body.session_id as string];
    await service!.http.delete(`/v1/sessions/${firstId}`).set(auth);
    seconds.push((await create({ url: site.url('/check') })).body.session_id as string);
    expect(await takes()).to.deep.equal({ hit: 3 });
    for (const id of seconds) {
      const seen = (await read(id, 'return [document.cookie, localStorage.length, sessionStorage.length, navigator.userAgent, navigator.userAgentData.platform]')) as [
        string, number, number, string, string,
      ];
      expect(seen.slice(0, 3), 'cookies and storage').to.deep.equal(['', 0, 0]);
      // Its user agent is one of the pool's, with client hints that agree, as for any new session.
      expect(seen[3]).to.match(/^Mozilla\/5\.0 \(.+\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/);
      expect(seen[3].includes('Windows') ? 'Windows' : seen[3].includes('Mac') ? 'macOS' : 'Linux').to.equal(seen[4]);
    }
    const checks = requests.filter((request) => request.path === '/check');
    expect(checks.map((request) => request.headers.cookie)).to.deep.equal([undefined, undefined]);
    expect(site.hits.get('/cached.js'), 'each fresh session fetched the script again').to.equal(3);
  });

  it('builds a context of its own for options that differ from the defaults, leaving the pool alone', async () => {
    open(2);
    await until(async () => (await ready()) === 2, 'pool filled');
    const before = built;
    const release = driver.creating();
    const bodies = [{ viewport: { width: 1000 } }, { locale: 'de-DE' }, { user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Custom/1.0' }, { block_resources: [] }];
    const ids = [];
    for (const body of bodies) ids.push((await create(body)).body.session_id as string);
    expect(built).to.equal(before + bodies.length);
    expect(await ready()).to.equal(2);
    expect(await takes()).to.deep.equal({});
    expect(await read(ids[0]!, 'return window.innerWidth')).to.equal(1000);
    expect(await read(ids[2]!, 'return navigator.userAgent')).to.equal('Mozilla/5.0 (X11; Linux x86_64) Custom/1.0');
    release();
  });

  it('keeps nothing ready with size 0: every create builds its context', async () => {
    open(0);
    expect(driver.warm).to.equal(0);
    const before = built;
    expect((await create({})).status).to.equal(201);
    expect(built).to.equal(before + 1);
    expect(engine.browser().contexts()).to.have.length(1);
    expect(await takes()).to.deep.equal({});
  });

  it('drops a ready page that closed or crashed and never hands it out', async () => {
    open(2);
    await until(async () => (await ready()) === 2, 'pool filled');
    const release = driver.creating();
    const [closing, crashing] = engine.browser().contexts();
    await closing!.pages()[0]!.close();
    const cdp = await crashing!.newCDPSession(crashing!.pages()[0]!);
    await cdp.send('Page.crash').catch(() => undefined);
    await until(async () => (await ready()) === 0, 'both dropped');
    await until(() => engine.browser().contexts().length === 0, 'their contexts closed');
    const before = built;
    const res = await create({ url: site.url('/') });
    expect(res.body.page.title).to.equal('Home');
    expect(built).to.equal(before + 1);
    expect(await takes()).to.deep.equal({ miss: 1 });
    release();
    await until(async () => (await ready()) === 2, 'pool refilled');
  });

  it('closes its ready contexts and their proxies at shutdown: no context or listening port is left', async () => {
    const others = listeningPorts();
    open(2);
    await until(async () => (await ready()) === 2, 'pool filled');
    const proxies = [...listeningPorts()].filter((port) => !others.has(port));
    expect(proxies).to.have.length(2);
    expect(engine.browser().contexts()).to.have.length(2);
    await service!.stop();
    service = undefined;
    expect(engine.browser().contexts()).to.have.length(0);
    const still = listeningPorts();
    expect(proxies.filter((port) => still.has(port))).to.deep.equal([]);
  });

  // Last: it crashes the suite's browser (the engine relaunches it).
  it('empties when the engine is lost, closing the proxies, and fills again after the relaunch', async () => {
    const others = listeningPorts();
    open(2);
    await until(async () => (await ready()) === 2, 'pool filled');
    const proxies = [...listeningPorts()].filter((port) => !others.has(port));
    await crash(engine.browser());
    await until(async () => (await ready()) === 0, 'pool emptied');
    await until(() => {
      const still = listeningPorts();
      return proxies.every((port) => !still.has(port));
    }, 'proxies closed');
    await until(() => engine.available, 'engine relaunched');
    await until(async () => (await ready()) === 2, 'pool refilled');
    const res = await create({ url: site.url('/') });
    expect(res.status).to.equal(201);
    expect(res.body.page.title).to.equal('Home');
    expect(await takes()).to.deep.equal({ hit: 1 });
  });
});
