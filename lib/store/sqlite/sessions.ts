import type Database from 'better-sqlite3';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { ORPHAN_MESSAGE, secondsToFirstExpiry } from '../rules.js';
import type { SessionBill, SessionRow, SessionStatus, SessionStore, UsageInput } from '../types.js';
import type { LedgerWriter } from './ledger.js';
import type { Sync } from './sync.js';

interface SessionDbRow {
  id: string;
  key_id: string;
  account_id: string;
  test: number;
  status: SessionStatus;
  started_at: number;
  expires_at: number;
  ended_at: number | null;
  timeout_seconds: number;
  error_code: string | null;
  error_message: string | null;
}

interface UsageDbRow {
  session_id: string;
  seconds: number;
  bytes_dc: number;
  bytes_res: number;
  ai_tokens: number;
  captcha_solves: number;
  test: number;
  created_at: number;
}

const COLUMNS = 'id, key_id, account_id, test, status, started_at, expires_at, ended_at, timeout_seconds, error_code, error_message';
const ENDED: ReadonlySet<string> = new Set(['closed', 'expired', 'failed']);

function toSession(row: SessionDbRow): SessionRow {
  return {
    id: row.id,
    keyId: row.key_id,
    accountId: row.account_id,
    test: row.test === 1,
    status: row.status,
    startedAt: row.started_at,
    expiresAt: row.expires_at,
    endedAt: row.ended_at,
    timeoutSeconds: row.timeout_seconds,
    errorCode: row.error_code,
    errorMessage: row.error_message,
  };
}

/** Usage is billed in whole units, each rounded up (interface.md 8.4); anything else is a caller's bug. */
function whole(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new Error(`usage ${name} must be a non-negative number, got ${value}`);
  return Math.ceil(value);
}

