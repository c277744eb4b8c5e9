import type Database from 'better-sqlite3';
import { grantsDue, NO_SPLIT, sessionCharge } from '../../billing/ledger.js';
import { isPlanName } from '../../../contract/plans.js';
import type { CreditSplit, Metered } from '../../billing/rates.js';
import type { LedgerEntry, LedgerKind, LedgerStore, SessionBill } from '../types.js';
import type { Sync } from './sync.js';
import { LEDGER_COLUMNS, toEntry, type LedgerDbRow } from '../db-rows.js';

/** What the session store calls inside its end-of-session transaction. */
export interface LedgerWriter extends Sync<LedgerStore> {
  /**
   * Writes the ended session's debit (and, after a service-side fault, its refund) to the pool of
   * its key. Must run inside the caller's transaction so usage and ledger commit together.
   */
  billSession(input: { sessionId: string; accountId: string; test: boolean; usage: Metered; at: number; errorCode: string | null }): SessionBill;
}

/** Ledger operations over `db` (migration 3), with their statements prepared once. */
export function ledgerStore(db: Database.Database): LedgerWriter {
  const account = db.prepare<[string], { plan: string; created_at: number }>('SELECT plan, created_at FROM accounts WHERE id = ?');
  const last = db.prepare<[string, number], { balance_after: number }>(
    'SELECT balance_after FROM ledger WHERE account_id = ? AND test = ? ORDER BY id DESC LIMIT 1',
  );
  const lastGrant = db.prepare<[string, number], { created_at: number }>(
    "SELECT created_at FROM ledger WHERE account_id = ? AND test = ? AND kind = 'grant' ORDER BY id DESC LIMIT 1",
  );
  type Insert = { account: string; kind: LedgerKind; amount: number; after: number; session: string | null; test: number; note: string | null; at: number } & CreditSplit;
  const insert = db.prepare<Insert>(
    `INSERT INTO ledger (account_id, kind, amount, balance_after, session_id, runtime, ai_tokens, proxy_dc, proxy_resident, captcha, test, note, created_at)
     VALUES (@account, @kind, @amount, @after, @session, @runtime, @ai_tokens, @proxy_dc, @proxy_resident, @captcha, @test, @note, @at)`,
  );
  const byId = db.prepare<[number], LedgerDbRow>(`SELECT ${LEDGER_COLUMNS} FROM ledger WHERE id = ?`);
  const entries = db.prepare<[string, number], LedgerDbRow>(`SELECT ${LEDGER_COLUMNS} FROM ledger WHERE account_id = ? AND test = ? ORDER BY id`);

  /** Writes one grant per cycle begun since the pool's last grant (all of them, in order) and returns the balance. */
  function catchUp(accountId: string, test: boolean, now: number): number {
    const owner = account.get(accountId);
    if (!owner) throw new Error(`no account ${accountId}`);
    if (!isPlanName(owner.plan)) throw new Error(`account ${accountId} has an unknown plan '${owner.plan}'`);
    const flag = test ? 1 : 0;
    let balance = last.get(accountId, flag)?.balance_after ?? 0;
    const lastGrantAt = lastGrant.get(accountId, flag)?.created_at ?? null;
    for (const grant of grantsDue({ plan: owner.plan, accountCreatedAt: owner.created_at, lastGrantAt, balance, now })) {
      insert.run({ account: accountId, kind: 'grant', amount: grant.amount, after: grant.amount, session: null, test: flag, note: grant.note, at: grant.at, ...NO_SPLIT });
      balance = grant.amount;
    }
    return balance;
  }

  // Nested inside the session store's transaction these become savepoints, so they join it.
  const balanceTx = db.transaction(catchUp);
  const topUpTx = db.transaction((accountId: string, amount: number, now: number, note: string | null): LedgerEntry => {
    const before = catchUp(accountId, false, now);
    const { lastInsertRowid } = insert.run({ account: accountId, kind: 'topup', amount, after: before + amount, session: null, test: 0, note, at: now, ...NO_SPLIT });
    return toEntry(byId.get(Number(lastInsertRowid))!);
  });

  return {
    creditBalance(accountId, test, now) {
      return balanceTx.immediate(accountId, test, now);
    },
    topUp(accountId, amount, now, note) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`a top-up must be a positive whole number of credits, got ${amount}`);
      return topUpTx.immediate(accountId, amount, now, note ?? null);
    },
    ledgerEntries(accountId, options = {}) {
      return entries.all(accountId, options.test ? 1 : 0).map(toEntry);
    },
    billSession({ sessionId, accountId, test, usage, at, errorCode }) {
      if (!db.inTransaction) throw new Error('billSession must run inside the transaction that writes the usage row');
      const flag = test ? 1 : 0;
      const { bill, debit, refund } = sessionCharge({ before: catchUp(accountId, test, at), usage, errorCode });
      const base = { account: accountId, session: sessionId, test: flag, at };
      insert.run({ ...base, ...debit.split, kind: 'debit', amount: debit.amount, after: debit.after, note: debit.note });
      if (refund) insert.run({ ...base, ...refund.split, kind: 'refund', amount: refund.amount, after: refund.after, note: refund.note });
      return bill;
    },
  };
}
