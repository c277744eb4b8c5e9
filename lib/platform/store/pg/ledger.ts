// The credit ledger in PostgreSQL. Every write to an account's pools happens with the account's row
// locked (FOR NO KEY UPDATE, which still lets rows that merely reference the account be inserted),
// and reads the pool's last entry after taking it: writers of one account take turns on every node,
// so each balance_after follows from the entry before it and ids are handed out in chain order.
import type pg from 'pg';
import { grantsDue, NO_SPLIT, sessionCharge } from '../../billing/ledger.js';
import { isPlanName } from '../../../contract/plans.js';
import type { CreditSplit, Metered } from '../../billing/rates.js';
import type { LedgerEntry, LedgerKind, SessionBill } from '../rows.js';
import type { LedgerStore } from '../types.js';
import { transaction, type Queryable } from './connection.js';
import { LEDGER_COLUMNS, toEntry, type LedgerDbRow } from '../db-rows.js';

type Insert = { account: string; kind: LedgerKind; amount: number; after: number; session: string | null; test: boolean; note: string | null; at: number } & CreditSplit;

async function insert(client: Queryable, e: Insert): Promise<LedgerEntry> {
  const { rows } = await client.query<LedgerDbRow>(
    `INSERT INTO ledger (account_id, kind, amount, balance_after, session_id, runtime, ai_tokens, proxy_dc, proxy_resident, captcha, test, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${LEDGER_COLUMNS}`,
    [e.account, e.kind, e.amount, e.after, e.session, e.runtime, e.ai_tokens, e.proxy_dc, e.proxy_resident, e.captcha, e.test, e.note, e.at],
  );
  return toEntry(rows[0]!);
}

/**
 * Inside a transaction: locks the account's row until commit, writes one grant per cycle begun
 * since the pool's last grant, and answers the pool's balance.
 */
async function lockAndCatchUp(client: Queryable, accountId: string, test: boolean, now: number): Promise<number> {
  const owner = (await client.query<{ plan: string; created_at: number }>('SELECT plan, created_at FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [accountId])).rows[0];
  if (!owner) throw new Error(`no account ${accountId}`);
  if (!isPlanName(owner.plan)) throw new Error(`account ${accountId} has an unknown plan '${owner.plan}'`);
  const granted = (
    await client.query<{ created_at: number }>(
      "SELECT created_at FROM ledger WHERE account_id = $1 AND test = $2 AND kind = 'grant' ORDER BY id DESC LIMIT 1",
      [accountId, test],
    )
  ).rows[0];
  const last = (await client.query<{ balance_after: number }>('SELECT balance_after FROM ledger WHERE account_id = $1 AND test = $2 ORDER BY id DESC LIMIT 1', [accountId, test]))
    .rows[0];
  let balance = last?.balance_after ?? 0;
  for (const grant of grantsDue({ plan: owner.plan, accountCreatedAt: owner.created_at, lastGrantAt: granted?.created_at ?? null, balance, now })) {
    await insert(client, { account: accountId, kind: 'grant', amount: grant.amount, after: grant.amount, session: null, test, note: grant.note, at: grant.at, ...NO_SPLIT });
    balance = grant.amount;
  }
  return balance;
}

/**
 * Inside endSession's transaction: writes the ended session's debit (and, after a service-side
 * fault, its refund) to its pool. The unique indexes ledger_debit and ledger_refund make a second
 * debit or refund of one session fail, whatever path tried it.
 */
export async function billSession(
  client: Queryable,
  input: { sessionId: string; accountId: string; test: boolean; usage: Metered; at: number; errorCode: string | null },
): Promise<SessionBill> {
  const { sessionId, accountId, test, usage, at, errorCode } = input;
  const { bill, debit, refund } = sessionCharge({ before: await lockAndCatchUp(client, accountId, test, at), usage, errorCode });
  const base = { account: accountId, session: sessionId, test, at };
  await insert(client, { ...base, ...debit.split, kind: 'debit', amount: debit.amount, after: debit.after, note: debit.note });
  if (refund) await insert(client, { ...base, ...refund.split, kind: 'refund', amount: refund.amount, after: refund.after, note: refund.note });
  return bill;
}

/** The ledger's reading and admin side on `pool`. */
export function pgLedgerStore(pool: pg.Pool): LedgerStore {
  return {
    creditBalance(accountId, test, now) {
      return transaction(pool, (client) => lockAndCatchUp(client, accountId, test, now));
    },
    async topUp(accountId, amount, now, note) {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`a top-up must be a positive whole number of credits, got ${amount}`);
      return transaction(pool, async (client) => {
        const before = await lockAndCatchUp(client, accountId, false, now);
        return insert(client, { account: accountId, kind: 'topup', amount, after: before + amount, session: null, test: false, note: note ?? null, at: now, ...NO_SPLIT });
      });
    },
    async ledgerEntries(accountId, options = {}) {
      const { rows } = await pool.query<LedgerDbRow>(`SELECT ${LEDGER_COLUMNS} FROM ledger WHERE account_id = $1 AND test = $2 ORDER BY id`, [accountId, options.test ?? false]);
      return rows.map(toEntry);
    },
  };
}
