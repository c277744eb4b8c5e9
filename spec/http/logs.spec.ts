import { expect } from 'chai';
import { get } from 'node:http';
import { captureLog, type LogCapture } from '../support/log-capture.js';
import { startFakeService } from '../support/service.js';

describe('the service log', () => {
  let service: ReturnType<typeof startFakeService>;
  let capture: LogCapture;
  let key: string;
  let auth: { Authorization: string };
  beforeEach(() => {
    capture = captureLog();
    service = startFakeService({ telemetry: capture.telemetry });
    key = service.key('pro');
    auth = { Authorization: `Bearer ${key}` };
  });
  afterEach(() => service.stop());

  const prefix = (): string => key.slice(0, 16);

  it('writes one line per request: request id, method, route pattern, status, ms, key prefix and session id', async () => {
    const created = await service.http.post('/v1/sessions').set(auth).send({});
    const id = created.body.session_id as string;
    const acted = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ observe: {} }] });
    const requests = capture.lines('request');
    expect(requests).to.have.length(2);
    expect(requests[0]).to.include({ request_id: created.headers['x-request-id'], method: 'POST', route: '/v1/sessions', status: 201, key_prefix: prefix(), session_id: id, level: 30 });
    expect(requests[1]).to.include({ request_id: acted.headers['x-request-id'], method: 'POST', route: '/v1/sessions/:id/act', status: 200, key_prefix: prefix(), session_id: id });
    for (const line of requests) expect(line.ms).to.be.a('number').and.at.least(0);
    expect(capture.text()).to.not.include(key);
  });

  it('never writes a session\'s CDP connect token: the envelope, discovery by token and a refused upgrade leave it out', async () => {
    const created = await service.http.post('/v1/sessions').set(auth).send({});
    const id = created.body.session_id as string;
    const token = new URL(created.body.cdp_url as string).searchParams.get('token')!;
    expect(token).to.have.length(32);
    const found = await service.http.get(`/v1/sessions/${id}/cdp/json/version?token=${token}`);
    expect(found.status).to.equal(200);
    const base = await service.listen();
    // A fake driver has no browser: the upgrade is refused after the token was checked.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const headers = { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Version': '13', 'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==' };
      get(`${base}/v1/sessions/${id}/cdp?token=${token}`, { headers }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject);
    });
    expect(status).to.equal(503);
    expect(capture.lines('request').map((line) => line.route)).to.include('/v1/sessions/:id/cdp/json/version');
    expect(capture.text()).to.not.include(token);
  });

  it('names an unknown route "unmatched" and an error by its code, without the raw path or a stray parameter', async () => {
    await service.http.get(`/v1/keys/${key}`).set(auth);
    await service.http.get(`/v1/sessions/${key}`).set(auth);
    await service.http.get('/v1/sessions').set({ Authorization: 'Bearer sk_live_wrong' });
    const [unknown, missing, refused] = capture.lines('request');
    expect(unknown).to.include({ route: 'unmatched', status: 404, code: 'not_found' });
    expect(missing).to.include({ route: '/v1/sessions/:id', status: 404, code: 'session_not_found', key_prefix: prefix() });
    expect(missing).to.not.have.property('session_id');
    expect(refused).to.include({ route: '/v1/sessions', status: 401, code: 'unauthorized' });
    expect(refused).to.not.have.property('key_prefix');
    expect(capture.text()).to.not.include(key);
    expect(capture.text()).to.not.include('sk_live_wrong');
  });

  it('logs health and metrics probes at debug, not info', async () => {
    await service.http.get('/health');
    await service.http.get('/metrics');
    expect(capture.lines('request').map((line) => [line.route, line.level])).to.deep.equal([['/health', 20], ['/metrics', 20]]);
  });

  it('logs a session start and its end with outcome, duration, credits and bytes', async () => {
    const created = await service.http.post('/v1/sessions').set(auth).send({ timeout: 60 });
    const id = created.body.session_id as string;
    service.clock.advance(2_500);
    await service.http.delete(`/v1/sessions/${id}`).set(auth);
    expect(capture.lines('session started')).to.deep.equal([
      { level: 30, time: capture.lines('session started')[0]!.time, session_id: id, key_prefix: prefix(), test: false, timeout_s: 60, msg: 'session started' },
    ]);
    const [ended] = capture.lines('session ended');
    expect(ended).to.include({ level: 30, session_id: id, key_prefix: prefix(), status: 'closed', duration_ms: 2_500, seconds: 3, credits: 3, debited: 3, refunded: 0, bytes_datacenter: 0, bytes_residential: 0 });
    expect(ended).to.not.have.property('code');
  });

  it('logs the end of a session the service failed at warn, with its code', async () => {
    await service.http.post('/v1/sessions').set(auth).send({});
    service.loseEngine();
    await service.registry.settled();
    expect(capture.lines('session ended')[0]).to.include({ level: 40, status: 'failed', code: 'engine_failure' });
  });

  it('logs the cause of a 500 at error with the request id before the answer goes out', async () => {
    const created = await service.http.post('/v1/sessions').set(auth).send({});
    const id = created.body.session_id as string;
    const acted = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://shop.test/fault' } }] });
    expect(acted.status).to.equal(500);
    expect(acted.body).to.deep.equal({ error: { code: 'internal_error', message: 'Internal error' } });
    const [fault] = capture.lines('internal error');
    expect(fault).to.include({ level: 50, request_id: acted.headers['x-request-id'], method: 'POST', path: `/v1/sessions/${id}/act` });
    expect((fault!.err as { message: string }).message).to.equal('the fake page driver failed at http://shop.test/fault');
    expect((fault!.err as { stack: string }).stack).to.include('fake-driver');
  });

  it('logs a failed step at warn with the session, step index, type, code and message', async () => {
    const created = await service.http.post('/v1/sessions').set(auth).send({});
    const id = created.body.session_id as string;
    await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ observe: {} }, { goto: { url: 'http://shop.test/403' } }] });
    expect(capture.lines('step failed')).to.deep.equal([
      { level: 40, time: capture.lines('step failed')[0]!.time, session_id: id, step: 1, step_type: 'goto', code: 'access_denied', message: 'The site answered HTTP 403', msg: 'step failed' },
    ]);
  });
});
