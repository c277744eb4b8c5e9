import { expect } from 'chai';
import { devices } from 'playwright';
import type { ContextSettings } from '../../../../lib/browser/context/settings.js';
import { emulationOptions, sessionUserAgent } from '../../../../lib/browser/context/device.js';
import { closeDeviceNames } from '../../../../lib/contract/request/device.js';
import { startFakeService } from '../../../support/service.js';

describe('POST /v1/sessions: device, geolocation and permissions', () => {
  let service: ReturnType<typeof startFakeService>;
  let auth: string;
  before(() => {
    service = startFakeService();
    auth = `Bearer ${service.key()}`;
  });
  after(() => service.stop());

  const create = (body: object) => service.http.post('/v1/sessions').set('Authorization', auth).send(body);
  /** The settings the driver is opened with for a create of `body`, through the real route and codec. */
  const settingsOf = async (body: object): Promise<ContextSettings> => {
    const created = await create(body);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return service.driver.settings.at(-1)!;
  };
  /** The 400's context for a create of `body`. */
  const refusal = async (body: object): Promise<{ path: string; expected: string }> => {
    const res = await create(body);
    expect(res.status, JSON.stringify(body)).to.equal(400);
    expect(res.body.error.code).to.equal('invalid_request');
    return res.body.error.context as { path: string; expected: string };
  };

  it('takes a device by Playwright\'s name, case aside, its viewport and User-Agent filling what the body leaves out', async () => {
    const iphone = devices['iPhone 13'];
    expect(await settingsOf({ device: 'IPHONE 13' })).to.deep.include({ device: 'iPhone 13', viewport: iphone.viewport, user_agent: iphone.userAgent });
    // Fields given beside the device win, each side of the viewport on its own.
    expect(await settingsOf({ device: 'iPhone 13', viewport: { width: 500 }, user_agent: 'Mine/1.0' })).to.deep.include({
      viewport: { width: 500, height: iphone.viewport.height },
      user_agent: 'Mine/1.0',
    });
    const plain = await settingsOf({});
    expect(plain.viewport).to.deep.equal({ width: 1280, height: 720 });
    expect(plain).to.not.have.any.keys('device', 'user_agent', 'geolocation', 'permissions');
  });

  it('opens the context with the device\'s scale, touch and mobile layout, and the geolocation permission with a position', async () => {
    const pixel = devices['Pixel 7'];
    expect(emulationOptions(await settingsOf({ device: 'Pixel 7' }))).to.deep.equal({ deviceScaleFactor: pixel.deviceScaleFactor, isMobile: true, hasTouch: true });
    expect(emulationOptions(await settingsOf({ geolocation: { latitude: 1, longitude: 2 }, permissions: ['notifications'] }))).to.deep.equal({
      geolocation: { latitude: 1, longitude: 2, accuracy: 10 },
      permissions: ['notifications', 'geolocation'],
    });
    expect(emulationOptions(await settingsOf({ geolocation: { latitude: 1, longitude: 2, accuracy: 0 }, permissions: ['geolocation'] })).permissions).to.deep.equal(['geolocation']);
    expect(emulationOptions(await settingsOf({}))).to.deep.equal({});
  });

  it('names the engine\'s Chrome in a device\'s User-Agent, and sends one the caller wrote as written', async () => {
    const pixel = await settingsOf({ device: 'Pixel 7' });
    expect(sessionUserAgent(pixel, '156.0.8078.108')).to.equal(devices['Pixel 7'].userAgent.replace(/Chrome\/[\d.]+/, 'Chrome/156.0.0.0'));
    // Safari's names no Chrome; a User-Agent given beside the device is the caller's.
    expect(sessionUserAgent(await settingsOf({ device: 'iPhone 13' }), '156.0.8078.108')).to.equal(devices['iPhone 13'].userAgent);
    const own = 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0.1.2 Mobile Safari/537.36';
    expect(sessionUserAgent(await settingsOf({ device: 'Pixel 7', user_agent: own }), '156.0.8078.108')).to.equal(own);
    expect(sessionUserAgent(await settingsOf({}), '156.0.8078.108')).to.equal(undefined);
  });

  it('answers an unknown device with the closest names, and bounds the name before comparing it', async () => {
    const typo = await refusal({ device: 'Pixle 7' });
    expect(typo.path).to.equal('device');
    expect(typo.expected).to.match(/^a device name of Playwright's list; the closest are "Pixel 7", /);
    expect(closeDeviceNames('iphone 13 pro max')[0]).to.equal('iPhone 13 Pro Max');
    expect((await refusal({ device: 'x'.repeat(65) })).expected).to.include('at most 64 characters');
    for (const device of ['', 5, null, ['iPhone 13'], '__proto__', 'constructor']) expect((await refusal({ device })).path).to.equal('device');
  });

  it('refuses a position out of bounds or of the wrong shape, naming the field', async () => {
    const cases: Array<[object, string]> = [
      [{ latitude: 91, longitude: 0 }, 'geolocation.latitude'],
      [{ latitude: -90.5, longitude: 0 }, 'geolocation.latitude'],
      [{ latitude: 0, longitude: 180.01 }, 'geolocation.longitude'],
      [{ latitude: 0 }, 'geolocation.longitude'],
      [{ latitude: '48', longitude: 2 }, 'geolocation.latitude'],
      [{ latitude: 0, longitude: 0, accuracy: -1 }, 'geolocation.accuracy'],
      [{ latitude: 0, longitude: 0, accuracy: 100_001 }, 'geolocation.accuracy'],
      [{ latitude: 0, longitude: 0, altitude: 3 }, 'geolocation.altitude'],
    ];
    for (const [geolocation, path] of cases) expect((await refusal({ geolocation })).path, JSON.stringify(geolocation)).to.equal(path);
    expect((await refusal({ geolocation: [48, 2] })).expected).to.equal('an object {latitude, longitude, accuracy}');
    expect((await refusal({ latitude: 48 })).expected).to.equal('no such field');
  });

  it('grants only the permissions it lists, each once, saying why a known one is refused', async () => {
    expect(await refusal({ permissions: ['midi'] })).to.deep.equal({ path: 'permissions[0]', expected: 'one of: geolocation, notifications' });
    for (const permission of ['clipboard-read', 'clipboard-write']) {
      expect((await refusal({ permissions: ['geolocation', permission] })).expected).to.include(`${permission} is refused: the browser's clipboard is shared by every session`);
    }
    expect((await refusal({ permissions: ['camera'] })).expected).to.include('no camera');
    expect(await refusal({ permissions: ['notifications', 'notifications'] })).to.deep.equal({
      path: 'permissions[1]',
      expected: 'one of: geolocation, notifications, each at most once (notifications is given twice)',
    });
    expect((await refusal({ permissions: ['geolocation', 'notifications', 'geolocation'] })).path).to.equal('permissions');
    expect((await refusal({ permissions: 'geolocation' })).path).to.equal('permissions');
    expect((await refusal({ permissions: [{ name: 'geolocation' }] })).path).to.equal('permissions[0]');
  });
});
