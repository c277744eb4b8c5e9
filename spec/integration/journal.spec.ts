import { expect } from 'chai';
import { Engine } from '../../actors/engine.js';
import type { JournalEvent } from '../../lib/platform/journal/events.js';
import { captureLog, type LogCapture } from '../support/log-capture.js';
import { startService, type Service } from '../support/service.js';
import { TestSite, html } from '../support/site.js';

const secrets = {
  password: 'pass-word-9Kd4',
  typed: 'typed-text-3Vn8',
  createCookie: 'create-cookie-7Qx2',
  pageCookie: 'page-cookie-6Wz5',
  jsTail: 'js-tail-secret-2Pw6',
};

// A GET form: submitting it puts the password into the next document's URL.
const FORM = html(
  'Sign in',
  `<h1>Sign in</h1>
   <form method="get" action="/signed-in">
     <label>Name <input name="name"></label>
     <label>Password <input type="password" name="password"></label>
     <button type="submit">Sign in</button>
   </form>
   <script>console.error('form ready'); setTimeout(() => { throw new Error('late failure'); }, 0);</script>`,
);

describe('the journal of a flow in real Chromium', function () {
  this.timeout(120_000);
  let site: TestSite;
  let engine: Engine;
  let capture: LogCapture;
  let service: Service;
  let auth: { Authorization: string };

  before(async () => {
    site = await TestSite.start({
      '/': { body: FORM },
      '/signed-in': { body: html('Welcome', '<h1>Welcome</h1>') },
      '/cookie': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html', 'Set-Cookie': `tok=${secrets.pageCookie}; Path=/` }).end(html('Cookie', '<h1>Cookie set</h1>'));
      },
    });
  });
  after(() => site.stop());
  beforeEach(async () => {
    capture = captureLog();
    engine = new Engine({ telemetry: capture.telemetry });
    await engine.start();
    service = startService({ engine, telemetry: capture.telemetry });
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  afterEach(async () => {
    await service.stop();
    await engine.stop();
  });

  const act = (id: string, steps: unknown[]) => service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps });
  const stored = (id: string): Array<Record<string, unknown>> => service.store.db.prepare('SELECT * FROM journal_events WHERE session_id = ? ORDER BY id').all(id) as Array<Record<string, unknown>>;

  it('records steps, navigations and page errors with no password, cookie value or execute_js code beyond its excerpt', async () => {
    const code = `const pad = ${JSON.stringify('x'.repeat(90))}; return document.title + ${JSON.stringify(secrets.jsTail)};`;
    const created = await service.http.post('/v1/sessions').set(auth).send({
      url: site.url('/'),
      cookies: [{ name: 'sid', value: secrets.createCookie, url: site.url('/') }],
    });
    expect(created.status).to.equal(201);
    const id = created.body.session_id as string;
    const filled = await act(id, [
      { fill: { label: 'Password', value: secrets.password } },
      { type: { label: 'Name', value: secrets.typed } },
      { execute_js: { code, result_key: 'js' } },
      { click: { text: 'Sign in' } },
      { goto: { url: site.url('/cookie') } },
      { extract: { cookies: 'js >> document.cookie' } },
    ]);
    expect(filled.body.error).to.equal(null);
    expect(filled.body.extraction.cookies).to.include(secrets.pageCookie).and.include(secrets.createCookie);
    expect((await service.http.delete(`/v1/sessions/${id}`).set(auth)).status).to.equal(204);

    const rows = stored(id);
    const table = JSON.stringify(rows);
    for (const [what, secret] of Object.entries(secrets)) {
      expect(table.includes(secret), `${what} in the journal table`).to.equal(false);
      expect(capture.text().includes(secret), `${what} in the log`).to.equal(false);
    }
    const events = rows.map((row) => JSON.parse(row.data as string) as JournalEvent);
    const steps = events.filter((e) => e.type === 'step');
    expect(steps.map((e) => e.step)).to.deep.equal(['goto', 'fill', 'type', 'execute_js', 'click', 'goto', 'extract']);
    expect(steps.every((e) => e.ok)).to.equal(true);
    expect(steps[1]!.params).to.deep.include({ label: 'Password', value: '[redacted]' });
    expect((steps[3]!.params as { code: string }).code).to.equal(`${code.slice(0, 80)}…`);
    const navigations = events.filter((e) => e.type === 'navigation');
    expect(navigations.map((e) => new URL(e.url).pathname)).to.deep.equal(['/', '/signed-in', '/cookie']);
    expect(navigations.every((e) => e.status === 200)).to.equal(true);
    // The GET form sent the password in the URL: the journal shows where it was, not what.
    expect(navigations[1]!.url).to.include('password=[redacted]');
    expect(events.some((e) => e.type === 'console.error' && e.message === 'form ready')).to.equal(true);
    expect(events.some((e) => e.type === 'page.error' && e.message.includes('late failure'))).to.equal(true);
    expect(events.at(-1)).to.deep.include({ type: 'ended', status: 'closed' });
  });

  it('records exactly the machine\'s transitions: idle, running, idle for one act', async () => {
    const created = await service.http.post('/v1/sessions').set(auth).send({});
    const id = created.body.session_id as string;
    await act(id, [{ goto: { url: site.url('/signed-in') } }]);
    const res = await service.http.get(`/v1/sessions/${id}/events`).set(auth);
    const transitions = (res.body.events as JournalEvent[]).flatMap((e) => (e.type === 'transition' ? [`${e.from ?? ''} -> ${e.to}`] : []));
    expect(transitions).to.deep.equal([' -> active.idle', 'active.idle -> active.running', 'active.running -> active.idle']);
    const types = (res.body.events as JournalEvent[]).map((e) => e.type);
    expect(types.indexOf('act.finished')).to.be.greaterThan(types.indexOf('step'));
  });
});
