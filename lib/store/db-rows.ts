// The rows both stores read back from their tables, and their mapping to what the Store answers:
// one schema in two dialects, so the only difference is how a boolean comes back (SQLite 0 or 1,
// PostgreSQL true or false). Also the usage checks both apply before a session ends.
import type { LedgerEntry, LedgerKind, SessionRow, SessionStatus, UsageInput } from './rows.js';

/** A boolean column as either database returns it. */
type DbBoolean = boolean | number;
const truth = (value: DbBoolean): boolean => value === true || value === 1;

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
