import { expect } from 'chai';
import type { ManualClock } from '../../lib/platform/clock.js';
import type { FakeDriver } from '../support/fake-driver.js';
import { Scrape } from '../support/prometheus.js';
import { startFakeService, type Service } from '../support/service.js';

type Fake = Service & { clock: ManualClock; driver: FakeDriver };

const SERVICE_METRICS = [
  'tabwright_sessions_active', 'tabwright_sessions_started_total', 'tabwright_sessions_ended_total', 'tabwright_acts_total',
  'tabwright_act_duration_seconds', 'tabwright_steps_total', 'tabwright_step_errors_total', 'tabwright_http_requests_total',
  'tabwright_engine_up', 'tabwright_engine_restarts_total', 'tabwright_engine_losses_total', 'tabwright_bytes_metered_total',
  'tabwright_credits_debited_total', 'tabwright_credits_refunded_total', 'tabwright_live_viewers', 'tabwright_screencasts_active',
  'tabwright_live_frames_total', 'tabwright_engine_work',
];

describe('GET /metrics', () => {
  let service: Fake;
  afterEach(() => service.stop());

  const scrape = async (): Promise<Scrape> => {
    const res = await service.http.get('/metrics');
    expect(res.status).to.equal(200);
    return new Scrape(res.text);
  };

  it('serves Prometheus text with the service metrics and the process metrics, without a key', async () => {
    service = startFakeService();
    const res = await service.http.get('/metrics');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['x-request-id']).to.match(/^req_/);
    const scraped = new Scrape(res.text);
    for (const name of SERVICE_METRICS) expect(scraped.declares(name), name).to.equal(true);
    expect(scraped.declares('process_cpu_user_seconds_total')).to.equal(true);
    expect(scraped.declares('nodejs_heap_size_used_bytes')).to.equal(true);
  });

  it('requires Authorization: Bearer <token> when a metrics token is set, with 401 in the error body otherwise', async () => {
    service = startFakeService({ metricsToken: 'metrics-secret-1' });
    const missing = await service.http.get('/metrics');
    expect(missing.status).to.equal(401);
    expect(missing.body.error.code).to.equal('unauthorized');
    expect(missing.headers['x-request-id']).to.match(/^req_/);
    for (const header of ['Bearer metrics-secret-2', 'Basic metrics-secret-1', `Bearer ${service.key()}`]) {
      const refused = await service.http.get('/metrics').set('Authorization', header);
      expect(refused.status, header).to.equal(401);
      expect(refused.body.error).to.deep.equal({ code: 'unauthorized', message: 'Invalid metrics token' });
    }
    const allowed = await service.http.get('/metrics').set('Authorization', 'Bearer metrics-secret-1');
    expect(allowed.status).to.equal(200);
    expect(new Scrape(allowed.text).declares('tabwright_acts_total')).to.equal(true);
  });

  it('counts sessions, acts, steps, step errors, requests by route pattern and credits', async () => {
    service = startFakeService();
    const auth = { Authorization: `Bearer ${service.key('pro')}` };
    const before = await scrape();

    const first = await service.http.post('/v1/sessions').set(auth).send({ url: 'http://a.test/', steps: [{ goto: { url: 'http://b.test/' } }] });
    const failed = await service.http.post(`/v1/sessions/${first.body.session_id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://b.test/403' } }, { observe: {} }] });
    expect(failed.body.error.code).to.equal('access_denied');
    const second = await service.http.post('/v1/sessions').set(auth).send({});
    service.clock.advance(4_000);
    expect((await service.http.delete(`/v1/sessions/${second.body.session_id}`).set(auth)).status).to.equal(204);
    expect((await service.http.get('/v1/nowhere/at/all').set(auth)).status).to.equal(404);
    await service.registry.settled();

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}): number => after.value(name, labels) - before.value(name, labels);
    expect(moved('tabwright_sessions_started_total')).to.equal(2);
    expect(after.value('tabwright_sessions_active')).to.equal(0);
    expect(moved('tabwright_sessions_ended_total', { status: 'failed', code: 'access_denied' })).to.equal(1);
    expect(moved('tabwright_sessions_ended_total', { status: 'closed', code: 'none' })).to.equal(1);
    expect(moved('tabwright_acts_total')).to.equal(2);
    expect(moved('tabwright_act_duration_seconds_count')).to.equal(2);
    // The create's url, its goto step and the act's failing goto; the observe after the failure never ran.
    expect(moved('tabwright_steps_total', { type: 'goto' })).to.equal(3);
    expect(moved('tabwright_steps_total', { type: 'observe' })).to.equal(0);
    expect(moved('tabwright_step_errors_total', { type: 'goto', code: 'access_denied' })).to.equal(1);
    expect(moved('tabwright_http_requests_total', { method: 'POST', route: '/v1/sessions', status: '201' })).to.equal(2);
    expect(moved('tabwright_http_requests_total', { method: 'POST', route: '/v1/sessions/:id/act', status: '200' })).to.equal(1);
    expect(moved('tabwright_http_requests_total', { method: 'DELETE', route: '/v1/sessions/:id', status: '204' })).to.equal(1);
    expect(moved('tabwright_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).to.equal(1);
    expect(moved('tabwright_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).to.equal(1);
    // The first session ran no time on the manual clock; the second ran 4 s at 1 credit a second.
    expect(moved('tabwright_credits_debited_total', { pool: 'live' })).to.equal(4);
    expect(moved('tabwright_credits_refunded_total', { pool: 'live' })).to.equal(0);
  });

  it('refunds an engine failure and counts it by pool', async () => {
    service = startFakeService();
    const auth = { Authorization: `Bearer ${service.key('pro', true)}` };
    await service.http.post('/v1/sessions').set(auth).send({});
    service.clock.advance(3_000);
    service.loseEngine();
    await service.registry.settled();
    const after = await scrape();
    expect(after.value('tabwright_sessions_ended_total', { status: 'failed', code: 'engine_failure' })).to.equal(1);
    expect(after.value('tabwright_credits_debited_total', { pool: 'test' })).to.equal(3);
    expect(after.value('tabwright_credits_refunded_total', { pool: 'test' })).to.equal(3);
  });

  it('keeps the counts of two apps in one process apart', async () => {
    service = startFakeService();
    const other = startFakeService();
    try {
      await service.http.post('/v1/sessions').set({ Authorization: `Bearer ${service.key()}` }).send({});
      expect((await scrape()).value('tabwright_sessions_started_total')).to.equal(1);
      const res = await other.http.get('/metrics');
      expect(new Scrape(res.text).value('tabwright_sessions_started_total')).to.equal(0);
    } finally {
      await other.stop();
    }
  });
});
