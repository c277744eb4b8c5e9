import { expect } from 'chai';
import { startFakeService, type Service } from '../support/service.js';

describe('authentication', () => {
  let service: Service;
  beforeEach(() => {
    service = startFakeService();
  });
  afterEach(() => service.stop());

  it('answers 401 unauthorized with X-Request-Id when the key is missing', async () => {
    const res = await service.http.get('/v1/sessions');
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('unauthorized');
    expect(res.headers['x-request-id']).to.match(/^req_[a-z0-9]{24}$/);
  });

  it('answers "Invalid API key" for a wrong key of the right shape', async () => {
    const res = await service.http.get('/v1/sessions').set('Authorization', 'Bearer sk_live_notarealkey0000000000');
    expect(res.status).to.equal(401);
    expect(res.body).to.deep.equal({ error: { code: 'unauthorized', message: 'Invalid API key' } });
  });

  it('refuses a revoked key', async () => {
    const key = service.key();
    service.store.sync.revokeKey(key, service.clock.now());
    const res = await service.http.get('/v1/sessions').set('Authorization', `Bearer ${key}`);
    expect(res.status).to.equal(401);
  });

  it('checks the key before reading the body: an oversized body without a key is 401, not 413', async () => {
    const res = await service.http
      .post('/v1/sessions')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ url: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.status).to.equal(401);
  });

  it('accepts sk_test_ keys like live ones', async () => {
    const key = service.key('trial', true);
    const res = await service.http.get('/v1/sessions').set('Authorization', `Bearer ${key}`);
    expect(res.status).to.equal(200);
  });
});

describe('unknown routes and health', () => {
  let service: Service;
  before(() => {
    service = startFakeService();
  });
  after(() => service.stop());

  it('answers 404 not_found with an error body', async () => {
    const res = await service.http.get('/v2/nothing').set('Authorization', `Bearer ${service.key()}`);
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('not_found');
    expect(res.headers['x-request-id']).to.match(/^req_/);
  });

  it('serves GET /health without a key', async () => {
    const res = await service.http.get('/health');
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('ok');
  });
});
