import { expect } from 'chai';
import { startFakeService, type Service } from '../support/service.js';
import type { ManualClock } from '../../lib/platform/clock.js';

describe('rate limit', () => {
  let service: Service & { clock: ManualClock };
  beforeEach(() => {
    service = startFakeService();
  });
  afterEach(() => service.stop());

  it('admits exactly the plan\'s requests per minute and refuses the next with Retry-After', async () => {
    const key = service.key('trial');
    for (let i = 0; i < 60; i++) {
      const res = await service.http.get('/v1/sessions').set('Authorization', `Bearer ${key}`);
      expect(res.status, `request ${i + 1}`).to.equal(200);
      expect(res.headers['x-ratelimit-limit']).to.equal('60');
      expect(res.headers['x-ratelimit-remaining']).to.equal(String(59 - i));
      expect(Number(res.headers['x-ratelimit-reset'])).to.be.greaterThan(service.clock.now() / 1000);
    }
    const refused = await service.http.get('/v1/sessions').set('Authorization', `Bearer ${key}`);
    expect(refused.status).to.equal(429);
    expect(refused.body.error.code).to.equal('rate_limited');
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
    expect(refused.headers['x-ratelimit-remaining']).to.equal('0');
  });

  it('frees the window as time passes, and counts keys separately', async () => {
    const key = service.key('trial');
    const other = service.key('trial');
    for (let i = 0; i < 60; i++) await service.http.get('/v1/sessions').set('Authorization', `Bearer ${key}`);
    expect((await service.http.get('/v1/sessions').set('Authorization', `Bearer ${other}`)).status).to.equal(200);
    expect((await service.http.get('/v1/sessions').set('Authorization', `Bearer ${key}`)).status).to.equal(429);
    service.clock.advance(60_001);
    expect((await service.http.get('/v1/sessions').set('Authorization', `Bearer ${key}`)).status).to.equal(200);
  });
});
