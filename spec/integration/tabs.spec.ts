import { expect } from 'chai';
import { chromium } from 'playwright';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { browserSuite } from '../support/browser.js';

type Tab = { tab: string; url: string; title: string; active: boolean; opener: string | null };
type Element = { ref: string; label: string };
type Page = {
  url: string;
  title: string;
  markdown: { content: string };
  interactive_elements: Element[];
  changes: { tab?: { from: string; to: string; reason: string } } | null;
  tabs?: Tab[];
};

const page = (title: string, body: string): string => `<!doctype html><title>${title}</title><body>${body}</body>`;

/** The sign-in's end: the popup sets a cookie, tells its opener and closes itself. */
function signedIn(req: IncomingMessage, res: ServerResponse): void {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const user = new URLSearchParams(body).get('user') ?? '';
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `who=${encodeURIComponent(user)}; Path=/` });
    res.end(page('Done', `<p>Signed in, closing</p><script>window.opener.postMessage({ user: ${JSON.stringify(user)} }, '*'); window.close();</script>`));
  });
}

const routes = {
  '/home': {
    type: 'text/html',
    body: page(
      'Shop',
      `<h1>Shop</h1><p id="status">Signed out</p><a href="/report" target="_blank">Open report</a>
       <button onclick="window.open('/signin', 'signin', 'width=400,height=500')">Sign in with popup</button>
       <button onclick="for (let i = 0; i < 6; i++) window.open('/report?n=' + i)">Open many</button>
       <button onclick="window.open('http://127.0.0.2:8000/x')">Open elsewhere</button>
       <script>addEventListener('message', (e) => { document.getElementById('status').textContent = 'Signed in as ' + e.data.user; });</script>`,
    ),
  },
  '/report': { type: 'text/html', body: page('Report', '<h1>Quarterly report</h1><button>Print</button>') },
  '/signin': { type: 'text/html', body: page('Sign in', '<form method="post" action="/signin/done"><input name="user" aria-label="User"><button>Continue</button></form>') },
  '/signin/done': signedIn,
};

