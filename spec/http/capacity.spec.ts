import { expect } from 'chai';
import { MEMORY_RETRY_AFTER_S } from '../../lib/platform/admission.js';
import { startFakeService, type Service } from '../support/service.js';
import type { FakeDriver } from '../support/fake-driver.js';

describe('POST /v1/sessions with the machine\'s memory nearly used', () => {
  let service: Service & { driver: FakeDriver };
  /** What the injected reader says the machine has left, in MB. */
  let available: number | null;
  let auth: { Authorization: string };
  const start = (minFreeMb: number): void => {
    service = startFakeService({ memory: { read: () => available, minFreeMb } });
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  };
  afterEach(() => service.stop());

  it('answers 503 engine_unavailable with Retry-After and why, before any page is opened or session recorded', async () => {
    start(256);
    available = 200;
    const res = await service.http.post('/v1/sessions').set(auth).send({ url: 'http://a.test/' });
    expect(res.status).to.equal(503);
    expect(res.body.error.code).to.equal('engine_unavailable');
    expect(res.body.error.message).to.equal(`The machine has 200 MB of memory left, below the 256 MB kept free for the live sessions; retry after ${MEMORY_RETRY_AFTER_S} s`);
    expect(res.headers['retry-after']).to.equal(String(MEMORY_RETRY_AFTER_S));
    expect(service.driver.opened).to.equal(0);
    expect((await service.http.get('/v1/sessions').set(auth)).body.sessions).to.deep.equal([]);
  });

  it('creates again once the memory is back above the threshold, and lets live sessions act meanwhile', async () => {
    start(256);
    available = 1000;
    const id = (await service.http.post('/v1/sessions').set(auth).send({})).body.session_id as string;
    available = 255;
    expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(503);
    expect((await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://a.test/' } }] })).status).to.equal(200);
    available = 256;
    expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(201);
  });

  it('never refuses with the threshold at 0, nor when the system does not say', async () => {
    start(0);
    available = 1;
    expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(201);
    await service.stop();
    start(256);
    available = null;
    expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(201);
  });

  it('answers the plan\'s refusals first: a key at its concurrency limit gets 429', async () => {
    start(256);
    available = 1000;
    const trial = { Authorization: `Bearer ${service.key('trial')}` };
    expect((await service.http.post('/v1/sessions').set(trial).send({})).status).to.equal(201);
    available = 10;
    const res = await service.http.post('/v1/sessions').set(trial).send({});
    expect(res.status).to.equal(429);
    expect(res.body.error.context.limit).to.equal('concurrent_sessions');
  });
});
