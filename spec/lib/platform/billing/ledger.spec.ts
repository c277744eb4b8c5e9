import { expect } from 'chai';
import { LEDGER_CSV_COLUMNS, ledgerCsv, parseCsv } from '../../../../lib/platform/billing/csv.js';
import { cycleStart } from '../../../../lib/platform/billing/cycle.js';
import type { LedgerEntry, UsageInput } from '../../../../lib/platform/store/index.js';
import { freshStore, seedKey, sessionFor, T0 } from '../store/fixtures.js';

const NO_USAGE: UsageInput = { seconds: 0, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
const pick = (e: LedgerEntry) => ({ kind: e.kind, amount: e.amount, balanceAfter: e.balanceAfter, sessionId: e.sessionId });

describe('Store#creditBalance()', () => {
  const fresh = freshStore();

  it('grants the plan allotment at the account creation', () => {
    const { account } = seedKey(fresh.store, { plan: 'trial' });
    expect(fresh.store.sync.creditBalance(account.id, false, T0)).to.equal(5_000);
    expect(fresh.store.sync.ledgerEntries(account.id).map(pick)).to.deep.equal([{ kind: 'grant', amount: 5_000, balanceAfter: 5_000, sessionId: null }]);
  });

  it('catches up every missed cycle in order, unused credits lapsing', () => {
    const { account } = seedKey(fresh.store, { plan: 'trial' });
    fresh.store.sync.topUp(account.id, 100, T0 + 1000);
    expect(fresh.store.sync.creditBalance(account.id, false, cycleStart(T0, 3) + 5)).to.equal(5_000);
    const entries = fresh.store.sync.ledgerEntries(account.id);
    expect(entries.map((e) => e.kind)).to.deep.equal(['grant', 'topup', 'grant', 'grant', 'grant']);
    expect(entries.filter((e) => e.kind === 'grant').map((e) => e.createdAt)).to.deep.equal([0, 1, 2, 3].map((n) => cycleStart(T0, n)));
    expect(entries[2]!.note).to.contain('5100 unused credits lapsed');
  });

  it('keeps the test pool apart from the live one', () => {
    const { account, record } = seedKey(fresh.store, { plan: 'trial', test: true });
    fresh.store.sync.insertSession(sessionFor(record));
    fresh.store.sync.endSession({ id: fresh.store.sync.listSessions({ keyId: record.id, limit: 1 }).sessions[0]!.id, status: 'closed', endedAt: T0 + 60_000, usage: { ...NO_USAGE, seconds: 60 } });
    expect(fresh.store.sync.creditBalance(account.id, true, T0 + 60_000)).to.equal(4_940);
    expect(fresh.store.sync.creditBalance(account.id, false, T0 + 60_000)).to.equal(5_000);
    expect(fresh.store.sync.ledgerEntries(account.id, { test: true }).every((e) => e.test)).to.equal(true);
  });
});

describe('Store#endSession() billing', () => {
  const fresh = freshStore();

  it('writes the debit with the split in the same transaction as the usage row', () => {
    const { account, record } = seedKey(fresh.store, { plan: 'trial' });
    const row = sessionFor(record);
    fresh.store.sync.insertSession(row);
    fresh.store.sync.endSession({ id: row.id, status: 'closed', endedAt: T0 + 10_000, usage: { ...NO_USAGE, seconds: 10, aiTokens: 1500 } });
    const debit = fresh.store.sync.ledgerEntries(account.id).at(-1)!;
    expect(debit).to.deep.include({ kind: 'debit', amount: 40, balanceAfter: 4_960, sessionId: row.id, runtime: 10, aiTokens: 30, note: null });
  });

  it('rolls back the usage row when the debit cannot be written', () => {
    const { record } = seedKey(fresh.store);
    const row = sessionFor(record);
    fresh.store.sync.insertSession(row);
    fresh.store.db.exec("CREATE TRIGGER no_debit BEFORE INSERT ON ledger WHEN NEW.kind = 'debit' BEGIN SELECT RAISE(ABORT, 'no'); END;");
    expect(() => fresh.store.sync.endSession({ id: row.id, status: 'closed', endedAt: T0 + 1000, usage: NO_USAGE })).to.throw(/no/);
    expect(fresh.store.sync.getUsage(row.id)).to.equal(undefined);
    expect(fresh.store.sync.getSession(row.id)!.status).to.equal('active');
  });

  it('charges no more than the balance, waiving the rest and saying so', () => {
    const { account, record } = seedKey(fresh.store, { plan: 'trial' });
    const row = sessionFor(record);
    fresh.store.sync.insertSession(row);
    const bill = fresh.store.sync.endSession({ id: row.id, status: 'expired', endedAt: T0 + 300_000, usage: { ...NO_USAGE, seconds: 300, bytesResidential: 20 * 1_048_576 } });
    expect(bill).to.deep.equal({ credits: 7_300, debited: 5_000, refunded: 0 });
    const debit = fresh.store.sync.ledgerEntries(account.id).at(-1)!;
    expect(debit).to.deep.include({ kind: 'debit', amount: 5_000, balanceAfter: 0 });
    expect(debit.runtime + debit.aiTokens + debit.proxyDc + debit.proxyResident + debit.captcha).to.equal(5_000);
    expect(debit.note).to.contain('2300 of 7300 credits waived');
  });

  it('refunds a service-side failure right after its debit, including sessions failed at start-up', () => {
    const { account, record } = seedKey(fresh.store, { plan: 'trial' });
    const crashed = sessionFor(record);
    const orphan = sessionFor(record);
    const denied = sessionFor(record);
    [crashed, orphan, denied].forEach((row) => fresh.store.sync.insertSession(row));
    const crashedBill = fresh.store.sync.endSession({ id: crashed.id, status: 'failed', endedAt: T0 + 5000, errorCode: 'engine_failure', usage: { ...NO_USAGE, seconds: 5 } });
    const deniedBill = fresh.store.sync.endSession({ id: denied.id, status: 'failed', endedAt: T0 + 7000, errorCode: 'access_denied', usage: { ...NO_USAGE, seconds: 7 } });
    expect([crashedBill, deniedBill]).to.deep.equal([{ credits: 5, debited: 5, refunded: 5 }, { credits: 7, debited: 7, refunded: 0 }]);
    fresh.store.sync.failOrphanedSessions(T0 + 9000, 'n1');
    expect(fresh.store.sync.ledgerEntries(account.id).map(pick)).to.deep.equal([
      { kind: 'grant', amount: 5_000, balanceAfter: 5_000, sessionId: null },
      { kind: 'debit', amount: 5, balanceAfter: 4_995, sessionId: crashed.id },
      { kind: 'refund', amount: 5, balanceAfter: 5_000, sessionId: crashed.id },
      { kind: 'debit', amount: 7, balanceAfter: 4_993, sessionId: denied.id },
      { kind: 'debit', amount: 9, balanceAfter: 4_984, sessionId: orphan.id },
      { kind: 'refund', amount: 9, balanceAfter: 4_993, sessionId: orphan.id },
    ]);
  });
});

describe('ledgerCsv()', () => {
  const fresh = freshStore();

  it('round-trips through an RFC 4180 parser with the contract columns and ISO times', () => {
    const { account, record } = seedKey(fresh.store, { plan: 'trial' });
    const row = sessionFor(record);
    fresh.store.sync.insertSession(row);
    fresh.store.sync.endSession({ id: row.id, status: 'closed', endedAt: T0 + 3000, usage: { ...NO_USAGE, seconds: 3 } });
    fresh.store.sync.topUp(account.id, 10, T0 + 4000);
    const entries = fresh.store.sync.ledgerEntries(account.id);
    const csv = ledgerCsv(entries);
    expect(csv.endsWith('\r\n')).to.equal(true);
    const [header, ...records] = parseCsv(csv);
    expect(header).to.deep.equal([...LEDGER_CSV_COLUMNS]);
    expect(records.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])))).to.deep.equal(
      entries.map((e) => ({
        kind: e.kind,
        amount: String(e.amount),
        balance_after: String(e.balanceAfter),
        session_id: e.sessionId ?? '',
        runtime: String(e.runtime),
        ai_tokens: String(e.aiTokens),
        proxy_dc: String(e.proxyDc),
        proxy_resident: String(e.proxyResident),
        created_at: new Date(e.createdAt).toISOString(),
      })),
    );
  });

  it('quotes fields holding commas, quotes and line breaks', () => {
    const odd = 'a,"b"\r\nc';
    const entry: LedgerEntry = {
      id: 1, accountId: 'acc_x', kind: 'debit', amount: 1, balanceAfter: 0, sessionId: odd, runtime: 1, aiTokens: 0,
      proxyDc: 0, proxyResident: 0, captcha: 0, test: false, note: null, createdAt: T0,
    };
    const csv = ledgerCsv([entry]);
    expect(csv).to.contain('"a,""b""\r\nc"');
    expect(parseCsv(csv)[1]![3]).to.equal(odd);
  });
});
