// The ledger's arithmetic, shared by every store implementation: which grants a pool is due and
// what an ended session is charged. The stores only decide how the entries are written atomically.
import { cycleIndex, cycleStart } from './cycle.js';
import { PLANS, type PlanName } from '../../contract/plans.js';
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

/** What the ledger made of an ended session: credits due, what was debited (at most the balance) and refunded. */
export interface SessionBill {
  credits: number;
  debited: number;
  refunded: number;
}

/** Error codes of failures that are the service's fault: their sessions are refunded (decisions.md). */
export const REFUNDED_ERRORS: ReadonlySet<string> = new Set(['engine_failure', 'internal_error']);

/** The split of an entry that is not a session's (grants, top-ups). */
export const NO_SPLIT: CreditSplit = { runtime: 0, proxy_dc: 0, proxy_resident: 0, ai_tokens: 0, captcha: 0 };

/** A grant to write: `amount` is also the balance after it (what was left lapses). */
export interface DueGrant {
  amount: number;
  note: string;
  at: number;
}

/**
 * The grants a pool is due at `now`: one for each cycle begun since its last grant (at
 * `lastGrantAt`, null when none), all of them, in order; `balance` is the pool's balance before them.
 */
export function grantsDue(input: { plan: PlanName; accountCreatedAt: number; lastGrantAt: number | null; balance: number; now: number }): DueGrant[] {
  const { plan, accountCreatedAt, now } = input;
  const allotment = PLANS[plan].creditsPerMonth;
  const grants: DueGrant[] = [];
  let balance = input.balance;
  const first = input.lastGrantAt === null ? 0 : cycleIndex(accountCreatedAt, input.lastGrantAt) + 1;
  for (let n = first; n <= cycleIndex(accountCreatedAt, now); n++) {
    const note = balance > 0 ? `cycle ${n} allotment (${plan}); ${balance} unused credits lapsed` : `cycle ${n} allotment (${plan})`;
    grants.push({ amount: allotment, note, at: cycleStart(accountCreatedAt, n) });
    balance = allotment;
  }
  return grants;
}

/** A session entry to write: its amount, the balance after it, its note and its split. */
export interface SessionEntry {
  amount: number;
  after: number;
  note: string | null;
  split: CreditSplit;
}

/**
 * What an ended session is charged from a pool holding `before`: its debit (no overage,
 * decisions.md: the charge stops at the balance and the rest is waived) and, after a
 * service-side fault, the refund that reverses it.
 */
export function sessionCharge(input: { before: number; usage: Metered; errorCode: string | null }): { bill: SessionBill; debit: SessionEntry; refund: SessionEntry | null } {
  const { before, usage, errorCode } = input;
  const due = credits(usage);
  const amount = Math.min(due.total, before);
  const split = scaleSplit(due.split, amount);
  const waived = due.total - amount;
  const note = waived > 0 ? `${waived} of ${due.total} credits waived: balance exhausted, no overage (split scaled to the amount charged)` : null;
  const debit = { amount, after: before - amount, note, split };
  const refunded = errorCode !== null && REFUNDED_ERRORS.has(errorCode);
  const refund = refunded ? { amount, after: before, note: `service-side fault (${errorCode}): debit reversed`, split } : null;
  return { bill: { credits: due.total, debited: amount, refunded: refunded ? amount : 0 }, debit, refund };
}
