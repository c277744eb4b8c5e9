import { expect } from 'chai';
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import { cycleIndex, cycleStart } from '../../lib/platform/billing/cycle.js';
import { PLANS, type PlanName } from '../../lib/contract/plans.js';
import { type LedgerEntry } from '../../lib/platform/store/index.js';
import { openSqliteStore, type SqliteStore } from '../../lib/platform/store/sqlite/index.js';
import { seedKey, sessionFor, T0, tempDir } from '../lib/platform/store/fixtures.js';

/** One thing that can happen to an account: a session of a live or test key ends somehow, a top-up, a read, time passes. */
type Event =
  | { kind: 'session'; test: boolean; seconds: number; mb: number; residential: boolean; tokens: number; solves: number; ending: Ending }
  | { kind: 'topup'; amount: number }
  | { kind: 'read' }
  | { kind: 'wait'; ms: number };
type Ending = 'closed' | 'expired' | 'access_denied' | 'engine_failure' | 'internal_error' | 'orphan';

const event: fc.Arbitrary<Event> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('session' as const),
      test: fc.boolean(),
      seconds: fc.nat({ max: 1_800 }),
      mb: fc.nat({ max: 30 }),
      residential: fc.boolean(),
      tokens: fc.nat({ max: 50_000 }),
      solves: fc.nat({ max: 5 }),
      ending: fc.constantFrom<Ending>('closed', 'expired', 'access_denied', 'engine_failure', 'internal_error', 'orphan'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topup' as const), amount: fc.integer({ min: 1, max: 3_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1, max: 70 * 86_400_000 }) }) },
);

/** Checks every invariant of one pool's entries; `allotment` is the plan's monthly credits. */
function checkPool(entries: LedgerEntry[], allotment: number, createdAt: number, test: boolean): void {
  let balance = 0;
  let lastCycle = -1;
  entries.forEach((e, i) => {
    expect(e.test).to.equal(test);
    expect(e.amount).to.be.at.least(0);
    expect(e.balanceAfter).to.be.at.least(0);
    if (e.kind === 'grant') {
      // Grants come one per cycle, in order, dated at the cycle's start, resetting the balance.
      const n = cycleIndex(createdAt, e.createdAt);
      expect(n).to.equal(lastCycle + 1);
      expect(e.createdAt).to.equal(cycleStart(createdAt, n));
      expect(e.amount).to.equal(allotment);
      lastCycle = n;
      balance = allotment;
    } else if (e.kind === 'debit') {
      balance -= e.amount;
    } else {
      balance += e.amount;
    }
    expect(e.balanceAfter, `entry ${i} (${e.kind})`).to.equal(balance);
    if (e.kind === 'debit' || e.kind === 'refund') {
      expect(e.runtime + e.aiTokens + e.proxyDc + e.proxyResident + e.captcha).to.equal(e.amount);
    }
    if (e.kind === 'refund') {
      const debit = entries[i - 1]!;
      expect(debit).to.deep.include({ kind: 'debit', sessionId: e.sessionId, amount: e.amount });
    }
  });
}

describe('credit ledger (property)', () => {
  it('keeps its invariants over random session histories', () => {
    fc.assert(
      fc.property(fc.constantFrom<PlanName>('trial', 'starter'), fc.array(event, { maxLength: 40 }), (plan, events) => {
        const dir = tempDir();
        const store: SqliteStore = openSqliteStore(dir);
        try {
          const live = seedKey(store, { plan });
          const test = store.sync.createKey({ accountId: live.account.id, test: true, now: T0 }).record;
          let now = T0;
          const ended = new Map<string, { test: boolean; refunded: boolean }>();
          const orphans: { id: string; test: boolean }[] = [];
          for (const e of events) {
            if (e.kind === 'wait') now += e.ms;
            else if (e.kind === 'read') store.sync.creditBalance(live.account.id, false, now);
            else if (e.kind === 'topup') store.sync.topUp(live.account.id, e.amount, now);
            else {
              const record = e.test ? test : live.record;
              const row = sessionFor(record, now);
              store.sync.insertSession(row);
              if (e.ending === 'orphan') {
                orphans.push({ id: row.id, test: e.test });
                continue;
              }
              const bytes = e.mb * 1_048_576 + 17;
              const usage = {
                seconds: e.seconds,
                bytesDatacenter: e.residential ? 0 : bytes,
                bytesResidential: e.residential ? bytes : 0,
                aiTokens: e.tokens,
                captchaSolves: e.solves,
              };
              now += e.seconds * 1000;
              const status = e.ending === 'closed' || e.ending === 'expired' ? e.ending : 'failed';
              const errorCode = status === 'failed' ? e.ending : undefined;
              store.sync.endSession({ id: row.id, status, endedAt: now, errorCode, usage });
              ended.set(row.id, { test: e.test, refunded: e.ending === 'engine_failure' || e.ending === 'internal_error' });
            }
          }
          // A restart fails what was left active: each is debited and refunded.
          store.sync.failOrphanedSessions(now, 'n1');
          for (const o of orphans) ended.set(o.id, { test: o.test, refunded: true });
          store.sync.creditBalance(live.account.id, false, now);
          store.sync.creditBalance(live.account.id, true, now);

          const allotment = PLANS[plan].creditsPerMonth;
          const liveEntries = store.sync.ledgerEntries(live.account.id);
          const testEntries = store.sync.ledgerEntries(live.account.id, { test: true });
          checkPool(liveEntries, allotment, T0, false);
          checkPool(testEntries, allotment, T0, true);
          // Exactly one debit per ended session, in its key's pool; refunds exactly for service faults.
          for (const [id, info] of ended) {
            const pool = info.test ? testEntries : liveEntries;
            const other = info.test ? liveEntries : testEntries;
            expect(pool.filter((x) => x.kind === 'debit' && x.sessionId === id)).to.have.length(1);
            expect(pool.filter((x) => x.kind === 'refund' && x.sessionId === id)).to.have.length(info.refunded ? 1 : 0);
            expect(other.filter((x) => x.sessionId === id)).to.have.length(0);
          }
          const sessionsInLedger = new Set([...liveEntries, ...testEntries].map((x) => x.sessionId).filter((x) => x !== null));
          expect(sessionsInLedger.size).to.equal(ended.size);
        } finally {
          void store.close();
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  });
});
