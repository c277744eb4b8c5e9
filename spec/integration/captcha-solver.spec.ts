import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Engine } from '../../actors/engine.js';
import { sharedEngine } from '../support/browser.js';
import { SOLVER_CAP_MS } from '../../lib/platform/config/services.js';
import { startService, type Service } from '../support/service.js';
import { TestSite, html } from '../support/site.js';
import { contactForm } from '../lib/browser/captcha/shell.js';

const RECAPTCHA_KEY = '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI';
const HCAPTCHA_KEY = '10000000-ffff-ffff-ffff-000000000001';
const TURNSTILE_KEY = '1x00000000000000000000AA';

// The widget as a site writes it, before the vendor's script renders it: no response field yet.
const CONTACT = html(
  'Contact us',
  `<h1>Contact us</h1>
   <script>window.onCaptcha = (token) => { window.captchaToken = token; };</script>
   ${contactForm(`<div class="g-recaptcha" data-sitekey="${RECAPTCHA_KEY}" data-callback="onCaptcha"></div>`)}`,
);

/** A near-empty "check before you continue" page: the widget is blocking. */
const gate = (widget: string): string =>
  html('One more step', `<h1>One more step</h1><form action="/verify" method="post"><input type="hidden" name="next" value="/">${widget}<button type="submit">Continue</button></form>`);

/** A 2Captcha-compatible API on loopback: records tasks, answers "not ready" once, then the token or `failure`. */
class FakeSolver {
  readonly tasks: Array<Record<string, string>> = [];
  failure: string | null = null;
  private polls = 0;
  private constructor(private readonly server: Server, readonly base: string) {}

