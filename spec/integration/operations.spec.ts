import { expect } from 'chai';
import { Engine } from '../../actors/engine.js';
import { captureLog, type LogCapture } from '../support/log-capture.js';
import { Scrape } from '../support/prometheus.js';
import { startService, type Service } from '../support/service.js';
import { TestSite, html } from '../support/site.js';

const FORM = html(
  'Sign in',
  `<h1>Sign in</h1>
   <form onsubmit="return false">
     <label>Name <input name="name"></label>
     <label>Password <input type="password" name="password"></label>
     <label>Notes <input name="notes"></label>
     <label>Country <select name="country"><option value="de">Germany</option><option value="fr">France</option></select></label>
     <button type="button" onclick="document.title = 'Clicked'">Go</button>
   </form>`,
);

const poll = async (check: () => Promise<boolean>, ms: number): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not reached within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('operations against real Chromium: logs, metrics, health', function () {
  this.timeout(120_000);
  let site: TestSite;
  let engine: Engine;
  let capture: LogCapture;
  let service: Service;
  let key: string;
  let auth: { Authorization: string };

  before(async () => {
    site = await TestSite.start({ '/': { body: FORM } });
  });
  after(() => site.stop());
  beforeEach(async () => {
    capture = captureLog();
    engine = new Engine({ telemetry: capture.telemetry });
    await engine.start();
    service = startService({ engine, telemetry: capture.telemetry });
    key = service.key('pro');
    auth = { Authorization: `Bearer ${key}` };
  });
  afterEach(async () => {
    await service.stop();
    await engine.stop();
  });

  const act = (id: string, steps: unknown[]) => service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps });
  const scrape = async (): Promise<Scrape> => new Scrape((await service.http.get('/metrics')).text);

  describe('the log of a whole flow', () => {
    it('holds no key, cookie value, typed or filled text, password, Authorization header or execute_js code', async () => {
      const secrets = {
        cookie: 'cookie-value-7Qx2',
        password: 'pass-word-9Kd4',
        typed: 'typed-text-3Vn8',
        filled: 'filled-text-5Hm1',
        jsToken: 'js-token-2Pw6',
        thrown: 'thrown-value-8Lc3',
        option: 'option-value-4Rt9',
      };
      const code = `return document.title + ${JSON.stringify(secrets.jsToken)}`;
      const created = await service.http.post('/v1/sessions').set(auth).send({
        url: site.url('/'),
        cookies: [{ name: 'sid', value: secrets.cookie, url: site.url('/') }],
      });
      expect(created.status).to.equal(201);
      const id = created.body.session_id as string;
      const filled = await act(id, [
        { fill: { label: 'Password', value: secrets.password } },
        { type: { label: 'Name', value: secrets.typed } },
        { fill: { label: 'Notes', value: secrets.filled } },
        { execute_js: { code, result_key: 'js' } },
        { extract: { heading: 'h1', cookie: 'js >> document.cookie' } },
      ]);
      expect(filled.body.error).to.equal(null);
      expect(filled.body.extraction).to.deep.include({ js: `Sign in${secrets.jsToken}`, cookie: `sid=${secrets.cookie}` });
      // Two failures whose messages quote the secret: a missing option, and what the code threw.
      const missing = await act(id, [{ select: { label: 'Country', value: secrets.option } }]);
      expect(missing.body.error.message).to.contain(secrets.option);
      const thrown = await act(id, [{ execute_js: { code: `throw new Error(${JSON.stringify(secrets.thrown)})` } }]);
      expect(thrown.body.error.message).to.contain(secrets.thrown);
      expect((await service.http.delete(`/v1/sessions/${id}`).set(auth)).status).to.equal(204);

      const text = capture.text();
      expect(capture.lines('request')).to.have.length(5);
      expect(capture.lines('session started')).to.have.length(1);
      expect(capture.lines('session ended')).to.have.length(1);
      expect(capture.lines('step failed').map((line) => [line.step_type, line.code])).to.deep.equal([['select', 'action_failed'], ['execute_js', 'action_failed']]);
      expect(capture.lines('step failed')[0]?.message).to.contain('[redacted]');
      for (const [what, secret] of Object.entries({ ...secrets, key, authorization: auth.Authorization, code })) {
        expect(text.includes(secret), `${what} in the log`).to.equal(false);
      }
      expect(text).to.include(key.slice(0, 16));
    });
  });

  describe('GET /metrics around a real flow', () => {
    it('moves each counter by what the flow did: sessions, acts, steps, errors, requests, bytes and credits', async () => {
      const before = await scrape();
      const created = await service.http.post('/v1/sessions').set(auth).send({ url: site.url('/') });
      const id = created.body.session_id as string;
      expect((await scrape()).value('tabwright_sessions_active')).to.equal(1);
      const acted = await act(id, [{ click: { text: 'Go' } }, { click: { text: 'No such button' } }, { observe: {} }]);
      expect(acted.body.completed).to.equal(1);
      expect(acted.body.error).to.include({ step: 1, code: 'element_not_found' });
      expect((await service.http.delete(`/v1/sessions/${id}`).set(auth)).status).to.equal(204);
      const after = await scrape();

      const moved = (name: string, labels: Record<string, string> = {}): number => after.value(name, labels) - before.value(name, labels);
      const usage = service.store.sync.getUsage(id)!;
      const account = service.store.sync.findKeyByToken(key)!.accountId;
      const debit = service.store.sync.ledgerEntries(account).find((entry) => entry.sessionId === id && entry.kind === 'debit')!;
      expect(usage.bytesDatacenter).to.be.above(0);
      expect(debit.amount).to.be.above(0);

      expect(moved('tabwright_sessions_started_total')).to.equal(1);
      expect(after.value('tabwright_sessions_active')).to.equal(0);
      expect(moved('tabwright_sessions_ended_total', { status: 'closed', code: 'none' })).to.equal(1);
      expect(moved('tabwright_acts_total')).to.equal(2);
      expect(moved('tabwright_act_duration_seconds_count')).to.equal(2);
      expect(moved('tabwright_steps_total', { type: 'goto' })).to.equal(1);
      expect(moved('tabwright_steps_total', { type: 'click' })).to.equal(2);
      expect(moved('tabwright_steps_total', { type: 'observe' })).to.equal(0);
      expect(moved('tabwright_step_errors_total', { type: 'click', code: 'element_not_found' })).to.equal(1);
      expect(moved('tabwright_http_requests_total', { method: 'POST', route: '/v1/sessions', status: '201' })).to.equal(1);
      expect(moved('tabwright_http_requests_total', { method: 'POST', route: '/v1/sessions/:id/act', status: '200' })).to.equal(1);
      expect(moved('tabwright_http_requests_total', { method: 'DELETE', route: '/v1/sessions/:id', status: '204' })).to.equal(1);
      expect(moved('tabwright_bytes_metered_total', { kind: 'datacenter' })).to.equal(usage.bytesDatacenter);
      expect(moved('tabwright_bytes_metered_total', { kind: 'residential' })).to.equal(0);
      expect(moved('tabwright_credits_debited_total', { pool: 'live' })).to.equal(debit.amount);
      expect(moved('tabwright_credits_refunded_total', { pool: 'live' })).to.equal(0);
      expect(after.value('tabwright_engine_up')).to.equal(1);
      expect(moved('tabwright_engine_restarts_total')).to.equal(0);
    });
  });

  describe('GET /health when Chromium is killed', () => {
    it('turns 503 within 2 s of SIGKILL on the browser pid and back to 200 once the engine relaunched', async () => {
      const created = await service.http.post('/v1/sessions').set(auth).send({ url: site.url('/') });
      expect(created.status).to.equal(201);
      expect((await service.http.get('/health')).body).to.deep.include({ status: 'ok', engine: 'up', sessions: 1 });
      const pid = engine.pid;
      expect(pid).to.be.a('number');
      expect(capture.lines('engine launched')[0]).to.include({ pid });

      const killed = performance.now();
      process.kill(pid!, 'SIGKILL');
      let unavailable: { status: number; body: Record<string, unknown> } | undefined;
      await poll(async () => {
        const res = await service.http.get('/health');
        if (res.status === 503) unavailable = res;
        return res.status === 503;
      }, 2_000);
      const toUnavailable = performance.now() - killed;
      expect(unavailable!.body.status).to.equal('unavailable');
      expect(['down', 'restarting']).to.include(unavailable!.body.engine);
      expect(unavailable!.body.sessions).to.be.a('number');

      await poll(async () => (await service.http.get('/health')).status === 200, 30_000);
      const toUp = performance.now() - killed;
      await service.registry.settled();
      expect((await service.http.get('/health')).body).to.deep.include({ status: 'ok', engine: 'up', sessions: 0 });
      expect(engine.pid).to.be.a('number').and.not.equal(pid);
      expect(capture.lines('engine lost')[0]).to.include({ level: 40, pid });
      expect(capture.lines('engine relaunched')[0]).to.include({ level: 30, pid: engine.pid });
      const after = await scrape();
      expect(after.value('tabwright_engine_restarts_total')).to.equal(1);
      expect(after.value('tabwright_engine_losses_total')).to.equal(1);
      expect(after.value('tabwright_sessions_ended_total', { status: 'failed', code: 'engine_failure' })).to.equal(1);
      // Kept for the report: how long each side of the outage lasted in this run.
      console.log(`      503 after ${toUnavailable.toFixed(0)} ms, 200 again after ${toUp.toFixed(0)} ms`);
    });
  });
});
