import { expect } from 'chai';
import { EventEmitter } from 'node:events';
import type { Browser } from 'playwright';
import { Engine } from '../../actors/engine.js';
import { startFakeService, startService, type Service } from '../support/service.js';

/** A stand-in for Chromium that the engine can watch and lose: `lose()` is a crash. */
class FakeBrowser extends EventEmitter {
  private connected = true;
  isConnected = (): boolean => this.connected;
  version = (): string => '130.0.0.0';
  newBrowserCDPSession = (): Promise<never> => Promise.reject(new Error('no CDP here'));
  close = (): Promise<void> => Promise.resolve(this.lose());
  lose(): void {
    if (!this.connected) return;
    this.connected = false;
    this.emit('disconnected');
  }
}

/** Waits until `condition` holds (a few seconds at most). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition never held');
}

describe('503 engine_unavailable says why', () => {
  /** Launches play `script` in order: a browser, a failure, or a launch that never ends; then browsers. */
  function engineWith(script: Array<'ok' | 'fail' | 'hang'>): { engine: Engine; browsers: FakeBrowser[] } {
    const browsers: FakeBrowser[] = [];
    let launches = 0;
    const launch = (): Promise<Browser> => {
      const step = script[launches++] ?? 'ok';
      if (step === 'fail') return Promise.reject(new Error('Failed to launch /usr/bin/chromium: spawn EACCES'));
      if (step === 'hang') return new Promise<Browser>(() => undefined);
      const browser = new FakeBrowser();
      browsers.push(browser);
      return Promise.resolve(browser as unknown as Browser);
    };
    return { engine: new Engine({ launch, maxRelaunchDelayMs: 60_000 }), browsers };
  }

  let service: Service | undefined;
  let engine: Engine | undefined;
  afterEach(async () => {
    await service?.stop();
    await engine?.stop();
    service = engine = undefined;
  });

  /** POST /v1/sessions against a service on `engine`. */
  async function create(on: Engine): Promise<{ status: number; retryAfter: string | undefined; message: string; code: string }> {
    engine = on;
    service = startService({ engine: on });
    const res = await service.http.post('/v1/sessions').set({ Authorization: `Bearer ${service.key('pro')}` }).send({});
    return { status: res.status, retryAfter: res.headers['retry-after'], message: res.body.error.message as string, code: res.body.error.code as string };
  }

  it('while Chromium starts', async () => {
    const { engine: starting } = engineWith(['hang']);
    void starting.start();
    expect(await create(starting)).to.deep.equal({ status: 503, retryAfter: '1', code: 'engine_unavailable', message: 'The browser engine is starting; retry after 1 s' });
  });

  it('while Chromium restarts after it was lost', async () => {
    const { engine: restarting, browsers } = engineWith(['ok', 'hang']);
    await restarting.start();
    browsers[0]!.lose();
    await until(() => restarting.health === 'restarting');
    expect(await create(restarting)).to.deep.equal({ status: 503, retryAfter: '1', code: 'engine_unavailable', message: 'The browser engine is restarting; retry after 1 s' });
  });

  it('while the engine waits to launch again after a failed launch, without the launch error\'s details', async () => {
    const { engine: down } = engineWith(['fail', 'hang']);
    await down.start();
    expect(down.health).to.equal('down');
    const answer = await create(down);
    expect(answer).to.include({ status: 503, retryAfter: '1', code: 'engine_unavailable' });
    expect(answer.message).to.equal('The browser engine could not be launched and will try again; retry after 1 s');
  });

  it('when the browser was lost while the session opened, and when the server shuts down', async () => {
    const fake = startFakeService();
    service = fake;
    const auth = { Authorization: `Bearer ${fake.key('pro')}` };
    fake.driver.connected = false;
    const lost = await fake.http.post('/v1/sessions').set(auth).send({});
    expect(lost.body.error).to.deep.equal({ code: 'engine_unavailable', message: 'The browser was lost while the session was opening; retry after 5 s' });
    fake.driver.connected = true;
    const stopping = fake.registry.shutdown();
    const refused = await fake.http.post('/v1/sessions').set(auth).send({});
    await stopping;
    expect(refused.body.error).to.deep.equal({ code: 'engine_unavailable', message: 'The server is shutting down; retry after 5 s' });
  });

  it('when the engine is lost while an act runs', async () => {
    const fake = startFakeService();
    service = fake;
    const auth = { Authorization: `Bearer ${fake.key('pro')}` };
    const id = (await fake.http.post('/v1/sessions').set(auth).send({})).body.session_id as string;
    const acting = fake.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: Array.from({ length: 50 }, () => ({ wait: { ms: 1 } })) }).then((res) => res);
    for (let i = 0; i < 10_000 && ![...fake.driver.running.values()].some((n) => n > 0); i++) await new Promise((resolve) => setImmediate(resolve));
    fake.loseEngine();
    const res = await acting;
    expect(res.status).to.equal(503);
    expect(res.body.error).to.deep.equal({ code: 'engine_unavailable', message: `Session ${id} ended: The browser engine failed; retry after 2 s` });
  });

  it('still hides the message of an unexpected fault', async () => {
    const fake = startFakeService();
    service = fake;
    fake.driver.open = () => Promise.reject(new Error('secret internals at /srv/tabwright'));
    const res = await fake.http.post('/v1/sessions').set({ Authorization: `Bearer ${fake.key('pro')}` }).send({});
    expect(res.status).to.equal(500);
    expect(res.body.error).to.deep.equal({ code: 'internal_error', message: 'Internal error' });
  });
});
