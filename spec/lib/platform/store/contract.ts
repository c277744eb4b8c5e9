// The behaviour every Store implementation must have (lib/platform/store/types.ts), through the interface
// alone: run it for each implementation with describeStore. The concurrency cases fire their calls
// at once and count what the database let through; a store that decides in process memory, or
// reads and writes in separate transactions, lets too many through when its calls interleave.
import { expect } from 'chai';
import { PLANS } from '../../../../lib/contract/plans.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import { NODE_LOST_MESSAGE, RATE_WINDOW_MS } from '../../../../lib/platform/store/index.js';
import type { ApiKeyRecord, LedgerEntry, NewSessionRow, Store } from '../../../../lib/platform/store/index.js';
import { describeProfileStore } from './profile-contract.js';
import { describeWebhookStore } from './webhook-contract.js';

const T0 = Date.UTC(2026, 0, 1);
const NO_USAGE = { seconds: 0, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };

/** A new session row for `key`, started at `startedAt` with a 300 s timeout. */
function rowFor(key: ApiKeyRecord, startedAt = T0): NewSessionRow {
  return { id: newSessionId(), keyId: key.id, accountId: key.accountId, test: key.test, startedAt, expiresAt: startedAt + 300_000, timeoutSeconds: 300 };
}

/** Checks that each entry's balance_after follows from the one before it (interface.md 2.13). */
function expectChain(entries: readonly LedgerEntry[]): void {
  let balance = 0;
  for (const entry of entries) {
    if (entry.kind === 'grant') balance = entry.amount;
    else if (entry.kind === 'debit') balance -= entry.amount;
    else balance += entry.amount;
    expect(entry.balanceAfter, `entry ${entry.id} (${entry.kind})`).to.equal(balance);
  }
}

