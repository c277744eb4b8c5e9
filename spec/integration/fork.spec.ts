import { expect } from 'chai';
import { browserSuite } from '../support/browser.js';
import { signedIn, signInRoutes } from '../support/sign-in.js';

type Envelope = { session_id: string; page: { url: string; scroll: { y: number }; markdown: { content: string } } | null; error: unknown };

describe('POST /v1/sessions/{id}/fork', function () {
  this.timeout(90_000);
  const t = browserSuite(signInRoutes, 'pro', () => ({ memory: { read: () => memory.available, minFreeMb: 100 } }));
  const memory = { available: 10_000 };
  beforeEach(() => (memory.available = 10_000));
  const fork = (id: string, body: object, auth = t.auth) => t.service.http.post(`/v1/sessions/${id}/fork`).set(auth).send(body);
  const events = async (id: string) => (await t.service.http.get(`/v1/sessions/${id}/events`).set(t.auth)).body.events as Array<{ type: string; source?: string; sessions?: string[] }>;

  /** A session signed in (cookie, localStorage, sessionStorage, IndexedDB) and scrolled down its account page. */
  const signedInSession = async (): Promise<string> => {
    const res = await t.create({ url: t.site.url('/login?user=ada'), steps: [{ wait: { text: 'Stored' } }, { goto: { url: t.site.url('/account') } }, { wait: { text: 'local=' } }, { scroll: { direction: 'down', amount: 1200, times: 1 } }] });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.error).to.equal(null);
    expect(res.body.page.scroll.y).to.be.greaterThan(1000);
    return res.body.session_id as string;
  };

  it('gives N signed-in sessions at the source\'s URL and scroll, the source untouched, both journals telling', async () => {
    const source = await signedInSession();
    const before = (await t.act(source, [{ observe: {} }])).body as Envelope;
    const agent = async (id: string) => (await t.act(id, [{ execute_js: { code: 'return navigator.userAgent + " | " + navigator.userAgentData.platform;' } }])).body.extraction.js_result as string;
    const sourceAgent = await agent(source);
    const res = await fork(source, { count: 2, steps: [{ wait: { text: 'local=' } }] });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const sessions = res.body.sessions as Envelope[];
    expect(sessions).to.have.length(2);
    expect(new Set(sessions.map((s) => s.session_id)).size).to.equal(2);
    for (const copy of sessions) {
      expect(copy.session_id).to.not.equal(source);
      expect(copy.error).to.equal(null);
      expect(copy.page!.url).to.equal(t.site.url('/account'));
      expect(copy.page!.scroll.y).to.be.within(before.page!.scroll.y - 5, before.page!.scroll.y + 5);
      for (const line of signedIn()) expect(copy.page!.markdown.content).to.include(line);
      expect((await events(copy.session_id))[0]).to.deep.include({ type: 'fork.source', source });
      expect(await agent(copy.session_id)).to.equal(sourceAgent);
    }
    expect((await events(source)).filter((e) => e.type === 'forked').map((e) => e.sessions)).to.deep.equal([sessions.map((s) => s.session_id)]);
    // The source runs on where it was; a copy is a session of its own.
    const after = (await t.act(source, [{ observe: {} }])).body as Envelope;
    expect(after.page!.url).to.equal(t.site.url('/account'));
    expect(after.page!.scroll.y).to.equal(before.page!.scroll.y);
    const moved = await t.act(sessions[0]!.session_id, [{ goto: { url: t.site.url('/login?user=bob') } }, { wait: { text: 'Stored' } }, { goto: { url: t.site.url('/account') } }]);
    expect(moved.body.page.markdown.content).to.include('Signed in as bob');
    const still = await t.act(source, [{ goto: { url: t.site.url('/account') } }, { wait: { text: 'local=' } }]);
    for (const line of signedIn()) expect(still.body.page.markdown.content).to.include(line);
  });

  it('answers a bare fork of a bare session with null pages, and a step that fails in the copies as their error', async () => {
    const bare = await t.create({});
    const res = await fork(bare.body.session_id, {});
    expect(res.status).to.equal(201);
    expect(res.body.sessions).to.have.length(1);
    expect(res.body.sessions[0].page).to.equal(null);
    const failing = await fork(bare.body.session_id, { steps: [{ click: { text: 'Nothing like this' } }] });
    expect(failing.status).to.equal(201);
    expect(failing.body.sessions[0].error).to.include({ step: 0, action: 'click' });
  });

  it('makes all or none: over the plan\'s concurrency is the create\'s 429, for memory its 503, and nothing was made', async () => {
    const starter = { Authorization: `Bearer ${t.service.key('starter')}` };
    const source = await t.service.http.post('/v1/sessions').set(starter).send({ url: t.site.url('/account') });
    expect(source.status).to.equal(201);
    const id = source.body.session_id as string;
    const refused = await fork(id, { count: 5 }, starter);
    expect(refused.status).to.equal(429);
    expect(refused.body.error.code).to.equal('rate_limited');
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    const listed = await t.service.http.get('/v1/sessions?status=active').set(starter);
    expect(listed.body.sessions.map((s: { session_id: string }) => s.session_id)).to.deep.equal([id]);
    const fits = await fork(id, { count: 4 }, starter);
    expect(fits.status).to.equal(201);
    expect(fits.body.sessions).to.have.length(4);

    // Memory for two more pages but not three.
    memory.available = 100 + 70;
    const other = await t.create({ url: t.site.url('/account') });
    expect((await fork(other.body.session_id, { count: 3 })).status).to.equal(503);
    const two = await fork(other.body.session_id, { count: 2 });
    expect(two.status, JSON.stringify(two.body)).to.equal(201);
  });

  it('refuses bad bodies and unknown sessions with the contract\'s errors', async () => {
    const source = await t.create({});
    for (const body of [{ count: 0 }, { count: 11 }, { count: 'two' }, { steps: 'no' }, { extra: true }]) {
      const res = await fork(source.body.session_id, body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
    }
    const missing = await fork('ses_doesnotexist000000000000000', {});
    expect(missing.status).to.equal(404);
    expect(missing.body.error.code).to.equal('session_not_found');
    expect((await t.service.http.post(`/v1/sessions/${source.body.session_id}/fork`).send({})).status).to.equal(401);
  });
});
