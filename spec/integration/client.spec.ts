import { expect } from 'chai';
import { Tabwright, TabwrightError } from '../../client/index.js';
import { browserSuite } from '../support/browser.js';
import { GREETER } from '../support/agent-pages.js';

describe('tabwright/client against the service', function () {
  this.timeout(120_000);
  const t = browserSuite({ '/greeter': { body: GREETER } });

  it('creates a session, fills by label, clicks by text, reads the page and deletes the session', async () => {
    const tabwright = new Tabwright({ baseUrl: await t.service.listen(), apiKey: t.auth.Authorization.slice('Bearer '.length) });
    const created = await tabwright.createSession({ url: t.site.url('/greeter') });
    expect(created.page?.title).to.equal('Greeter');

    const acted = await tabwright.act(created.session_id, { steps: [{ fill: { label: 'Your name', value: 'Ada' } }, { click: { text: 'Greet me' } }] });
    expect(acted.error ?? null).to.equal(null);
    expect(acted.page?.markdown?.content).to.include('Hello, Ada');

    expect((await tabwright.listSessions()).sessions.map((session) => session.session_id)).to.include(created.session_id);
    await tabwright.deleteSession(created.session_id);
    const error = await tabwright.act(created.session_id, { steps: [{ observe: {} }] }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(TabwrightError);
    expect(error).to.include({ status: 404, code: 'session_not_found' });
  });
});