/** Session operations over `db`, with their statements prepared once; `ledger` bills each session as it ends. */
export function sessionStore(db: Database.Database, ledger: LedgerWriter): Sync<SessionStore> {
  const insert = db.prepare<[string, string, string, number, number, number, number, number]>(
    `INSERT INTO sessions (id, key_id, account_id, test, status, started_at, expires_at, timeout_seconds, opening)
     VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
  );
  const byId = db.prepare<[string], SessionDbRow>(`SELECT ${COLUMNS} FROM sessions WHERE id = ?`);
  const openedById = db.prepare<[string], SessionDbRow>(`SELECT ${COLUMNS} FROM sessions WHERE id = ? AND opening = 0`);
  const activeExpiries = db.prepare<[string], number>(`SELECT expires_at FROM sessions WHERE key_id = ? AND status = 'active'`).pluck();
  const markOpened = db.prepare<[number, number, string]>(`UPDATE sessions SET opening = 0, started_at = ?, expires_at = ? WHERE id = ? AND opening = 1 AND status = 'active'`);
  const dropOpening = db.prepare<[string]>(`DELETE FROM sessions WHERE id = ? AND opening = 1`);
  const dropAllOpening = db.prepare(`DELETE FROM sessions WHERE opening = 1`);
  // 'closed' also matches 'expired': the listing shows both as closed (decisions.md).
  const filter = `key_id = @keyId AND opening = 0 AND (@status IS NULL OR status = @status OR (@status = 'closed' AND status = 'expired'))`;
  const order = 'ORDER BY started_at DESC, id DESC LIMIT @limit';
  type PageParams = { keyId: string; status: string | null; limit: number };
  const firstPage = db.prepare<PageParams, SessionDbRow>(`SELECT ${COLUMNS} FROM sessions WHERE ${filter} ${order}`);
  const nextPage = db.prepare<PageParams & { startedAt: number; id: string }, SessionDbRow>(
    `SELECT ${COLUMNS} FROM sessions WHERE ${filter} AND (started_at, id) < (@startedAt, @id) ${order}`,
  );
  const countActive = db.prepare<[string], number>(`SELECT count(*) FROM sessions WHERE key_id = ? AND status = 'active'`).pluck();
  const activeIds = db.prepare<[string], string>(`SELECT id FROM sessions WHERE key_id = ? AND status = 'active' ORDER BY started_at, id`).pluck();
  const allActive = db.prepare<[], SessionDbRow>(`SELECT ${COLUMNS} FROM sessions WHERE status = 'active' AND opening = 0`);
  const markEnded = db.prepare<{ id: string; status: string; endedAt: number; errorCode: string | null; errorMessage: string | null }>(
    `UPDATE sessions SET status = @status, ended_at = @endedAt, error_code = @errorCode, error_message = @errorMessage
     WHERE id = @id AND status = 'active'`,
  );
  const insertUsage = db.prepare<{ id: string; seconds: number; dc: number; res: number; ai: number; solves: number; at: number }>(
    `INSERT INTO usage (session_id, seconds, bytes_dc, bytes_res, ai_tokens, captcha_solves, test, created_at)
     SELECT id, @seconds, @dc, @res, @ai, @solves, test, @at FROM sessions WHERE id = @id`,
  );
  const usageOf = db.prepare<[string], UsageDbRow>(
    'SELECT session_id, seconds, bytes_dc, bytes_res, ai_tokens, captcha_solves, test, created_at FROM usage WHERE session_id = ?',
  );

  type Ending = { id: string; status: string; endedAt: number; errorCode: string | null; errorMessage: string | null; usage: UsageInput };
  // The guard on status = 'active' makes the second call a no-op, so one exit path can never bill twice.
  function end(e: Ending): SessionBill | null {
    if (markEnded.run(e).changes === 0) return null;
    const { usage } = e;
    const row = byId.get(e.id)!;
    insertUsage.run({
      id: e.id,
      seconds: usage.seconds,
      dc: usage.bytesDatacenter,
      res: usage.bytesResidential,
      ai: usage.aiTokens,
      solves: usage.captchaSolves,
      at: e.endedAt,
    });
    return ledger.billSession({ sessionId: e.id, accountId: row.account_id, test: row.test === 1, usage, at: e.endedAt, errorCode: e.errorCode });
  }
  // IMMEDIATE takes the write lock up front, so a second process cannot slip in between read and write.
  const endOne = db.transaction(end);
  const failAll = db.transaction((now: number): SessionRow[] => {
    // A create admitted but never opened was never shown nor billed: it leaves no trace.
    dropAllOpening.run();
    const orphans = allActive.all();
    for (const row of orphans) {
      // Never before the start, should the clock have stepped back across the restart.
      const endedAt = Math.max(row.started_at, Math.min(now, row.expires_at));
      const seconds = Math.ceil((endedAt - row.started_at) / 1000);
      const usage = { seconds, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
      end({ id: row.id, status: 'failed', endedAt, errorCode: 'engine_failure', errorMessage: ORPHAN_MESSAGE, usage });
    }
    return orphans.map((row) => toSession(byId.get(row.id)!));
  });

  type Admit = Parameters<Sync<SessionStore>['admitSession']>[0];
  // Count and insert under one write lock (IMMEDIATE): two processes cannot both count L - 1.
  const admit = db.transaction(({ row, limit, now }: Admit) => {
    const expiries = activeExpiries.all(row.keyId);
    if (expiries.length >= limit) return { admitted: false as const, active: expiries.length, retryAfterSeconds: secondsToFirstExpiry(expiries, now) };
    insert.run(row.id, row.keyId, row.accountId, row.test ? 1 : 0, row.startedAt, row.expiresAt, row.timeoutSeconds, 1);
    return { admitted: true as const, session: toSession(byId.get(row.id)!) };
  });

  return {
    admitSession(input) {
      return admit.immediate(input);
    },
    openedSession(id, { startedAt, expiresAt }) {
      if (markOpened.run(startedAt, expiresAt, id).changes === 0) throw new Error(`session ${id} is not opening`);
      return toSession(byId.get(id)!);
    },
    abandonSession(id) {
      return dropOpening.run(id).changes === 1;
    },
    insertSession(row) {
      insert.run(row.id, row.keyId, row.accountId, row.test ? 1 : 0, row.startedAt, row.expiresAt, row.timeoutSeconds, 0);
      return toSession(byId.get(row.id)!);
    },
    getSession(id) {
      const row = openedById.get(id);
      return row && toSession(row);
    },
    listSessions({ keyId, status, limit, after }) {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`);
      // One row more than asked tells whether another page exists without a second query.
      const params = { keyId, status: status ?? null, limit: limit + 1 };
      const rows = after === undefined ? firstPage.all(params) : nextPage.all({ ...params, ...decodeCursor(after) });
      const hasMore = rows.length > limit;
      const sessions = rows.slice(0, limit).map(toSession);
      const last = sessions.at(-1);
      return { sessions, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
    },
    countActiveSessions(keyId) {
      return countActive.get(keyId) ?? 0;
    },
    activeSessionIds(keyId) {
      return activeIds.all(keyId);
    },
    endSession({ id, status, endedAt, errorCode, errorMessage, usage }) {
      if (!ENDED.has(status)) throw new Error(`a session cannot end as '${String(status)}'`);
      const counted: UsageInput = {
        seconds: whole('seconds', usage.seconds),
        bytesDatacenter: whole('bytesDatacenter', usage.bytesDatacenter),
        bytesResidential: whole('bytesResidential', usage.bytesResidential),
        aiTokens: whole('aiTokens', usage.aiTokens),
        captchaSolves: whole('captchaSolves', usage.captchaSolves),
      };
      return endOne.immediate({ id, status, endedAt, errorCode: errorCode ?? null, errorMessage: errorMessage ?? null, usage: counted });
    },
    getUsage(sessionId) {
      const row = usageOf.get(sessionId);
      return (
        row && {
          sessionId: row.session_id,
          seconds: row.seconds,
          bytesDatacenter: row.bytes_dc,
          bytesResidential: row.bytes_res,
          aiTokens: row.ai_tokens,
          captchaSolves: row.captcha_solves,
          test: row.test === 1,
          createdAt: row.created_at,
        }
      );
    },
    failOrphanedSessions(now) {
      return failAll.immediate(now);
    },
  };
}
