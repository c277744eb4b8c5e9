import { expect } from 'chai';
import type { EngineView } from '../../http/state.js';
import type { EngineHealth } from '../../machines/engine.js';
import { startFakeService, type Service } from '../support/service.js';

describe('GET /health', () => {
  let service: Service;
  const engine = { health: 'up' as EngineHealth, retryAfter: () => 3 } satisfies EngineView;
  /** What the injected memory reader says the machine has left, in MB. */
  let available: number | null = 4096;
  beforeEach(() => {
    engine.health = 'up';
    available = 4096;
    service = startFakeService({ health: engine, memory: { read: () => available, minFreeMb: 256 } });
  });
  const memory = { available_mb: 4096, min_free_mb: 256, low: false };
  afterEach(() => service.stop());

  it('answers 200 with the engine up and the number of live sessions, without a key', async () => {
    const auth = { Authorization: `Bearer ${service.key()}` };
    for (let i = 0; i < 2; i++) expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(201);
    const res = await service.http.get('/health');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok', engine: 'up', sessions: 2, memory });
    expect(res.headers['x-request-id']).to.match(/^req_/);
  });

  for (const state of ['down', 'restarting'] as const) {
    it(`answers 503 unavailable with Retry-After while the engine is ${state}`, async () => {
      engine.health = state;
      const res = await service.http.get('/health');
      expect(res.status).to.equal(503);
      expect(res.body).to.deep.equal({ status: 'unavailable', engine: state, sessions: 0, memory });
      expect(res.headers['retry-after']).to.equal('3');
      expect(res.headers['x-request-id']).to.match(/^req_/);
    });
  }

  it('reports the memory seen and the threshold, still 200 while creates are refused for memory', async () => {
    available = 100;
    const res = await service.http.get('/health');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok', engine: 'up', sessions: 0, memory: { available_mb: 100, min_free_mb: 256, low: true } });
    available = null;
    expect((await service.http.get('/health')).body.memory).to.deep.equal({ available_mb: null, min_free_mb: 256, low: false });
  });

  it('answers only GET: another method is the unknown-route 404', async () => {
    const res = await service.http.post('/health').send({});
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('not_found');
  });
});
