// The profile part of the store contract (lib/platform/store/types.ts, ProfileStore), registered
// inside describeStore so it runs against every implementation, on a fresh store per test.
import { expect } from 'chai';
import { ApiError } from '../../../../lib/contract/errors.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import type { ApiKeyRecord, NewSessionRow, Store } from '../../../../lib/platform/store/index.js';

const T0 = Date.UTC(2026, 0, 1);
const NO_USAGE = { seconds: 0, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
const SUMMARY = { origins: ['https://a.example', 'https://b.example'], cookies: 3, bytes: 1234 };

/** Registers the ProfileStore checks; `current` gives the test's store and its live key. */
export function describeProfileStore(current: () => { store: Store; key: ApiKeyRecord }): void {
  describe('profiles', () => {
    let store: Store;
    let key: ApiKeyRecord;
    let accountId: string;
    beforeEach(() => {
      ({ store, key } = current());
      accountId = key.accountId;
    });

    /** An active session of the key, as admitSession would leave it once opened. */
    async function session(): Promise<string> {
      const row: NewSessionRow = { id: newSessionId(), keyId: key.id, accountId, test: false, startedAt: T0, expiresAt: T0 + 300_000, timeoutSeconds: 300 };
      await store.insertSession(row);
      return row.id;
    }
    const end = (id: string, status: 'closed' | 'failed' = 'closed') => store.endSession({ id, status, endedAt: T0 + 1000, usage: NO_USAGE });
    const save = (name: string, sessionId: string, now = T0, sealed = Buffer.from('sealed')) => store.writeProfile({ accountId, name, sessionId, sealed, summary: SUMMARY, now });

    it('saves, reads back and overwrites a profile, keeping its creation time', async () => {
      const writer = await session();
      expect(await store.readProfile(accountId, 'p')).to.equal(undefined);
      await save('p', writer, T0, Buffer.from([0, 1, 2, 255]));
      const first = await store.readProfile(accountId, 'p');
      expect(first).to.deep.equal({ accountId, name: 'p', ...SUMMARY, createdAt: T0, updatedAt: T0, lastSession: writer, holder: null, sealed: Buffer.from([0, 1, 2, 255]) });
      const second = await session();
      await store.writeProfile({ accountId, name: 'p', sessionId: second, sealed: Buffer.from('new'), summary: { origins: [], cookies: 0, bytes: 2 }, now: T0 + 5000 });
      expect(await store.readProfile(accountId, 'p')).to.deep.include({ createdAt: T0, updatedAt: T0 + 5000, lastSession: second, bytes: 2, origins: [], sealed: Buffer.from('new') });
      const other = await store.createAccount({ plan: 'starter', now: T0 });
      expect(await store.readProfile(other.id, 'p'), "another account's").to.equal(undefined);
    });

    for (const saved of [false, true]) {
      it(`gives ${saved ? 'a saved' : 'a new'} profile to one of 10 concurrent persisting sessions, naming it to the others`, async () => {
        if (saved) await save('shared', await session());
        const ids = await Promise.all(Array.from({ length: 10 }, session));
        const holds = await Promise.all(ids.map((sessionId) => store.holdProfile({ accountId, name: 'shared', sessionId, now: T0 })));
        const winners = ids.filter((_, i) => holds[i]!.held);
        expect(winners).to.have.length(1);
        for (const hold of holds.filter((h) => !h.held)) expect(hold).to.deep.equal({ held: false, holder: winners[0] });
        expect(await store.holdProfile({ accountId, name: 'shared', sessionId: winners[0]!, now: T0 }), 'its holder again').to.deep.equal({ held: true });
        expect((await store.readProfile(accountId, 'shared'))?.holder).to.equal(winners[0]);
      });
    }

    it('frees a hold when its session releases it, ends or fails, without a release', async () => {
      const [first, second, third, fourth] = await Promise.all([session(), session(), session(), session()]);
      expect(await store.holdProfile({ accountId, name: 'p', sessionId: first, now: T0 })).to.deep.equal({ held: true });
      await save('p', first);
      await store.releaseProfile({ accountId, name: 'p', sessionId: second });
      expect(await store.holdProfile({ accountId, name: 'p', sessionId: second, now: T0 }), "another's release frees nothing").to.deep.equal({ held: false, holder: first });
      await store.releaseProfile({ accountId, name: 'p', sessionId: first });
      expect(await store.holdProfile({ accountId, name: 'p', sessionId: second, now: T0 })).to.deep.equal({ held: true });
      await end(second);
      expect((await store.readProfile(accountId, 'p'))?.holder, 'an ended holder').to.equal(null);
      expect(await store.holdProfile({ accountId, name: 'p', sessionId: third, now: T0 })).to.deep.equal({ held: true });
      await end(third, 'failed');
      expect(await store.holdProfile({ accountId, name: 'p', sessionId: fourth, now: T0 })).to.deep.equal({ held: true });
    });

    it('refuses a hold for a session that is not active', async () => {
      const ended = await session();
      await end(ended);
      const refused = await store.holdProfile({ accountId, name: 'p', sessionId: ended, now: T0 }).then(() => null, (error: unknown) => error);
      expect(refused).to.be.instanceOf(Error).with.property('message').that.matches(/not active/);
      expect(await store.readProfile(accountId, 'p')).to.equal(undefined);
    });

    it('shows a claimed profile never saved only while its holder lives, and leaves no row after its release', async () => {
      const [holder, later] = await Promise.all([session(), session()]);
      await store.holdProfile({ accountId, name: 'fresh', sessionId: holder, now: T0 });
      expect(await store.readProfile(accountId, 'fresh')).to.deep.include({ bytes: 0, cookies: 0, origins: [], holder, lastSession: null, sealed: null });
      expect((await store.listProfiles({ accountId, limit: 10 })).profiles.map((p) => p.name)).to.deep.equal(['fresh']);
      await store.releaseProfile({ accountId, name: 'fresh', sessionId: holder });
      expect(await store.readProfile(accountId, 'fresh')).to.equal(undefined);
      expect(await store.deleteProfile(accountId, 'fresh')).to.equal('missing');
      // A holder that ended without releasing: the placeholder is gone for readers, and the next hold takes it.
      await store.holdProfile({ accountId, name: 'fresh', sessionId: later, now: T0 });
      await end(later);
      expect(await store.readProfile(accountId, 'fresh')).to.equal(undefined);
      expect((await store.listProfiles({ accountId, limit: 10 })).profiles).to.deep.equal([]);
      const next = await session();
      expect(await store.holdProfile({ accountId, name: 'fresh', sessionId: next, now: T0 + 9 })).to.deep.equal({ held: true });
      await save('fresh', next, T0 + 10);
      expect(await store.readProfile(accountId, 'fresh')).to.deep.include({ createdAt: T0 + 10, lastSession: next, holder: next });
    });

    it("refuses a save while another live session holds the profile, and keeps the holder's state", async () => {
      const [holder, intruder] = await Promise.all([session(), session()]);
      await store.holdProfile({ accountId, name: 'p', sessionId: holder, now: T0 });
      await save('p', holder, T0, Buffer.from('mine'));
      const refused = await save('p', intruder, T0 + 1, Buffer.from('theirs')).then(() => null, (error: unknown) => error);
      expect(refused).to.be.instanceOf(ApiError).and.deep.include({ status: 409, code: 'profile_in_use', context: { session_id: holder } });
      expect((await store.readProfile(accountId, 'p'))?.sealed).to.deep.equal(Buffer.from('mine'));
    });

    it('deletes a profile unless a live session holds it', async () => {
      const holder = await session();
      await save('p', holder);
      await store.holdProfile({ accountId, name: 'p', sessionId: holder, now: T0 });
      expect(await store.deleteProfile(accountId, 'p')).to.deep.equal({ holder });
      await end(holder);
      expect(await store.deleteProfile(accountId, 'p')).to.equal('deleted');
      expect(await store.deleteProfile(accountId, 'p')).to.equal('missing');
      expect(await store.readProfile(accountId, 'p')).to.equal(undefined);
    });

    it("lists the account's profiles by name in pages, and refuses a cursor it did not make", async () => {
      const writer = await session();
      const names = ['b-2', 'a', 'c_1', 'b', 'a-1', '0'];
      for (const name of names) await save(name, writer);
      const other = await store.createAccount({ plan: 'starter', now: T0 });
      await store.writeProfile({ accountId: other.id, name: 'a0', sessionId: writer, sealed: Buffer.from('x'), summary: SUMMARY, now: T0 });
      const seen: string[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await store.listProfiles({ accountId, limit: 4, after });
        seen.push(...page.profiles.map((p) => p.name));
        expect(page.hasMore).to.equal(page.nextCursor !== null);
        if (!page.nextCursor) break;
        after = page.nextCursor;
      }
      expect(seen).to.deep.equal([...names].sort());
      expect((await store.listProfiles({ accountId, limit: 10 })).profiles[0]).to.deep.equal({ accountId, name: '0', ...SUMMARY, createdAt: T0, updatedAt: T0, lastSession: writer, holder: null });
      for (const bad of ['x', Buffer.from('["A B"]').toString('base64url'), Buffer.from('[1]').toString('base64url')]) {
        const refused = await store.listProfiles({ accountId, limit: 4, after: bad }).then(() => null, (error: unknown) => error);
        expect(refused, bad).to.be.instanceOf(ApiError).with.property('status', 400);
      }
    });
  });
}
