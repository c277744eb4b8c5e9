import { expect } from 'chai';
import type { EngineView } from '../../http/state.js';
import type { EngineHealth } from '../../machines/engine.js';
import { startFakeService, type Service } from '../support/service.js';

describe('GET /health', () => {
  let service: Service;
  const engine = { health: 'up' as EngineHealth, retryAfter: () => 3 } satisfies EngineView;
  beforeEach(() => {
    engine.health = 'up';
    service = startFakeService({ health: engine });
  });
  afterEach(() => service.stop());

  it('answers 200 with the engine up and the number of live sessions, without a key', async () => {
    const auth = { Authorization: `Bearer ${service.key()}` };
    for (let i = 0; i < 2; i++) expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(201);
    const res = await service.http.get('/health');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ status: 'ok', engine: 'up', sessions: 2 });
    expect(res.headers['x-request-id']).to.match(/^req_/);
  });

  for (const state of ['down', 'restarting'] as const) {
    it(`answers 503 unavailable with Retry-After while the engine is ${state}`, async () => {
      engine.health = state;
      const res = await service.http.get('/health');
      expect(res.status).to.equal(503);
      expect(res.body).to.deep.equal({ status: 'unavailable', engine: state, sessions: 0 });
      expect(res.headers['retry-after']).to.equal('3');
      expect(res.headers['x-request-id']).to.match(/^req_/);
    });
  }

  it('answers only GET: another method is the unknown-route 404', async () => {
    const res = await service.http.post('/health').send({});
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('not_found');
  });
});
