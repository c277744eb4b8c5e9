import { expect } from 'chai';
import { ManualClock } from '../../lib/platform/clock.js';
import { browserSuite } from '../support/browser.js';
import { signedIn, signInRoutes } from '../support/sign-in.js';
import { TEST_PROFILE_MAX_BYTES } from '../support/service.js';
import { TestSite } from '../support/site.js';

type Event = { type: string; name?: string; bytes?: number; reason?: string; persist?: boolean };

describe('profiles: a sign-in that outlives its session', function () {
  this.timeout(120_000);
  let manualClock = false;
  const t = browserSuite(signInRoutes, 'pro', () => ({ clock: manualClock ? new ManualClock() : undefined }));
  const events = async (id: string) => (await t.service.http.get(`/v1/sessions/${id}/events`).set(t.auth)).body.events as Event[];
  const close = async (id: string) => expect((await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth)).status).to.equal(204);
  /** Signs in as `user` in a session on `profile` and answers its id, still open. */
  const signIn = async (profile: object, user = 'ada'): Promise<string> => {
    const res = await t.create({ profile, url: t.site.url(`/login?user=${user}`), steps: [{ wait: { text: 'Stored' } }] });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.error).to.equal(null);
    return res.body.session_id as string;
  };
  const account = async (profile: object) => {
    const res = await t.create({ profile, url: t.site.url('/account'), steps: [{ wait: { text: 'local=' } }] });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res;
  };
  /** Opens /account in one new session on `profile` and checks it shows `user` signed in with all its storage. */
  const showsSignedIn = async (profile: object, user: string, tab: boolean): Promise<void> => {
    const content = (await account(profile)).body.page.markdown.content as string;
    for (const line of signedIn(user, tab)) expect(content).to.include(line);
  };

  it('signs in once: a persisting session writes its cookie, localStorage and IndexedDB back as it ends, and the next session starts signed in', async () => {
    const first = await signIn({ name: 'shop', persist: true });
    await close(first);
    const journal = await events(first);
    expect(journal.find((e) => e.type === 'profile.loaded')).to.include({ name: 'shop', persist: true });
    const saved = journal.find((e) => e.type === 'profile.saved');
    expect(saved?.bytes).to.be.greaterThan(0);
    // Counts and sizes only: no cookie value or stored value ever reaches the journal.
    expect(JSON.stringify(journal)).to.not.include('tab-of-ada').and.not.include('sid=ada');

    const next = await account({ name: 'shop' });
    for (const line of signedIn('ada', false)) expect(next.body.page.markdown.content).to.include(line);
    const info = await t.service.http.get('/v1/profiles/shop').set(t.auth);
    expect(info.status).to.equal(200);
    expect(info.body).to.include({ name: 'shop', cookies: 1, last_session: first, in_use_by: null });
    expect(info.body.origins).to.deep.equal([t.site.origin]);
    expect(info.body.bytes).to.equal(saved!.bytes);
    // A profile is its account's own: another account's key finds no such name, to read or to take over.
    const stranger = { Authorization: `Bearer ${t.service.key('pro')}` };
    for (const persist of [false, true]) {
      const theirs = await t.service.http.post('/v1/sessions').set(stranger).send({ profile: { name: 'shop', persist }, url: t.site.url('/account') });
      if (persist) {
        expect(theirs.status).to.equal(201);
        expect(theirs.body.page.markdown.content).to.include('Signed out');
      } else {
        expect(theirs.status).to.equal(404);
        expect(theirs.body.error.code).to.equal('profile_not_found');
      }
    }
    expect((await t.service.http.get('/v1/profiles/shop').set(t.auth)).body.last_session).to.equal(first);
  });

  it('keeps the saved state when a save is over the bound (journaled with the sizes) or the session failed', async () => {
    await close(await signIn({ name: 'bounded', persist: true }, 'ada'));
    const big = await signIn({ name: 'bounded', persist: true }, 'bob');
    const filled = await t.act(big, [{ execute_js: { code: `localStorage.setItem('big', 'x'.repeat(${TEST_PROFILE_MAX_BYTES} + 1000)); return localStorage.getItem('big').length;` } }]);
    expect(filled.body.error).to.equal(null);
    await close(big);
    const refused = (await events(big)).find((e) => e.type === 'profile.not_saved');
    expect(refused?.reason).to.match(/over the profile's bound of \d+ bytes/);
    await showsSignedIn({ name: 'bounded' }, 'ada', false);

    const failing = await signIn({ name: 'bounded', persist: true }, 'zed');
    t.service.loseEngine();
    await t.service.registry.settled();
    const journal = await events(failing);
    expect(journal.find((e) => e.type === 'ended')).to.include({ status: 'failed' });
    expect(journal.map((e) => e.type)).to.not.include.members(['profile.saved', 'profile.not_saved']);
    // Its hold went with it: a new persisting session may take the profile, which still says ada.
    await showsSignedIn({ name: 'bounded', persist: true }, 'ada', false);
  });

  it('restores every origin it holds, and IndexedDB values that are not plain JSON, whichever origin the session opens first', async () => {
    const other = await TestSite.start(signInRoutes);
    try {
      const id = await signIn({ name: 'many', persist: true }, 'ada');
      const more = await t.act(id, [
        { goto: { url: other.url('/login?user=bob') } },
        { wait: { text: 'Stored' } },
        { goto: { url: t.site.url('/account') } },
        { wait: { text: 'local=' } },
        // A Date is kept by Playwright's own encoding: not plain JSON.
        { execute_js: { code: "return new Promise((resolve) => { const r = indexedDB.open('app', 1); r.onsuccess = () => { const tx = r.result.transaction('kv', 'readwrite'); tx.objectStore('kv').put(new Date(86400000), 'since'); tx.oncomplete = () => resolve(true); }; });" } },
      ]);
      expect(more.body.error).to.equal(null);
      await close(id);
      const next = await account({ name: 'many' });
      const since = await t.act(next.body.session_id as string, [
        { execute_js: { code: "return new Promise((resolve) => { const r = indexedDB.open('app', 1); r.onsuccess = () => { const g = r.result.transaction('kv').objectStore('kv').get('since'); g.onsuccess = () => resolve(g.result instanceof Date ? g.result.toISOString() : String(g.result)); }; });" } },
        { goto: { url: other.url('/account') } },
        { wait: { text: 'local=' } },
      ]);
      expect(since.body.extraction.js_result).to.equal('1970-01-02T00:00:00.000Z');
      // Cookies are per host, not port: both sites see the last sign-in's; storage is per origin.
      for (const line of signedIn('bob', false)) expect(since.body.page.markdown.content).to.include(line);
      expect(next.body.page.markdown.content).to.include('Signed in as bob').and.include(signedIn('ada', false)[1]);
    } finally {
      await other.stop();
    }
  });

  it('lets one persisting session hold a profile: a second persisting create is 409 profile_in_use naming it; readers are unlimited', async () => {
    const holder = await signIn({ name: 'held', persist: true });
    const answers = await Promise.all([1, 2].map(() => t.create({ profile: { name: 'held', persist: true } })));
    for (const answer of answers) {
      expect(answer.status).to.equal(409);
      expect(answer.body.error.code).to.equal('profile_in_use');
      expect(answer.body.error.context.session_id).to.equal(holder);
    }
    expect((await t.service.http.get('/v1/profiles/held').set(t.auth)).body.in_use_by).to.equal(holder);
    expect((await t.service.http.delete('/v1/profiles/held').set(t.auth)).status).to.equal(409);
    await close(holder);
    const readers = await Promise.all([1, 2, 3].map(() => t.create({ profile: { name: 'held' } })));
    expect(readers.map((r) => r.status)).to.deep.equal([201, 201, 201]);
    const next = await t.create({ profile: { name: 'held', persist: true } });
    expect(next.status).to.equal(201);
  });

  it('says so when a profile is missing, and fails loudly on a tampered or foreign row, never starting empty', async () => {
    const missing = await t.create({ profile: { name: 'nobody' } });
    expect(missing.status).to.equal(404);
    expect(missing.body.error.code).to.equal('profile_not_found');
    const bad = await t.create({ profile: { name: 'Not Valid!' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.context.path).to.equal('profile.name');

    await close(await signIn({ name: 'locked', persist: true }));
    const db = t.service.store.db;
    const row = db.prepare('SELECT sealed FROM profiles WHERE name = ?').get('locked') as { sealed: Buffer };
    const flipped = Buffer.from(row.sealed);
    flipped[flipped.length - 5]! ^= 0x01;
    db.prepare('UPDATE profiles SET sealed = ? WHERE name = ?').run(flipped, 'locked');
    for (const persist of [false, true]) {
      const res = await t.create({ profile: { name: 'locked', persist } });
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('profile_unreadable');
    }
    // A sealed state moved to another profile does not open there either.
    await close(await signIn({ name: 'other', persist: true }, 'bob'));
    db.prepare('UPDATE profiles SET sealed = (SELECT sealed FROM profiles WHERE name = ?) WHERE name = ?').run('other', 'locked');
    expect((await t.create({ profile: { name: 'locked' } })).body.error.code).to.equal('profile_unreadable');
    // Nothing was left open or billed by the refusals.
    expect((await t.service.http.get('/v1/sessions?status=active').set(t.auth)).body.sessions).to.deep.equal([]);
  });

  describe('on a clock the test moves', () => {
    // A session expires on its service's clock (lib/platform/clock.ts): moved by hand, the
    // shortest timeout (10 s) passes at once instead of being waited for.
    before(() => (manualClock = true));
    after(() => (manualClock = false));

    it('writes back on a close step and on expiry, never from a read-only or a failed session', async () => {
      const first = await signIn({ name: 'flows', persist: true }, 'ada');
      await close(first);
      // A read-only session changes nothing saved.
      const reader = await t.create({ profile: { name: 'flows' }, url: t.site.url('/login?user=eve'), steps: [{ wait: { text: 'Stored' } }, { close: {} }] });
      expect(reader.status).to.equal(201);
      await showsSignedIn({ name: 'flows' }, 'ada', false);
      // A close step of a persisting session saves.
      const closer = await t.create({ profile: { name: 'flows', persist: true }, url: t.site.url('/login?user=bob'), steps: [{ wait: { text: 'Stored' } }, { close: {} }] });
      expect(closer.status, JSON.stringify(closer.body)).to.equal(201);
      await t.service.registry.settled();
      await showsSignedIn({ name: 'flows' }, 'bob', false);
      // Expiry saves too (the shortest timeout, 10 s, passed on the test's clock).
      const expiring = await t.create({ timeout: 10, profile: { name: 'flows', persist: true }, url: t.site.url('/login?user=kim'), steps: [{ wait: { text: 'Stored' } }] });
      expect(expiring.status).to.equal(201);
      const id = expiring.body.session_id as string;
      (t.service.clock as ManualClock).advance(10_000);
      await t.service.registry.settled();
      expect((await events(id)).map((e) => e.type)).to.include.members(['profile.saved', 'ended']);
      await showsSignedIn({ name: 'flows' }, 'kim', false);
    });
  });
});