/** Registers the store contract for one implementation: `open` gives a fresh, empty store; `close` disposes of it. */
export function describeStore(label: string, open: () => Promise<Store>, close: (store: Store) => Promise<void>): void {
  describe(`Store contract: ${label}`, function () {
    this.timeout(20_000);
    let store: Store;
    let key: ApiKeyRecord;
    beforeEach(async () => {
      store = await open();
      const account = await store.createAccount({ plan: 'starter', now: T0 });
      key = (await store.createKey({ accountId: account.id, test: false, now: T0 })).record;
    });
    afterEach(() => close(store));

    describeProfileStore(() => ({ store, key }));
    describeWebhookStore(() => ({ store, key }));

    describe('accounts and keys', () => {
      it('finds a key by its token, follows its account plan, and stops finding it once revoked', async () => {
        const account = await store.createAccount({ plan: 'trial', now: T0 });
        const made = await store.createKey({ accountId: account.id, test: false, now: T0 });
        expect(await store.findKeyByToken(made.key)).to.deep.equal(made.record);
        await store.setAccountPlan(account.id, 'pro');
        expect((await store.findKeyByToken(made.key))?.plan).to.equal('pro');
        expect(await store.revokeKeyById(made.record.id, T0 + 1)).to.equal(true);
        expect(await store.revokeKeyById(made.record.id, T0 + 2)).to.equal(false);
        expect(await store.findKeyByToken(made.key)).to.equal(undefined);
        expect(await store.revokedKeyIds([made.record.id, key.id])).to.deep.equal([made.record.id]);
      });

      it('rejects a key for an unknown account', async () => {
        const failed = await store.createKey({ accountId: 'acc_nope', test: false, now: T0 }).then(() => null, (error: unknown) => error);
        expect(failed).to.be.instanceOf(Error);
      });
    });

    describe('admitSession()', () => {
      const limit = PLANS.starter.concurrentSessions;

      it('takes places up to the limit, then refuses with the count and the seconds to the earliest expiry', async () => {
        for (let i = 0; i < limit; i++) expect((await store.admitSession({ rows: [rowFor(key, T0 + i * 1000)], limit, now: T0 })).admitted).to.equal(true);
        const refused = await store.admitSession({ rows: [rowFor(key)], limit, now: T0 + 100_000 });
        expect(refused).to.deep.equal({ admitted: false, active: limit, retryAfterSeconds: 60 });
        const late = await store.admitSession({ rows: [rowFor(key)], limit, now: T0 + 290_000 });
        expect(late).to.deep.equal({ admitted: false, active: limit, retryAfterSeconds: 10 });
        expect(await store.countActiveSessions(key.id)).to.equal(limit);
      });

      it('keeps an admitted session out of sight until it is opened, and counts it meanwhile', async () => {
        const row = rowFor(key);
        await store.admitSession({ rows: [row], limit, now: T0 });
        expect(await store.getSession(row.id)).to.equal(undefined);
        expect((await store.listSessions({ keyId: key.id, limit: 10 })).sessions).to.deep.equal([]);
        expect(await store.countActiveSessions(key.id)).to.equal(1);
        const opened = await store.openedSession(row.id, { startedAt: T0 + 500, expiresAt: T0 + 300_500 });
        expect(opened).to.include({ id: row.id, status: 'active', startedAt: T0 + 500, expiresAt: T0 + 300_500 });
        expect(await store.getSession(row.id)).to.deep.equal(opened);
        expect((await store.listSessions({ keyId: key.id, limit: 10 })).sessions.map((s) => s.id)).to.deep.equal([row.id]);
      });

      it('gives the place back when the page never opened, and leaves no row', async () => {
        const rows = Array.from({ length: limit }, () => rowFor(key));
        for (const row of rows) await store.admitSession({ rows: [row], limit, now: T0 });
        expect(await store.abandonSession(rows[0]!.id)).to.equal(true);
        expect(await store.abandonSession(rows[0]!.id)).to.equal(false);
        expect((await store.admitSession({ rows: [rowFor(key)], limit, now: T0 })).admitted).to.equal(true);
        expect(await store.activeSessionIds(key.id)).to.not.include(rows[0]!.id);
      });

      it('admits several rows all or none: a fork that does not fit writes nothing', async () => {
        expect((await store.admitSession({ rows: [rowFor(key)], limit, now: T0 })).admitted).to.equal(true);
        const tooMany = Array.from({ length: limit }, () => rowFor(key));
        expect(await store.admitSession({ rows: tooMany, limit, now: T0 })).to.include({ admitted: false, active: 1 });
        expect(await store.countActiveSessions(key.id)).to.equal(1);
        const fitting = tooMany.slice(1);
        const admitted = await store.admitSession({ rows: fitting, limit, now: T0 });
        expect(admitted.admitted && admitted.sessions.map((session) => session.id)).to.deep.equal(fitting.map((row) => row.id));
        expect(await store.countActiveSessions(key.id)).to.equal(limit);
      });

      it('admits exactly the limit of 20 concurrent creates for one key', async () => {
        const answers = await Promise.all(Array.from({ length: 20 }, () => store.admitSession({ rows: [rowFor(key)], limit, now: T0 })));
        expect(answers.filter((answer) => answer.admitted)).to.have.length(limit);
        expect(await store.countActiveSessions(key.id)).to.equal(limit);
        expect(await store.activeSessionIds(key.id)).to.have.length(limit);
      });

      it('drops rows still opening at start-up, and fails and refunds the opened ones', async () => {
        const opening = rowFor(key);
        const opened = rowFor(key);
        await store.admitSession({ rows: [opening], limit, now: T0 });
        await store.admitSession({ rows: [opened], limit, now: T0 });
        await store.openedSession(opened.id, { startedAt: T0, expiresAt: T0 + 300_000 });
        const failed = await store.failOrphanedSessions(T0 + 10_000, 'n1');
        expect(failed.map((row) => [row.id, row.status, row.errorCode])).to.deep.equal([[opened.id, 'failed', 'engine_failure']]);
        expect(await store.countActiveSessions(key.id)).to.equal(0);
        const entries = await store.ledgerEntries(key.accountId);
        const billed = entries.filter((entry) => entry.sessionId === opened.id);
        expect(billed.map((entry) => entry.kind)).to.deep.equal(['debit', 'refund']);
        expect(billed[0]!.amount).to.be.greaterThan(0).and.equal(billed[1]!.amount);
        expect(await store.getUsage(opened.id)).to.include({ seconds: 10 });
      });
    });

    describe('nodes', () => {
      const rowOf = (node: string): NewSessionRow => ({ ...rowFor(key), id: newSessionId(node) });

      it("fails and refunds a silent node's sessions once, however many nodes find it at once, and leaves a beating node's alone", async () => {
        await store.beatNode('n1', T0);
        await store.beatNode('n2', T0);
        await store.beatNode('n3', T0);
        const lost = [rowOf('n3'), rowOf('n3')];
        const kept = rowOf('n2');
        for (const row of [...lost, kept]) await store.insertSession(row);
        const opening = rowOf('n3');
        await store.admitSession({ rows: [opening], limit: 10, now: T0 });
        // n1 and n2 go on beating; n3 stopped at T0.
        await store.beatNode('n1', T0 + 20_000);
        await store.beatNode('n2', T0 + 20_000);
        const [byFirst, bySecond] = await Promise.all([
          store.failStaleNodes({ self: 'n1', staleBefore: T0 + 10_000, now: T0 + 20_000 }),
          store.failStaleNodes({ self: 'n2', staleBefore: T0 + 10_000, now: T0 + 20_000 }),
        ]);
        expect([...byFirst, ...bySecond].map((row) => row.id).sort()).to.deep.equal(lost.map((row) => row.id).sort());
        for (const row of lost) {
          expect(await store.getSession(row.id)).to.deep.include({ status: 'failed', errorCode: 'engine_failure', errorMessage: NODE_LOST_MESSAGE });
          const billed = (await store.ledgerEntries(key.accountId)).filter((entry) => entry.sessionId === row.id);
          expect(billed.map((entry) => entry.kind)).to.deep.equal(['debit', 'refund']);
        }
        expect((await store.getSession(kept.id))?.status).to.equal('active');
        expect(await store.countActiveSessions(key.id)).to.equal(1);
        expectChain(await store.ledgerEntries(key.accountId));
        // Found again later, while n2 beats on: nothing left to fail.
        await store.beatNode('n2', T0 + 35_000);
        expect(await store.failStaleNodes({ self: 'n1', staleBefore: T0 + 30_000, now: T0 + 40_000 })).to.deep.equal([]);
      });

      it("fails only its own node's sessions at start-up", async () => {
        const mine = rowOf('n1');
        const theirs = rowOf('n2');
        await store.insertSession(mine);
        await store.insertSession(theirs);
        expect((await store.failOrphanedSessions(T0 + 5_000, 'n1')).map((row) => row.id)).to.deep.equal([mine.id]);
        expect((await store.getSession(theirs.id))?.status).to.equal('active');
      });
    });

    describe('endSession()', () => {
      it('bills each of 10 concurrently ended sessions once, with a balance_after chain that adds up', async () => {
        const rows = Array.from({ length: 10 }, (_, i) => rowFor(key, T0 + i));
        for (const row of rows) await store.insertSession(row);
        const end = (id: string, i: number) =>
          store.endSession({ id, status: i % 3 === 0 ? 'failed' : 'closed', endedAt: T0 + 60_000, errorCode: i % 3 === 0 ? 'engine_failure' : undefined, usage: { ...NO_USAGE, seconds: 30 + i } });
        // Every session ended twice at once, as a close racing an expiry would.
        const bills = await Promise.all([...rows.map((row, i) => end(row.id, i)), ...rows.map((row, i) => end(row.id, i))]);
        expect(bills.filter((bill) => bill !== null)).to.have.length(10);
        const entries = await store.ledgerEntries(key.accountId);
        expectChain(entries);
        for (const row of rows) expect(entries.filter((entry) => entry.sessionId === row.id && entry.kind === 'debit'), row.id).to.have.length(1);
        const debited = entries.filter((entry) => entry.kind === 'debit').reduce((sum, entry) => sum + entry.amount, 0);
        const refunded = entries.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amount, 0);
        expect(await store.creditBalance(key.accountId, false, T0 + 60_000)).to.equal(PLANS.starter.creditsPerMonth - debited + refunded);
      });

      it('keeps the chain exact when top-ups and balance reads race the debits', async () => {
        const rows = Array.from({ length: 5 }, (_, i) => rowFor(key, T0 + i));
        for (const row of rows) await store.insertSession(row);
        await Promise.all([
          ...rows.map((row) => store.endSession({ id: row.id, status: 'closed', endedAt: T0 + 30_000, usage: { ...NO_USAGE, seconds: 20 } })),
          ...Array.from({ length: 5 }, () => store.topUp(key.accountId, 7, T0 + 30_000)),
          ...Array.from({ length: 5 }, () => store.creditBalance(key.accountId, false, T0 + 30_000)),
        ]);
        const entries = await store.ledgerEntries(key.accountId);
        expectChain(entries);
        expect(entries.filter((entry) => entry.kind === 'grant')).to.have.length(1);
      });
    });

    describe('beginIdempotent()', () => {
      it("answers 'new' to exactly one of 10 concurrent claims of one key", async () => {
        const claim = () => store.beginIdempotent({ keyId: key.id, scope: '', idemKey: 'same', bodyHash: 'body', now: T0 });
        const states = (await Promise.all(Array.from({ length: 10 }, claim))).map((answer) => answer.state);
        expect(states.filter((state) => state === 'new')).to.have.length(1);
        expect(states.filter((state) => state === 'pending')).to.have.length(9);
      });

      it('replays a completed response and lets a released claim be taken again', async () => {
        const input = { keyId: key.id, scope: '', idemKey: 'k', bodyHash: 'body', now: T0 };
        await store.beginIdempotent(input);
        await store.completeIdempotent({ keyId: key.id, scope: '', idemKey: 'k', status: 201, body: '{}', requestId: 'req_1' });
        expect(await store.beginIdempotent(input)).to.deep.equal({ state: 'replay', status: 201, body: '{}', requestId: 'req_1' });
        expect(await store.beginIdempotent({ ...input, bodyHash: 'other' })).to.deep.equal({ state: 'conflict' });
        await store.beginIdempotent({ ...input, idemKey: 'r' });
        await store.releaseIdempotent({ keyId: key.id, scope: '', idemKey: 'r' });
        expect(await store.beginIdempotent({ ...input, idemKey: 'r' })).to.deep.equal({ state: 'new' });
      });

      it('keeps one key in two scopes as two claims: each claimed, completed and released on its own', async () => {
        const create = { keyId: key.id, scope: '', idemKey: 'k' };
        const act = { keyId: key.id, scope: 'ses_a', idemKey: 'k' };
        expect(await store.beginIdempotent({ ...create, bodyHash: 'h1', now: T0 })).to.deep.equal({ state: 'new' });
        expect(await store.beginIdempotent({ ...act, bodyHash: 'h2', now: T0 })).to.deep.equal({ state: 'new' });
        expect(await store.beginIdempotent({ ...act, scope: 'ses_b', bodyHash: 'h2', now: T0 })).to.deep.equal({ state: 'new' });
        await store.completeIdempotent({ ...act, status: 200, body: '{"a":1}', requestId: 'req_a' });
        expect(await store.beginIdempotent({ ...create, bodyHash: 'h1', now: T0 })).to.deep.equal({ state: 'pending' });
        await store.releaseIdempotent(create);
        expect(await store.beginIdempotent({ ...act, bodyHash: 'h2', now: T0 })).to.deep.equal({ state: 'replay', status: 200, body: '{"a":1}', requestId: 'req_a' });
        expect(await store.beginIdempotent({ ...act, scope: 'ses_b', bodyHash: 'h2', now: T0 })).to.deep.equal({ state: 'pending' });
        expect(await store.beginIdempotent({ ...create, bodyHash: 'h3', now: T0 })).to.deep.equal({ state: 'new' });
      });
    });

    describe('takeRate()', () => {
      it('allows exactly 60 of 70 concurrent requests with limit 60, and counts no refused one', async () => {
        const take = () => store.takeRate({ keyId: key.id, limit: 60, now: T0 });
        const decisions = await Promise.all(Array.from({ length: 70 }, take));
        expect(decisions.filter((decision) => decision.allowed)).to.have.length(60);
        expect(decisions.filter((decision) => !decision.allowed).every((decision) => decision.remaining === 0 && decision.retryAfter === 60)).to.equal(true);
        // The window slides from the oldest counted request: once it leaves, one more is allowed.
        expect((await store.takeRate({ keyId: key.id, limit: 60, now: T0 + RATE_WINDOW_MS - 1 })).allowed).to.equal(false);
        expect(await store.takeRate({ keyId: key.id, limit: 60, now: T0 + RATE_WINDOW_MS })).to.deep.include({ allowed: true, remaining: 59 });
      });

      it('counts each key on its own and says when the window frees', async () => {
        const first = await store.takeRate({ keyId: key.id, limit: 2, now: T0 });
        expect(first).to.deep.equal({ allowed: true, limit: 2, remaining: 1, resetAt: Math.ceil((T0 + RATE_WINDOW_MS) / 1000), retryAfter: 60 });
        await store.takeRate({ keyId: key.id, limit: 2, now: T0 + 10_000 });
        expect(await store.takeRate({ keyId: key.id, limit: 2, now: T0 + 20_000 })).to.deep.include({ allowed: false, remaining: 0, retryAfter: 40 });
        expect((await store.takeRate({ keyId: 'key_other', limit: 2, now: T0 + 20_000 })).allowed).to.equal(true);
      });
    });

    describe('the journal and the selector cache', () => {
      it('appends, reads in order and keeps the newest number', async () => {
        const row = rowFor(key);
        await store.insertSession(row);
        const at = new Date(T0).toISOString();
        await store.appendEvents(row.id, [{ id: 1, at, type: 'act.started', act_id: 'a' }]);
        await store.appendEvents(row.id, [{ id: 2, at, type: 'page.error', message: 'x' }]);
        expect((await store.readEvents(row.id, 0, 10)).map((event) => event.id)).to.deep.equal([1, 2]);
        expect(await store.readEvents(row.id, 1, 10)).to.have.length(1);
        expect(await store.lastEventId(row.id)).to.equal(2);
      });

      it('stores and replaces a selector per account, domain and description', async () => {
        const where = { accountId: key.accountId, domain: 'example.com', description: 'the price' };
        expect(await store.getSelector(where)).to.equal(null);
        await store.putSelector(where, '.a', T0);
        await store.putSelector(where, '.b', T0 + 1);
        expect(await store.getSelector(where)).to.equal('.b');
        expect(await store.getSelector({ ...where, accountId: 'acc_other' })).to.equal(null);
      });
    });
  });
}
