import type Database from 'better-sqlite3';
import { cycleIndex, cycleStart } from './cycle.js';
import { isPlanName, PLANS } from './plans.js';
import { credits, scaleSplit, type CreditSplit, type Metered } from './rates.js';

/** The ledger's entry kinds (interface.md 2.13). */
export type LedgerKind = 'grant' | 'topup' | 'debit' | 'refund';

/**
 * One ledger entry. Per pool (an account's live or test credits), entries in id order chain:
 * a grant sets `balanceAfter` to its `amount` (the plan allotment; what was left lapses), a topup
 * or refund adds `amount`, a debit subtracts it. A debit's `amount` is what was charged, never
 * more than the balance; the split columns add up to `amount` on debits and refunds.
 */
export interface LedgerEntry {
  id: number;
  accountId: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  sessionId: string | null;
  runtime: number;
  aiTokens: number;
  proxyDc: number;
  proxyResident: number;
  captcha: number;
  /** True for the test pool (sessions of `sk_test_` keys), which never touches the live one. */
  test: boolean;
  note: string | null;
  createdAt: number;
}

/** Error codes of failures that are the service's fault: their sessions are refunded (decisions.md). */
export const REFUNDED_ERRORS: ReadonlySet<string> = new Set(['engine_failure', 'internal_error']);

/** The ledger's reading and admin side; `now` brings the pool's grants up to date first. */
export interface LedgerStore {
  /** The pool's balance at `now`, after writing any grants for cycles begun since the last one. */
  creditBalance(accountId: string, test: boolean, now: number): number;
  /** Adds `amount` whole credits to the account's live pool. Throws when the account is unknown. */
  topUp(accountId: string, amount: number, now: number, note?: string): LedgerEntry;
  /** The pool's entries, oldest first, without catching up on grants. */
  ledgerEntries(accountId: string, options?: { test?: boolean }): LedgerEntry[];
}

/** What the ledger made of an ended session: credits due, what was debited (at most the balance) and refunded. */
export interface SessionBill {
  credits: number;
  debited: number;
  refunded: number;
}

/** What the session store calls inside its end-of-session transaction. */
export interface LedgerWriter extends LedgerStore {
  /**
   * Writes the ended session's debit (and, after a service-side fault, its refund) to the pool of
   * its key. Must run inside the caller's transaction so usage and ledger commit together.
   */
  billSession(input: { sessionId: string; accountId: string; test: boolean; usage: Metered; at: number; errorCode: string | null }): SessionBill;
}

interface LedgerDbRow {
  id: number;
  account_id: string;
  kind: LedgerKind;
  amount: number;
  balance_after: number;
  session_id: string | null;
  runtime: number;
  ai_tokens: number;
  proxy_dc: number;
  proxy_resident: number;
  captcha: number;
  test: number;
  note: string | null;
  created_at: number;
}

const COLUMNS = 'id, account_id, kind, amount, balance_after, session_id, runtime, ai_tokens, proxy_dc, proxy_resident, captcha, test, note, created_at';
const NO_SPLIT: CreditSplit = { runtime: 0, proxy_dc: 0, proxy_resident: 0, ai_tokens: 0, captcha: 0 };

function toEntry(row: LedgerDbRow): LedgerEntry {
  return {
    id: row.id,
    accountId: row.account_id,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balance_after,
    sessionId: row.session_id,
    runtime: row.runtime,
    aiTokens: row.ai_tokens,
    proxyDc: row.proxy_dc,
    proxyResident: row.proxy_resident,
    captcha: row.captcha,
    test: row.test === 1,
    note: row.note,
    createdAt: row.created_at,
  };
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
  const byId = db.prepare<[number], LedgerDbRow>(`SELECT ${COLUMNS} FROM ledger WHERE id = ?`);
  const entries = db.prepare<[string, number], LedgerDbRow>(`SELECT ${COLUMNS} FROM ledger WHERE account_id = ? AND test = ? ORDER BY id`);

  /** Writes one grant per cycle begun since the pool's last grant (all of them, in order) and returns the balance. */
  function catchUp(accountId: string, test: boolean, now: number): number {
    const owner = account.get(accountId);
    if (!owner) throw new Error(`no account ${accountId}`);
    if (!isPlanName(owner.plan)) throw new Error(`account ${accountId} has an unknown plan '${owner.plan}'`);
    const allotment = PLANS[owner.plan].creditsPerMonth;
    const flag = test ? 1 : 0;
    const granted = lastGrant.get(accountId, flag);
    const current = cycleIndex(owner.created_at, now);
    let balance = last.get(accountId, flag)?.balance_after ?? 0;
    for (let n = granted ? cycleIndex(owner.created_at, granted.created_at) + 1 : 0; n <= current; n++) {
      const note = balance > 0 ? `cycle ${n} allotment (${owner.plan}); ${balance} unused credits lapsed` : `cycle ${n} allotment (${owner.plan})`;
      insert.run({ account: accountId, kind: 'grant', amount: allotment, after: allotment, session: null, test: flag, note, at: cycleStart(owner.created_at, n), ...NO_SPLIT });
      balance = allotment;
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
      const before = catchUp(accountId, test, at);
      const due = credits(usage);
      // No overage (decisions.md): the charge stops at the balance and the rest is waived.
      const amount = Math.min(due.total, before);
      const split = scaleSplit(due.split, amount);
      const waived = due.total - amount;
      const note = waived > 0 ? `${waived} of ${due.total} credits waived: balance exhausted, no overage (split scaled to the amount charged)` : null;
      const base = { account: accountId, session: sessionId, test: flag, at, ...split };
      insert.run({ ...base, kind: 'debit', amount, after: before - amount, note });
      const refunded = errorCode !== null && REFUNDED_ERRORS.has(errorCode);
      if (refunded) insert.run({ ...base, kind: 'refund', amount, after: before, note: `service-side fault (${errorCode}): debit reversed` });
      return { credits: due.total, debited: amount, refunded: refunded ? amount : 0 };
    },
  };
}
