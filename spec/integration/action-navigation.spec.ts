import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';

/** Where the address guard of the test network says no (127.0.0.1 is allowed, 127.0.0.2 is not). */
const refused = (origin: string, scheme = 'http'): string => `${origin.replace('http://127.0.0.1', `${scheme}://127.0.0.2`)}/secret`;

describe('POST /v1/sessions/:id/act: navigations a step causes', function () {
  this.timeout(120_000);
  const t = browserSuite({
    '/next': { body: html('Next', '<h1>Next</h1>') },
    '/forbidden': { status: 403, body: html('Forbidden', '<h1>Go away</h1>') },
  });
  const { create, act } = t;
  before(() => {
    const target = refused(t.site.origin);
    t.site.route('/links', {
      body: html(
        'Links',
        `<a href="${target}">Plain link</a>
         <a href="${refused(t.site.origin, 'https')}">Secure link</a>
         <a href="/to-refused">Redirecting link</a>
         <a href="/forbidden">Forbidden link</a>
         <a href="http://no-such-host.test/">Dead link</a>
         <form action="${target}" method="post"><input aria-label="Name" name="name"><button type="submit">Send</button></form>`,
      ),
    });
    t.site.route('/to-refused', (_req, res) => res.writeHead(302, { Location: target }).end());
  });

  /** The step failed as a refused navigation does, the session is still active and acts, and it bills as closed. */
  async function expectRefused(id: string, res: { body: { error: Record<string, unknown> & { context: Record<string, unknown> } } }, url: string): Promise<void> {
    expect(res.body.error).to.include({ code: 'navigation_failed' });
    expect(res.body.error.context).to.include({ reason: 'blocked_address', url });
    expect(res.body.error.message).to.match(/is not an allowed address|the address is not allowed/);
    const info = await t.service.http.get(`/v1/sessions/${id}`).set(t.auth);
    expect(info.body.status).to.equal('active');
    const next = await act(id, [{ goto: { url: t.site.url('/next') } }]);
    expect(next.body.error).to.equal(null);
    expect(next.body.page.title).to.equal('Next');
    expect((await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth)).status).to.equal(204);
    const row = t.service.store.sync.getSession(id)!;
    expect(row).to.include({ status: 'closed', errorCode: null });
    const entries = t.service.store.sync.ledgerEntries(row.accountId).filter((entry) => entry.sessionId === id);
    expect(entries.map((entry) => entry.kind)).to.deep.equal(['debit']);
  }

  const cases: Array<[string, (origin: string) => unknown, (origin: string) => string]> = [
    ['a click on a plain-HTTP link', () => ({ click: { text: 'Plain link' } }), (origin) => refused(origin)],
    ['a click on an HTTPS link', () => ({ click: { text: 'Secure link' } }), (origin) => refused(origin, 'https')],
    ['a click on a link that redirects there', () => ({ click: { text: 'Redirecting link' } }), (origin) => refused(origin)],
    ['a form submitted by fill_form', () => ({ fill_form: { fields: { Name: 'Ada' }, submit: true } }), (origin) => refused(origin)],
    ['execute_js setting location.href', (origin) => ({ execute_js: { code: `location.href = ${JSON.stringify(refused(origin))}` } }), (origin) => refused(origin)],
  ];
  for (const [what, step, target] of cases) {
    it(`answers navigation_failed / blocked_address when ${what} leads to a refused address, and keeps the session`, async () => {
      const id = (await create({ url: t.site.url('/links') })).body.session_id as string;
      const res = await act(id, [step(t.site.origin), { wait: { ms: 1 } }]);
      expect(res.status).to.equal(200);
      expect(res.body.completed).to.equal(0);
      await expectRefused(id, res, target(t.site.origin));
    });
  }

  it('answers navigation_failed with the cause when a click leads nowhere, as goto does', async () => {
    const id = (await create({ url: t.site.url('/links') })).body.session_id as string;
    const res = await act(id, [{ click: { text: 'Dead link' } }]);
    expect(res.body.error).to.include({ code: 'navigation_failed', message: 'Navigation to http://no-such-host.test/ failed: the host name does not resolve' });
    expect(res.body.error.context).to.deep.equal({ url: 'http://no-such-host.test/', reason: 'dns' });
    expect((await t.service.http.get(`/v1/sessions/${id}`).set(t.auth)).body.status).to.equal('active');
  });

  it('still fails the session with access_denied when a click reaches the site\'s own 403', async () => {
    const id = (await create({ url: t.site.url('/links') })).body.session_id as string;
    const res = await act(id, [{ click: { text: 'Forbidden link' } }]);
    expect(res.body.error).to.include({ code: 'access_denied' });
    expect(res.body.error.context).to.deep.equal({ status: 403, url: t.site.url('/forbidden') });
    expect((await t.service.http.get(`/v1/sessions/${id}`).set(t.auth)).body).to.include({ status: 'failed', error_code: 'access_denied' });
  });
});
