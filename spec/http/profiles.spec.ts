import { expect } from 'chai';
import type { ProfileState } from '../../lib/platform/profiles/vault.js';
import { startFakeService, type Service } from '../support/service.js';

const STATE: ProfileState = {
  cookies: [{ name: 'sid', value: 's3cret', domain: 'app.example', path: '/', expires: -1, httpOnly: true, secure: true, sameSite: 'Lax' }],
  origins: [{ origin: 'https://app.example', localStorage: [{ name: 'token', value: 'hidden-value' }] }],
};

describe('profiles API', () => {
  let service: Service;
  let auth: { Authorization: string };
  let accountId: string;
  beforeEach(async () => {
    service = startFakeService();
    const key = service.key('pro');
    auth = { Authorization: `Bearer ${key}` };
    accountId = (await service.store.findKeyByToken(key))!.accountId;
  });
  afterEach(() => service.stop());

  /** A live session of the test's key. */
  const session = async (): Promise<string> => (await service.http.post('/v1/sessions').set(auth).send({})).body.session_id as string;
  const save = async (name: string, sessionId?: string) =>
    service.profiles.save({ accountId, name, sessionId: sessionId ?? (await session()), state: STATE, now: service.clock.now() });

  describe('GET /v1/profiles', () => {
    it("lists the account's profiles by name in pages, content never shown", async () => {
      expect((await service.http.get('/v1/profiles').set(auth)).body).to.deep.equal({ profiles: [], has_more: false, next_cursor: null });
      const writer = await session();
      for (const name of ['c', 'a', 'b']) await save(name, writer);
      const first = await service.http.get('/v1/profiles?limit=2').set(auth);
      expect(first.status).to.equal(200);
      expect(first.body.profiles.map((p: { name: string }) => p.name)).to.deep.equal(['a', 'b']);
      expect(first.body.has_more).to.equal(true);
      const at = new Date(service.clock.now()).toISOString();
      expect(first.body.profiles[0]).to.deep.equal({
        name: 'a', origins: ['https://app.example'], cookies: 1, bytes: Buffer.byteLength(JSON.stringify(STATE)),
        created_at: at, updated_at: at, last_session: writer, in_use_by: null,
      });
      expect(JSON.stringify(first.body)).to.not.include('s3cret').and.not.include('hidden-value');
      const second = await service.http.get('/v1/profiles').query({ limit: 2, after: first.body.next_cursor as string }).set(auth);
      expect(second.body).to.deep.include({ has_more: false, next_cursor: null });
      expect(second.body.profiles.map((p: { name: string }) => p.name)).to.deep.equal(['c']);
    });

    it("shows no other account's profiles", async () => {
      await save('mine');
      const other = { Authorization: `Bearer ${service.key('pro')}` };
      expect((await service.http.get('/v1/profiles').set(other)).body.profiles).to.deep.equal([]);
      expect((await service.http.get('/v1/profiles/mine').set(other)).status).to.equal(404);
    });

    it('refuses a bad limit, a bad cursor and an unknown parameter with 400 naming it', async () => {
      for (const [query, path] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['after=nope', 'after'], ['status=active', 'status']] as const) {
        const res = await service.http.get(`/v1/profiles?${query}`).set(auth);
        expect(res.status, query).to.equal(400);
        expect(res.body.error).to.deep.include({ code: 'invalid_request' });
        expect(res.body.error.context.path, query).to.equal(path);
      }
    });
  });

  describe('GET /v1/profiles/{name}', () => {
    it('shows one profile and the session holding it for writing', async () => {
      const holder = await session();
      await service.profiles.hold({ accountId, name: 'shop', sessionId: holder, now: service.clock.now() });
      await save('shop', holder);
      const res = await service.http.get('/v1/profiles/shop').set(auth);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ name: 'shop', cookies: 1, last_session: holder, in_use_by: holder });
      await service.http.delete(`/v1/sessions/${holder}`).set(auth);
      expect((await service.http.get('/v1/profiles/shop').set(auth)).body.in_use_by).to.equal(null);
    });

    it('answers 404 profile_not_found for a name without a profile', async () => {
      const res = await service.http.get('/v1/profiles/nothing').set(auth);
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('profile_not_found');
    });

    it('answers 400 naming the name when it is not a profile name', async () => {
      for (const name of ['Shop', 'a%20b', 'x'.repeat(65), 'caf%C3%A9']) {
        const res = await service.http.get(`/v1/profiles/${name}`).set(auth);
        expect(res.status, name).to.equal(400);
        expect(res.body.error.context, name).to.deep.include({ path: 'name' });
      }
    });

    it('answers 409 profile_unreadable when the stored row was altered', async () => {
      await save('shop');
      const { sealed } = service.store.db.prepare<[], { sealed: Buffer }>("SELECT sealed FROM profiles WHERE name = 'shop'").get()!;
      sealed[sealed.length - 1] = sealed[sealed.length - 1]! ^ 0xff;
      service.store.db.prepare("UPDATE profiles SET sealed = ? WHERE name = 'shop'").run(sealed);
      const res = await service.http.get('/v1/profiles/shop').set(auth);
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('profile_unreadable');
      expect(res.body.error.message).to.match(/does not authenticate with this key/);
    });
  });

  describe('DELETE /v1/profiles/{name}', () => {
    it('deletes a profile, then answers 404', async () => {
      await save('shop');
      expect((await service.http.delete('/v1/profiles/shop').set(auth)).status).to.equal(204);
      expect(await service.profiles.summary(accountId, 'shop')).to.equal(undefined);
      const again = await service.http.delete('/v1/profiles/shop').set(auth);
      expect(again.status).to.equal(404);
      expect(again.body.error.code).to.equal('profile_not_found');
    });

    it('answers 409 profile_in_use naming the holder while a persisting session holds it', async () => {
      const holder = await session();
      await save('shop', holder);
      await service.profiles.hold({ accountId, name: 'shop', sessionId: holder, now: service.clock.now() });
      const refused = await service.http.delete('/v1/profiles/shop').set(auth);
      expect(refused.status).to.equal(409);
      expect(refused.body.error).to.deep.include({ code: 'profile_in_use', context: { session_id: holder } });
      await service.http.delete(`/v1/sessions/${holder}`).set(auth);
      expect((await service.http.delete('/v1/profiles/shop').set(auth)).status).to.equal(204);
    });

    it('answers 400 for a bad name', async () => {
      expect((await service.http.delete('/v1/profiles/NO').set(auth)).status).to.equal(400);
    });
  });

  it('answers 401 without a key on every profile route', async () => {
    for (const request of [service.http.get('/v1/profiles'), service.http.get('/v1/profiles/shop'), service.http.delete('/v1/profiles/shop')]) {
      const res = await request;
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('unauthorized');
    }
  });
});
