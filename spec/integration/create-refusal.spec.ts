// The create path when real Chromium refuses a setting the codecs let through: a driver wrapped
// around the real one adds the refused setting behind the codec's back, as a Chromium that judges
// a setting differently from the codec would.
import { expect } from 'chai';
import { PlaywrightDriver, type BrowserDriver, type ContextSettings } from '../../actors/driver.js';
import { Engine } from '../../actors/engine.js';
import { localNetwork } from '../support/network.js';
import { settle, startService, type Service } from '../support/service.js';

/** Listening sockets of this process: each session proxy is one. */
const servers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap').length;

/** [what the browser is given besides the body, the 400's path, expected, Chromium's reason]. */
const refusals: Array<[string, (settings: ContextSettings) => Partial<ContextSettings>, string, string, RegExp]> = [
  [
    'a cookie',
    (settings) => ({ cookies: [...(settings.cookies ?? []), { name: 'a;b', value: 'v', domain: 'a.test', path: '/' }] }),
    'cookies[1]', 'a cookie the browser accepts', /Invalid cookie fields/,
  ],
  ['a user agent', () => ({ user_agent: 'tabwright\r\nX-Injected: 1' }), 'user_agent', 'a user agent the browser accepts', /Invalid characters found in userAgent/],
  ['a locale', () => ({ locale: 'x-private' }), 'locale', 'a locale the browser accepts', /Invalid locale name/],
  ['a time zone', () => ({ timezone: 'Mars/Olympus' }), 'timezone', 'a time zone the browser accepts', /Invalid timezone/i],
];

describe('POST /v1/sessions when the browser refuses a setting', function () {
  this.timeout(120_000);
  let engine: Engine;
  let service: Service;
  let extra: (settings: ContextSettings) => Partial<ContextSettings>;
  before(async () => {
    engine = new Engine();
    await engine.start();
  });
  after(() => engine.stop());
  beforeEach(() => {
    extra = () => ({});
    const real = new PlaywrightDriver(engine, { network: localNetwork() });
    const driver: BrowserDriver = { open: (settings) => real.open({ ...settings, ...extra(settings) }) };
    service = startService({ engine, driver });
  });
  afterEach(() => service.stop());

  const count = (sql: string): number => (service.store.db.prepare(sql).get() as { n: number }).n;

  for (const [what, refused, path, expected, reason] of refusals) {
    it(`answers 400 at ${path} for ${what} the browser refuses and leaves no page, proxy, session, bill or used slot`, async () => {
      // A trial key may hold one session: the following create shows the slot was given back.
      const auth = { Authorization: `Bearer ${service.key('trial')}` };
      const body = { url: 'http://127.0.0.1:9/', cookies: [{ name: 'sid', value: 'abc', domain: 'a.test' }] };
      const listening = servers();
      extra = refused;
      const res = await service.http.post('/v1/sessions').set(auth).send(body);
      expect(res.status, JSON.stringify(res.body)).to.equal(400);
      expect(res.body.error).to.deep.include({ code: 'invalid_request', context: { path, expected } });
      expect(res.body.error.message).to.match(reason).and.to.contain(path);
      await settle();
      expect(engine.browser().contexts()).to.have.length(0);
      expect(servers()).to.equal(listening);
      expect(count('SELECT count(*) AS n FROM sessions')).to.equal(0);
      expect(count("SELECT count(*) AS n FROM ledger WHERE kind <> 'grant'")).to.equal(0);

      extra = () => ({});
      const next = await service.http.post('/v1/sessions').set(auth).send({ cookies: body.cookies });
      expect(next.status, JSON.stringify(next.body)).to.equal(201);
      expect((await service.http.delete(`/v1/sessions/${next.body.session_id}`).set(auth)).status).to.equal(204);
    });
  }
});
