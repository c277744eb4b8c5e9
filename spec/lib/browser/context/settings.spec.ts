import { expect } from 'chai';
import { takesWarmContext, WARM_SETTINGS, type ContextSettings } from '../../../../lib/browser/context/settings.js';
import { Pools } from '../../../../lib/network/upstream.js';
import { startFakeService } from '../../../support/service.js';

describe('takesWarmContext()', () => {
  let service: ReturnType<typeof startFakeService>;
  let auth: string;
  before(() => {
    service = startFakeService();
    auth = `Bearer ${service.key()}`;
  });
  after(() => service.stop());

  /** The settings a create with `body` reaches the driver with, through the real route and codec. */
  const settingsOf = async (body: object): Promise<ContextSettings> => {
    const created = await service.http.post('/v1/sessions').set('Authorization', auth).send(body);
    expect(created.status).to.equal(201);
    return service.driver.settings.at(-1)!;
  };

  it('serves a create with no options, or with a url or steps only, from the warm pool', async () => {
    for (const body of [{}, { url: 'https://example.com/' }, { timeout: 60, page: 'light' }, { block_resources: ['font', 'image', 'media'] }, { cookies: [] }]) {
      expect(takesWarmContext(await settingsOf(body), null), JSON.stringify(body)).to.equal(true);
    }
    expect(takesWarmContext(WARM_SETTINGS, null)).to.equal(true);
  });

  it('builds a context of its own for any option that differs from the defaults', async () => {
    for (const body of [
      { viewport: { width: 1000 } },
      { viewport: { height: 900 } },
      { user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Custom/1.0' },
      { locale: 'de-DE' },
      { timezone: 'Europe/Paris' },
      { cookies: [{ name: 'a', value: 'b', domain: 'example.com' }] },
      { block_resources: [] },
      { block_resources: ['image'] },
      { auto_dismiss_blockers: false },
      { trace: true },
      { proxy: { kind: 'datacenter', country: 'de' } },
      { proxy: 'http://user:pass@proxy.example:8000' },
      { device: 'Pixel 7' },
      { device: 'Desktop Chrome' },
      { geolocation: { latitude: 1, longitude: 2 } },
      { permissions: ['notifications'] },
    ]) {
      expect(takesWarmContext(await settingsOf(body), null), JSON.stringify(body)).to.equal(false);
    }
    expect(takesWarmContext({ ...WARM_SETTINGS, proxy: { kind: 'residential', country: 'auto' } }, null)).to.equal(false);
  });

  it('serves a url whose country auto picks the same datacenter pool as no url, and no other', () => {
    const pools = new Pools({ datacenter: { de: ['http://dc-de:8000'], default: ['http://dc:8000'] } });
    const withUrl = (url: string): ContextSettings => ({ ...WARM_SETTINGS, url });
    expect(takesWarmContext(withUrl('https://shop.example.com/'), pools)).to.equal(true);
    expect(takesWarmContext(withUrl('https://shop.example.fr/'), pools), 'no French pool: the default, as without a url').to.equal(true);
    expect(takesWarmContext(withUrl('https://shop.example.de/'), pools), 'the German pool').to.equal(false);
    // Without a datacenter pool every session goes direct, whatever its url.
    expect(takesWarmContext(withUrl('https://shop.example.de/'), new Pools({ residential: { de: ['http://res-de:8000'] } }))).to.equal(true);
  });
});