describe('tabs (a session\'s pages that its pages open)', function () {
  this.timeout(60_000);
  const t = browserSuite(routes, 'pro', () => ({ maxTabs: 3 }));
  const events = async (id: string) => (await t.service.http.get(`/v1/sessions/${id}/events`).set(t.auth)).body.events as Array<Record<string, unknown>>;
  const ok = (res: { status: number; body: { error: unknown } }): void => {
    expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
    expect(res.body.error, JSON.stringify(res.body.error)).to.equal(null);
  };

  it('signs in through a popup: it becomes the active tab, and when it closes itself its opener is active again, signed in', async () => {
    const created = await t.create({ url: t.site.url('/home') });
    ok(created);
    const id = created.body.session_id as string;
    const opened = await t.act(id, [{ click: { text: 'Sign in with popup' } }]);
    ok(opened);
    const popup = opened.body.page as Page;
    expect(popup.url).to.equal(t.site.url('/signin'));
    expect(popup.changes?.tab).to.deep.equal({ from: 't1', to: 't2', reason: 'opened' });
    expect(popup.tabs).to.deep.equal([
      { tab: 't1', url: t.site.url('/home'), title: 'Shop', active: false, opener: null },
      { tab: 't2', url: t.site.url('/signin'), title: 'Sign in', active: true, opener: 't1' },
    ]);
    const done = await t.act(id, [{ fill: { label: 'User', value: 'ada' } }, { click: { text: 'Continue' } }]);
    ok(done);
    const back = done.body.page as Page;
    expect(back.url).to.equal(t.site.url('/home'));
    expect(back.markdown.content).to.include('Signed in as ada');
    expect(back.changes?.tab).to.deep.equal({ from: 't2', to: 't1', reason: 'closed' });
    expect(back).to.not.have.property('tabs');
    const cookie = await t.act(id, [{ execute_js: { code: 'return document.cookie' } }]);
    expect(cookie.body.extraction.js_result).to.equal('who=ada');
    // A tab is behind the session's address guard as its first page is.
    const elsewhere = await t.act(id, [{ click: { text: 'Open elsewhere' } }]);
    ok(elsewhere);
    expect(elsewhere.body.page.changes.tab).to.deep.equal({ from: 't1', to: 't3', reason: 'opened' });
    expect(elsewhere.body.page.markdown.content).to.include('Refused by tabwright');
    const journal = await events(id);
    expect(journal.filter((e) => String(e.type).startsWith('tab.')).map(({ type, tab, opener, reason }) => ({ type, tab, opener, reason }))).to.deep.equal([
      { type: 'tab.opened', tab: 't2', opener: 't1', reason: undefined },
      { type: 'tab.closed', tab: 't2', opener: undefined, reason: 'page' },
      { type: 'tab.opened', tab: 't3', opener: 't1', reason: undefined },
    ]);
  });

  it('follows a target=_blank link, keeps refs to their tab, and switches, opens and closes tabs with the tab step', async () => {
    const created = await t.create({ url: t.site.url('/home'), steps: [{ observe: { include_links: true } }] });
    ok(created);
    const id = created.body.session_id as string;
    const home = created.body.page as Page;
    const link = home.interactive_elements.find((e) => e.label === 'Open report')!;
    expect(link, JSON.stringify(home)).to.not.equal(undefined);
    const clicked = await t.act(id, [{ click: { ref: link.ref } }]);
    ok(clicked);
    const report = clicked.body.page as Page;
    expect(report.url).to.equal(t.site.url('/report'));
    expect(report.changes?.tab).to.deep.equal({ from: 't1', to: 't2', reason: 'opened' });
    expect(report.tabs!.map(({ tab, active, opener }) => ({ tab, active, opener }))).to.deep.equal([
      { tab: 't1', active: false, opener: null },
      { tab: 't2', active: true, opener: 't1' },
    ]);
    // Refs are never reused in a session, whichever tab numbered them.
    const maxHome = Math.max(...home.interactive_elements.map((e) => Number(e.ref.slice(1))));
    for (const element of report.interactive_elements) expect(Number(element.ref.slice(1))).to.be.greaterThan(maxHome);

    const foreign = await t.act(id, [{ click: { ref: link.ref } }]);
    expect(foreign.body.error).to.include({ code: 'element_not_found', step: 0 });
    expect(foreign.body.error.message).to.include(`belongs to tab t1`);
    expect(foreign.body.error.context).to.include({ tab: 't1' });

    const unknown = await t.act(id, [{ tab: { switch: 't9' } }]);
    expect(unknown.body.error).to.include({ code: 'invalid_request', message: 'There is no open tab t9; the open tabs are t1, t2' });
    const switched = await t.act(id, [{ tab: { switch: 't1' } }]);
    ok(switched);
    expect(switched.body.page.url).to.equal(t.site.url('/home'));
    expect(switched.body.page.changes.tab).to.deep.equal({ from: 't2', to: 't1', reason: 'switched' });
    // A ref of t1's latest observation works again in t1, after t2 was observed meanwhile.
    const print = (switched.body.page as Page).interactive_elements.find((e) => e.label === 'Open many')!;
    const again = await t.act(id, [{ tab: { switch: 't2' } }, { observe: {} }, { tab: { switch: 't1' } }, { click: { ref: print.ref } }]);
    ok(again);
    // Three open (the bound): the other two of the page's six were closed.
    expect(again.body.page.tabs.map((tab: Tab) => tab.tab)).to.deep.equal(['t1', 't2', 't3']);
    const closed = await t.act(id, [{ tab: { close: 't3' } }, { tab: { close: 't2' } }]);
    ok(closed);
    expect(closed.body.page.url).to.equal(t.site.url('/home'));
    expect(closed.body.page).to.not.have.property('tabs');
    const last = await t.act(id, [{ tab: { close: 't1' } }]);
    expect(last.body.error).to.include({ code: 'invalid_request' });
    expect(last.body.error.message).to.include('only tab');

    const opened = await t.act(id, [{ tab: { open: t.site.url('/report') } }]);
    ok(opened);
    expect(opened.body.page.url).to.equal(t.site.url('/report'));
    expect(opened.body.page.tabs).to.deep.include({ tab: 't4', url: t.site.url('/report'), title: 'Report', active: true, opener: null });
    // A refused address is refused as a goto's is, and the tab that could not open goes again.
    const refused = 'http://127.0.0.2:8000/';
    const viaGoto = (await t.act(id, [{ goto: { url: refused } }])).body.error;
    const viaTab = (await t.act(id, [{ tab: { open: refused } }])).body;
    expect(viaTab.error).to.include({ code: viaGoto.code, message: viaGoto.message });
    expect(viaTab.error.context).to.deep.equal(viaGoto.context);
    expect(viaGoto.context).to.include({ reason: 'blocked_address' });
    expect(viaTab.page.tabs.map((tab: Tab) => tab.tab)).to.deep.equal(['t1', 't4']);
  });

  it('holds a page that opens tabs in a loop to the bound, closing the rest, and the journal says so', async () => {
    const created = await t.create({ url: t.site.url('/home'), steps: [{ click: { text: 'Open many' } }] });
    ok(created);
    const id = created.body.session_id as string;
    const tabs = created.body.page.tabs as Tab[];
    expect(tabs).to.have.length(3);
    expect(tabs.slice(1).every((tab) => tab.opener === 't1')).to.equal(true);
    const journal = await events(id);
    expect(journal.filter((e) => e.type === 'tab.opened')).to.have.length(2);
    const refused = journal.filter((e) => e.type === 'tab.refused');
    expect(refused).to.have.length(4);
    expect(refused[0]).to.include({ opener: 't1', max: 3 });
    const more = await t.act(id, [{ tab: { open: t.site.url('/report') } }]);
    expect(more.body.error).to.include({ code: 'action_failed' });
    expect(more.body.error.message).to.include('TABWRIGHT_MAX_TABS');
  });

  it('makes a page a CDP client opens a tab of the session, in the background, with no opener', async () => {
    const created = await t.create({ url: t.site.url('/home') });
    ok(created);
    const id = created.body.session_id as string;
    const base = await t.service.listen();
    const browser = await chromium.connectOverCDP((created.body.cdp_url as string).replace(/^ws:\/\/[^/]+/, base.replace('http', 'ws')));
    try {
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(t.site.url('/report'));
      const res = await t.act(id, [{ observe: {} }]);
      ok(res);
      expect(res.body.page.url).to.equal(t.site.url('/home'));
      expect(res.body.page.tabs).to.deep.equal([
        { tab: 't1', url: t.site.url('/home'), title: 'Shop', active: true, opener: null },
        { tab: 't2', url: t.site.url('/report'), title: 'Report', active: false, opener: null },
      ]);
      const report = await t.act(id, [{ tab: { switch: 't2' } }]);
      expect(report.body.page.markdown.content).to.include('Quarterly report');
    } finally {
      await browser.close();
    }
  });

  it('answers a session whose pages open nothing as before, and refuses malformed tab steps with 400', async () => {
    const created = await t.create({ url: t.site.url('/report'), steps: [{ observe: {} }, { observe: {} }] });
    ok(created);
    const state = created.body.page as Page;
    expect(Object.keys(state).sort()).to.deep.equal(['changes', 'forms', 'interactive_elements', 'markdown', 'scroll', 'stable', 'title', 'url']);
    expect(Object.keys(state.changes!).sort()).to.deep.equal(['content_changed', 'content_delta', 'elements_added', 'elements_removed']);
    const id = created.body.session_id as string;
    for (const tab of [{}, { switch: 't1', close: 't1' }, { switch: 'x1' }, { open: 5 }, { move: 't1' }]) {
      const res = await t.act(id, [{ tab }]);
      expect(res.status, JSON.stringify(tab)).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
    }
  });
});