  static async start(): Promise<FakeSolver> {
    const holder: { solver?: FakeSolver } = {};
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const solver = holder.solver!;
        const url = new URL(req.url ?? '/', solver.base);
        const answer = (status: number, request: string) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status, request }));
        if (url.pathname === '/in.php' && req.method === 'POST') {
          solver.tasks.push(Object.fromEntries(new URLSearchParams(body)));
          return answer(1, `task-${solver.tasks.length}`);
        }
        if (url.pathname === '/res.php' && url.searchParams.get('action') === 'get') {
          if (solver.polls++ % 2 === 0) return answer(0, 'CAPCHA_NOT_READY');
          return solver.failure ? answer(0, solver.failure) : answer(1, `TOKEN-${url.searchParams.get('id')}`);
        }
        res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return (holder.solver = new FakeSolver(server, `http://127.0.0.1:${port}`));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('CAPTCHA solving through a 2Captcha-compatible API', function () {
  this.timeout(120_000);
  let engine: Engine;
  let site: TestSite;
  let solver: FakeSolver;
  let service: Service;
  let auth: { Authorization: string };

  before(async () => {
    engine = await sharedEngine();
    solver = await FakeSolver.start();
    site = await TestSite.start({
      '/contact': { body: CONTACT },
      '/hcaptcha': { body: gate(`<div class="h-captcha" data-sitekey="${HCAPTCHA_KEY}"></div>`) },
      '/turnstile': { body: gate(`<script>window.onPass = (t) => { window.captchaToken = t; };</script><div class="cf-turnstile" data-sitekey="${TURNSTILE_KEY}" data-callback="onPass"></div>`) },
    });
  });
  after(async () => {
    await site.stop();
    await solver.stop();
  });
  afterEach(async () => {
    await service.stop();
  });

  /** The driver is given the solver's settings when the service starts. */
  const start = (withSolver: boolean): void => {
    service = startService({ engine, solver: withSolver ? { base: solver.base, key: 'test-api-key', pollMs: 50, capMs: SOLVER_CAP_MS } : null });
    auth = { Authorization: `Bearer ${service.key('pro')}` };
    solver.tasks.length = 0;
    solver.failure = null;
  };
  const create = (body: object) => service.http.post('/v1/sessions').set(auth).send(body);
  const act = (id: string, steps: unknown[]) => service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps });
  const close = async (id: string) => expect((await service.http.delete(`/v1/sessions/${id}`).set(auth)).status).to.be.lessThan(300);

  it('solves a reCAPTCHA in a contact form, applies the token and bills 75 credits for the solve', async () => {
    start(true);
    const res = await create({ url: site.url('/contact') });
    expect(res.body.error).to.equal(null);
    expect(res.body.page).to.not.have.property('captcha');
    const id = res.body.session_id as string;
    expect(solver.tasks).to.deep.equal([
      { key: 'test-api-key', method: 'userrecaptcha', googlekey: RECAPTCHA_KEY, pageurl: site.url('/contact'), json: '1' },
    ]);
    const until = `window.captchaToken === 'TOKEN-task-1' && document.getElementById('g-recaptcha-response').value === 'TOKEN-task-1'
      && document.getElementById('g-recaptcha-response').closest('form').id === 'contact'`;
    const check = await act(id, [{ wait: { until, timeout: 2_000 } }]);
    expect(check.body.error).to.equal(null);

    await close(id);
    expect(service.store.sync.getUsage(id)?.captchaSolves).to.equal(1);
    const accountId = service.store.sync.getSession(id)!.accountId;
    const debit = service.store.sync.ledgerEntries(accountId).find((entry) => entry.kind === 'debit' && entry.sessionId === id);
    expect(debit?.captcha).to.equal(75);
    expect(debit!.amount).to.equal(debit!.runtime + debit!.proxyDc + debit!.proxyResident + debit!.aiTokens + 75);
  });

  it('solves blocking hCaptcha and Turnstile gates, filling their response fields', async () => {
    start(true);
    const hcaptcha = await create({ url: site.url('/hcaptcha') });
    expect(hcaptcha.body.error).to.equal(null);
    const fields = `['h-captcha-response', 'g-recaptcha-response'].every((name) => document.querySelector('[name=' + name + ']').value === 'TOKEN-task-1')`;
    expect((await act(hcaptcha.body.session_id, [{ wait: { until: fields, timeout: 2_000 } }])).body.error).to.equal(null);

    const turnstile = await create({ url: site.url('/turnstile') });
    expect(turnstile.body.error).to.equal(null);
    const applied = `window.captchaToken === 'TOKEN-task-2' && document.querySelector('[name=cf-turnstile-response]').value === 'TOKEN-task-2'`;
    expect((await act(turnstile.body.session_id, [{ wait: { until: applied, timeout: 2_000 } }])).body.error).to.equal(null);
    expect(solver.tasks.map((task) => [task.method, task.sitekey])).to.deep.equal([
      ['hcaptcha', HCAPTCHA_KEY],
      ['turnstile', TURNSTILE_KEY],
    ]);
  });

  it('reports the widget with the solver\'s reason in the page (a form\'s widget is no step error), or keeps captcha_unsolvable for a gate, when the solver answers ERROR_CAPTCHA_UNSOLVABLE; nothing is billed', async () => {
    start(true);
    solver.failure = 'ERROR_CAPTCHA_UNSOLVABLE';
    const res = await create({ url: site.url('/contact') });
    expect(res.body.error).to.equal(null);
    expect(res.body.page.captcha.kind).to.equal('recaptcha');
    expect(res.body.page.captcha.message).to.contain('ERROR_CAPTCHA_UNSOLVABLE');
    const id = res.body.session_id as string;
    await close(id);
    expect(service.store.sync.getUsage(id)?.captchaSolves).to.equal(0);

    const wall = await create({ url: site.url('/hcaptcha') });
    expect(wall.body.error).to.include({ code: 'captcha_unsolvable' });
    expect(wall.body.error.message).to.contain('ERROR_CAPTCHA_UNSOLVABLE');
  });

  it('changes nothing without TABWRIGHT_CAPTCHA_SOLVER', async () => {
    start(false);
    const res = await create({ url: site.url('/contact') });
    expect(res.body.error).to.equal(null);
    expect(res.body.page.captcha.kind).to.equal('recaptcha');
    expect(res.body.page.captcha.message).to.not.contain('solver');
    expect(solver.tasks).to.deep.equal([]);
    const id = res.body.session_id as string;
    await close(id);
    expect(service.store.sync.getUsage(id)?.captchaSolves).to.equal(0);
  });
});
