import { expect } from 'chai';
import { newSessionId } from '../../../../lib/platform/ids.js';
import { ApiError } from '../../../../lib/contract/errors.js';
import { ORPHAN_MESSAGE, type UsageInput } from '../../../../lib/platform/store/index.js';
import { type SqliteStore } from '../../../../lib/platform/store/sqlite/index.js';
import { expectRejects, freshStore, seedKey, sessionFor, T0 } from './fixtures.js';

const NO_USAGE: UsageInput = { seconds: 0, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
const usageCount = (store: SqliteStore): unknown => store.db.prepare('SELECT count(*) FROM usage').pluck().get();

describe('SqliteStore#insertSession()', () => {
  const fresh = freshStore();

  it('stores an active session and returns it', async () => {
    const { record } = seedKey(fresh.store);
    const row = sessionFor(record);
    const stored = await fresh.store.insertSession(row);
    expect(stored).to.deep.equal({ ...row, status: 'active', endedAt: null, errorCode: null, errorMessage: null });
    expect((await fresh.store.getSession(row.id))).to.deep.equal(stored);
  });

  it('refuses a session for an unknown key', async () => {
    const { record } = seedKey(fresh.store);
    await expectRejects(fresh.store.insertSession(sessionFor({ ...record, id: 'key_nope' })), /FOREIGN KEY/);
  });
});

describe('SqliteStore#listSessions()', () => {
  const fresh = freshStore();

  it('lists newest first, ties broken by id descending', async () => {
    const { record } = seedKey(fresh.store);
    await fresh.store.insertSession(sessionFor(record, T0, 'ses_b'));
    await fresh.store.insertSession(sessionFor(record, T0 + 1000, 'ses_a'));
    await fresh.store.insertSession(sessionFor(record, T0, 'ses_c'));
    const page = await fresh.store.listSessions({ keyId: record.id, limit: 25 });
    expect(page.sessions.map((s) => s.id)).to.deep.equal(['ses_a', 'ses_c', 'ses_b']);
    expect(page).to.deep.include({ hasMore: false, nextCursor: null });
  });

  it('pages through equal start times without skipping or repeating', async () => {
    const { record } = seedKey(fresh.store);
    const starts = [T0, T0, T0, T0, T0, T0 + 1, T0 + 1, T0 - 1, T0, T0];
    for (const start of starts) await fresh.store.insertSession(sessionFor(record, start));
    const everything = (await fresh.store.listSessions({ keyId: record.id, limit: 100 })).sessions.map((s) => s.id);
    const seen: string[] = [];
    let after: string | undefined;
    for (let pages = 1; ; pages++) {
      const page = await fresh.store.listSessions({ keyId: record.id, limit: 3, after });
      seen.push(...page.sessions.map((s) => s.id));
      if (!page.hasMore) {
        expect(page.nextCursor).to.equal(null);
        expect(pages).to.equal(4);
        break;
      }
      expect(page.nextCursor).to.be.a('string');
      after = page.nextCursor!;
    }
    expect(seen).to.deep.equal(everything);
    expect(new Set(seen).size).to.equal(starts.length);
  });

  it("shows only the key's own sessions", async () => {
    const mine = seedKey(fresh.store);
    const other = await fresh.store.createKey({ accountId: mine.account.id, test: false, now: T0 });
    await fresh.store.insertSession(sessionFor(mine.record, T0, 'ses_mine'));
    await fresh.store.insertSession(sessionFor(other.record, T0, 'ses_other'));
    expect((await fresh.store.listSessions({ keyId: mine.record.id, limit: 10 })).sessions.map((s) => s.id)).to.deep.equal(['ses_mine']);
  });

  it("filters by status, with 'closed' covering expired sessions", async () => {
    const { record } = seedKey(fresh.store);
    const ids = ['ses_1', 'ses_2', 'ses_3', 'ses_4'];
    for (const [i, id] of ids.entries()) await fresh.store.insertSession(sessionFor(record, T0 + i, id));
    await fresh.store.endSession({ id: 'ses_2', status: 'closed', endedAt: T0 + 10, usage: NO_USAGE });
    await fresh.store.endSession({ id: 'ses_3', status: 'expired', endedAt: T0 + 10, usage: NO_USAGE });
    await fresh.store.endSession({ id: 'ses_4', status: 'failed', endedAt: T0 + 10, errorCode: 'access_denied', usage: NO_USAGE });
    const list = async (status: 'active' | 'closed' | 'failed') =>
      (await fresh.store.listSessions({ keyId: record.id, status, limit: 10 })).sessions.map((s) => s.id);
    expect(await list('active')).to.deep.equal(['ses_1']);
    expect(await list('closed')).to.deep.equal(['ses_3', 'ses_2']);
    expect(await list('failed')).to.deep.equal(['ses_4']);
  });

  it('rejects a malformed cursor with 400 invalid_request naming after', async () => {
    const { record } = seedKey(fresh.store);
    const good = Buffer.from(JSON.stringify([T0, 'ses_x'])).toString('base64url');
    await fresh.store.listSessions({ keyId: record.id, limit: 5, after: good });
    const bad = ['', 'not a cursor!', Buffer.from('{"a":1}').toString('base64url'), Buffer.from('[1.5,"x"]').toString('base64url'), 'bm9wZQ'];
    for (const after of bad) {
      try {
        await fresh.store.listSessions({ keyId: record.id, limit: 5, after });
        expect.fail(`accepted ${after}`);
      } catch (error) {
        expect(error).to.be.instanceOf(ApiError);
        expect(error).to.deep.include({ status: 400, code: 'invalid_request', context: { path: 'after', expected: 'a cursor from next_cursor' } });
      }
    }
  });
});

describe('SqliteStore#countActiveSessions()', () => {
  const fresh = freshStore();

  it('counts only active sessions of the key', async () => {
    const { record } = seedKey(fresh.store);
    for (const id of ['ses_1', 'ses_2', 'ses_3']) await fresh.store.insertSession(sessionFor(record, T0, id));
    await fresh.store.endSession({ id: 'ses_1', status: 'closed', endedAt: T0 + 1, usage: NO_USAGE });
    expect((await fresh.store.countActiveSessions(record.id))).to.equal(2);
    expect((await fresh.store.countActiveSessions('key_other'))).to.equal(0);
  });
});

describe('SqliteStore#endSession()', () => {
  const fresh = freshStore();

  it('marks the session ended and writes its usage, rounded up', async () => {
    const { record } = seedKey(fresh.store, { test: true });
    await fresh.store.insertSession(sessionFor(record, T0, 'ses_1'));
    const usage = { seconds: 12.2, bytesDatacenter: 2048, bytesResidential: 1, aiTokens: 1500, captchaSolves: 1 };
    const ended = await fresh.store.endSession({ id: 'ses_1', status: 'failed', endedAt: T0 + 12_200, errorCode: 'captcha_unsolvable', errorMessage: 'no', usage });
    expect(ended).to.deep.equal({ credits: 13 + 35 + 350 + 30 + 75, debited: 503, refunded: 0 });
    expect((await fresh.store.getSession('ses_1'))).to.deep.include({ status: 'failed', endedAt: T0 + 12_200, errorCode: 'captcha_unsolvable', errorMessage: 'no' });
    expect((await fresh.store.getUsage('ses_1'))).to.deep.equal({ ...usage, seconds: 13, sessionId: 'ses_1', test: true, createdAt: T0 + 12_200 });
  });

  it('writes exactly one usage row even when called twice', async () => {
    const { record } = seedKey(fresh.store);
    await fresh.store.insertSession(sessionFor(record, T0, 'ses_1'));
    expect((await fresh.store.endSession({ id: 'ses_1', status: 'closed', endedAt: T0 + 1000, usage: { ...NO_USAGE, seconds: 1 } }))).to.not.equal(null);
    expect((await fresh.store.endSession({ id: 'ses_1', status: 'expired', endedAt: T0 + 9000, usage: { ...NO_USAGE, seconds: 9 } }))).to.equal(null);
    expect(usageCount(fresh.store)).to.equal(1);
    expect((await fresh.store.getSession('ses_1'))).to.deep.include({ status: 'closed', endedAt: T0 + 1000 });
    expect((await fresh.store.getUsage('ses_1'))?.seconds).to.equal(1);
  });

  it('returns null for an unknown session', async () => {
    expect((await fresh.store.endSession({ id: 'ses_nope', status: 'closed', endedAt: T0, usage: NO_USAGE }))).to.equal(null);
    expect(usageCount(fresh.store)).to.equal(0);
  });

  it('leaves the session active when the usage row cannot be written', async () => {
    const { record } = seedKey(fresh.store);
    await fresh.store.insertSession(sessionFor(record, T0, 'ses_1'));
    fresh.store.db.prepare("INSERT INTO usage (session_id, seconds, bytes_dc, bytes_res, ai_tokens, captcha_solves, test, created_at) VALUES ('ses_1', 0, 0, 0, 0, 0, 0, 0)").run();
    await expectRejects(fresh.store.endSession({ id: 'ses_1', status: 'closed', endedAt: T0 + 1, usage: NO_USAGE }), /UNIQUE/);
    expect((await fresh.store.getSession('ses_1'))?.status).to.equal('active');
  });

  it('refuses negative or non-finite usage before writing anything', async () => {
    const { record } = seedKey(fresh.store);
    await fresh.store.insertSession(sessionFor(record, T0, 'ses_1'));
    await expectRejects(fresh.store.endSession({ id: 'ses_1', status: 'closed', endedAt: T0, usage: { ...NO_USAGE, aiTokens: -1 } }), /aiTokens/);
    await expectRejects(fresh.store.endSession({ id: 'ses_1', status: 'closed', endedAt: T0, usage: { ...NO_USAGE, seconds: NaN } }), /seconds/);
    expect((await fresh.store.getSession('ses_1'))?.status).to.equal('active');
  });
});

describe('SqliteStore#failOrphanedSessions()', () => {
  const fresh = freshStore();

  it("fails the sessions its node's previous process left active, ids without a node among them, and bills their runtime", async () => {
    const { record } = seedKey(fresh.store);
    const [running, stale, done, elsewhere] = [newSessionId('n1'), newSessionId(), newSessionId('n1'), newSessionId('n2')];
    await fresh.store.insertSession(sessionFor(record, T0, running)); // expires at T0 + 300 s
    await fresh.store.insertSession(sessionFor(record, T0 - 600_000, stale)); // expired long ago
    await fresh.store.insertSession(sessionFor(record, T0, done));
    await fresh.store.insertSession(sessionFor(record, T0, elsewhere));
    await fresh.store.endSession({ id: done, status: 'closed', endedAt: T0 + 5000, usage: { ...NO_USAGE, seconds: 5 } });
    const store = fresh.reopen();

    const now = T0 + 60_500;
    const failed = await store.failOrphanedSessions(now, 'n1');
    expect(failed.map((s) => s.id).sort()).to.deep.equal([running, stale].sort());
    const row = (await store.getSession(running))!;
    expect(row).to.deep.include({ status: 'failed', errorCode: 'engine_failure', errorMessage: ORPHAN_MESSAGE, endedAt: now });
    expect(failed).to.deep.include(row);
    expect((await store.getUsage(running))).to.deep.include({ seconds: 61, bytesDatacenter: 0, createdAt: now });
    expect((await store.getSession(stale))?.endedAt).to.equal(T0 - 300_000);
    expect((await store.getUsage(stale))?.seconds).to.equal(300);
    expect((await store.getSession(done))).to.deep.include({ status: 'closed', errorCode: null });
    // Another node's session is that node's to run.
    expect((await store.getSession(elsewhere))?.status).to.equal('active');
    expect(usageCount(store)).to.equal(3);
  });

  it('does nothing the second time', async () => {
    const { record } = seedKey(fresh.store);
    await fresh.store.insertSession(sessionFor(record, T0, newSessionId('n1')));
    expect((await fresh.store.failOrphanedSessions(T0 + 1, 'n1'))).to.have.length(1);
    expect((await fresh.store.failOrphanedSessions(T0 + 2, 'n1'))).to.deep.equal([]);
    expect(usageCount(fresh.store)).to.equal(1);
  });
});
