// The rows both stores read back from their tables, and their mapping to what the Store answers:
// one schema in two dialects, so the only difference is how a boolean comes back (SQLite 0 or 1,
// PostgreSQL true or false). Also the usage checks both apply before a session ends.
import { isPlanName } from '../../contract/plans.js';
import type { Account, ApiKeyRecord, IdempotencyBegin, LedgerEntry, LedgerKind, SessionRow, SessionStatus, UsageInput, UsageRow } from './rows.js';

/** A boolean column as either database returns it. */
type DbBoolean = boolean | number;
const truth = (value: DbBoolean): boolean => value === true || value === 1;

/** A row of `accounts`. */
export interface AccountDbRow {
  id: string;
  plan: string;
  created_at: number;
}

/** An account as the Store answers it, refusing a plan this version does not know. */
export function toAccount(row: AccountDbRow): Account {
  if (!isPlanName(row.plan)) throw new Error(`account ${row.id} has an unknown plan '${row.plan}'`);
  return { id: row.id, plan: row.plan, createdAt: row.created_at };
}

/** A row of `api_keys` joined to its account, `plan` being the key's effective plan. */
export interface KeyDbRow {
  id: string;
  account_id: string;
  prefix: string;
  test: DbBoolean;
  plan: string;
  created_at: number;
  revoked_at: number | null;
}

/** A key as the Store answers it, refusing a plan this version does not know. */
export function toKeyRecord(row: KeyDbRow): ApiKeyRecord {
  if (!isPlanName(row.plan)) throw new Error(`key ${row.prefix} has an unknown plan '${row.plan}'`);
  return { id: row.id, accountId: row.account_id, prefix: row.prefix, test: truth(row.test), plan: row.plan, createdAt: row.created_at, revokedAt: row.revoked_at };
}

/** A row of `idempotency`. */
export interface IdempotencyDbRow {
  body_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  body: string | null;
  request_id: string | null;
  created_at: number;
}

/** What another request's live claim (not one to take over) means for a request with `bodyHash`. */
export function claimedAnswer(row: IdempotencyDbRow, bodyHash: string): IdempotencyBegin {
  if (row.body_hash !== bodyHash) return { state: 'conflict' };
  if (row.state === 'pending') return { state: 'pending' };
  return { state: 'replay', status: row.status!, body: row.body!, requestId: row.request_id! };
}

/** A row of `sessions`, as `SESSION_COLUMNS` selects it. */
export interface SessionDbRow {
  id: string;
  key_id: string;
  account_id: string;
  test: DbBoolean;
  status: SessionStatus;
  started_at: number;
  expires_at: number;
  ended_at: number | null;
  timeout_seconds: number;
  error_code: string | null;
  error_message: string | null;
}

/** The columns of `sessions` a SessionDbRow holds. */
export const SESSION_COLUMNS = 'id, key_id, account_id, test, status, started_at, expires_at, ended_at, timeout_seconds, error_code, error_message';

/** A session row as the Store answers it. */
export function toSession(row: SessionDbRow): SessionRow {
  return {
    id: row.id,
    keyId: row.key_id,
    accountId: row.account_id,
    test: truth(row.test),
    status: row.status,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    endedAt: row.ended_at,
    timeoutSeconds: row.timeout_seconds,
    errorCode: row.error_code,
    errorMessage: row.error_message,
  };
}

/** A row of `usage`, as `USAGE_COLUMNS` selects it. */
export interface UsageDbRow {
  session_id: string;
  seconds: number;
  bytes_dc: number;
  bytes_res: number;
  ai_tokens: number;
  captcha_solves: number;
  test: DbBoolean;
  created_at: number;
}

/** The columns of `usage` a UsageDbRow holds. */
export const USAGE_COLUMNS = 'session_id, seconds, bytes_dc, bytes_res, ai_tokens, captcha_solves, test, created_at';

/** A usage row as the Store answers it. */
export function toUsage(row: UsageDbRow): UsageRow {
  return {
    sessionId: row.session_id,
    seconds: row.seconds,
    bytesDatacenter: row.bytes_dc,
    bytesResidential: row.bytes_res,
    aiTokens: row.ai_tokens,
    captchaSolves: row.captcha_solves,
    test: truth(row.test),
    createdAt: row.created_at,
  };
}

/** A row of `ledger`, as `LEDGER_COLUMNS` selects it. */
export interface LedgerDbRow {
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
  test: DbBoolean;
  note: string | null;
  created_at: number;
}

/** The columns of `ledger` a LedgerDbRow holds. */
export const LEDGER_COLUMNS = 'id, account_id, kind, amount, balance_after, session_id, runtime, ai_tokens, proxy_dc, proxy_resident, captcha, test, note, created_at';

/** A ledger row as the Store answers it. */
export function toEntry(row: LedgerDbRow): LedgerEntry {
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
    test: truth(row.test),
    note: row.note,
    createdAt: row.created_at,
  };
}

/** The statuses a session may end with. */
export const ENDED_STATUSES: ReadonlySet<string> = new Set(['closed', 'expired', 'failed']);

/** Usage is billed in whole units, each rounded up (interface.md 8.4); anything else is a caller's bug. */
export function wholeUsage(usage: UsageInput): UsageInput {
  const whole = (name: string, value: number): number => {
    if (!Number.isFinite(value) || value < 0) throw new Error(`usage ${name} must be a non-negative number, got ${value}`);
    return Math.ceil(value);
  };
  return {
    seconds: whole('seconds', usage.seconds),
    bytesDatacenter: whole('bytesDatacenter', usage.bytesDatacenter),
    bytesResidential: whole('bytesResidential', usage.bytesResidential),
    aiTokens: whole('aiTokens', usage.aiTokens),
    captchaSolves: whole('captchaSolves', usage.captchaSolves),
  };
}

/**
 * How a session whose node was lost (restarted, or silent past the timeout) ends at `now`: failed
 * with engine_failure and `message`, its runtime billed up to now or its expiry, and never before
 * its start, should the clock have stepped back across a restart. Only the runtime is known.
 */
export function lostEnding(row: SessionDbRow, now: number, message: string) {
  const endedAt = Math.max(row.started_at, Math.min(now, row.expires_at));
  const seconds = Math.ceil((endedAt - row.started_at) / 1000);
  const usage: UsageInput = { seconds, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
  return { id: row.id, status: 'failed' as const, endedAt, errorCode: 'engine_failure', errorMessage: message, usage };
}
