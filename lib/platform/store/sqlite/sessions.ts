import type Database from 'better-sqlite3';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { ENDED_STATUSES, lostEnding, SESSION_COLUMNS, toSession, toUsage, USAGE_COLUMNS, wholeUsage, type SessionDbRow, type UsageDbRow } from '../db-rows.js';
import { NODE_LOST_MESSAGE, NODELESS_ID_LENGTH, nodeSessionPattern, ORPHAN_MESSAGE, secondsToFirstExpiry } from '../rules.js';
import type { NodeStore, SessionBill, SessionRow, SessionStore, UsageInput } from '../types.js';
import type { LedgerWriter } from './ledger.js';
import type { Sync } from './sync.js';
import { endedEvent } from '../webhook-rows.js';
import { enqueueStatement } from './webhooks.js';


/** Session operations over `db`, with their statements prepared once; `ledger` bills each session as it ends. */
export function sessionStore(db: Database.Database, ledger: LedgerWriter): Sync<SessionStore & NodeStore> {
  const insert = db.prepare<[string, string, string, number, number, number, number, number]>(
    `INSERT INTO sessions (id, key_id, account_id, test, status, started_at, expires_at, timeout_seconds, opening)
     VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?)`,
  );
  const byId = db.prepare<[string], SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`);
  const openedById = db.prepare<[string], SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ? AND opening = 0`);
  const activeExpiries = db.prepare<[string], number>(`SELECT expires_at FROM sessions WHERE key_id = ? AND status = 'active'`).pluck();
  const markOpened = db.prepare<[number, number, string]>(`UPDATE sessions SET opening = 0, started_at = ?, expires_at = ? WHERE id = ? AND opening = 1 AND status = 'active'`);
  const dropOpening = db.prepare<[string]>(`DELETE FROM sessions WHERE id = ? AND opening = 1`);
  // A node's sessions: ids ses_<node>_..., and, for its own start-up, ids made before ids named a node.
  const ofNode = `(id LIKE @pattern ESCAPE '\\' OR (@nodeless = 1 AND length(id) = ${NODELESS_ID_LENGTH}))`;
  type NodeParams = { pattern: string; nodeless: number };
  const dropNodeOpening = db.prepare<NodeParams>(`DELETE FROM sessions WHERE opening = 1 AND ${ofNode}`);
  // 'closed' also matches 'expired': the listing shows both as closed (decisions.md).
  const filter = `key_id = @keyId AND opening = 0 AND (@status IS NULL OR status = @status OR (@status = 'closed' AND status = 'expired'))`;
  const order = 'ORDER BY started_at DESC, id DESC LIMIT @limit';
  type PageParams = { keyId: string; status: string | null; limit: number };
  const firstPage = db.prepare<PageParams, SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${filter} ${order}`);
  const nextPage = db.prepare<PageParams & { startedAt: number; id: string }, SessionDbRow>(
    `SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${filter} AND (started_at, id) < (@startedAt, @id) ${order}`,
  );
  const countActive = db.prepare<[string], number>(`SELECT count(*) FROM sessions WHERE key_id = ? AND status = 'active'`).pluck();
  const activeIds = db.prepare<[string], string>(`SELECT id FROM sessions WHERE key_id = ? AND status = 'active' ORDER BY started_at, id`).pluck();
  const nodeActive = db.prepare<NodeParams, SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE status = 'active' AND opening = 0 AND ${ofNode}`);
  const markEnded = db.prepare<{ id: string; status: string; endedAt: number; errorCode: string | null; errorMessage: string | null }>(
    `UPDATE sessions SET status = @status, ended_at = @endedAt, error_code = @errorCode, error_message = @errorMessage
     WHERE id = @id AND status = 'active'`,
  );
  const insertUsage = db.prepare<{ id: string; seconds: number; dc: number; res: number; ai: number; solves: number; at: number }>(
    `INSERT INTO usage (session_id, seconds, bytes_dc, bytes_res, ai_tokens, captcha_solves, test, created_at)
     SELECT id, @seconds, @dc, @res, @ai, @solves, test, @at FROM sessions WHERE id = @id`,
  );
  const usageOf = db.prepare<[string], UsageDbRow>(`SELECT ${USAGE_COLUMNS} FROM usage WHERE session_id = ?`);
  // A session with a webhook target gets its end's event in the same transaction as the end.
  const enqueue = enqueueStatement(db);

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
    const bill = ledger.billSession({ sessionId: e.id, accountId: row.account_id, test: row.test === 1, usage, at: e.endedAt, errorCode: e.errorCode });
    enqueue(endedEvent(e), e.id, e.endedAt);
    return bill;
  }
  // IMMEDIATE takes the write lock up front, so a second process cannot slip in between read and write.
  const endOne = db.transaction(end);
  // A node's live sessions failed (engine_failure) and refunded, its openings dropped: at its own
  // start-up (`nodeless`: ids without a node are its too), or by another node when it went silent.
  const failNode = db.transaction((node: string, nodeless: boolean, now: number, message: string): SessionRow[] => {
    const params = { pattern: nodeSessionPattern(node), nodeless: nodeless ? 1 : 0 };
    // A create admitted but never opened was never shown nor billed: it leaves no trace.
    dropNodeOpening.run(params);
    const failed: SessionRow[] = [];
    for (const row of nodeActive.all(params)) {
      if (end(lostEnding(row, now, message))) failed.push(toSession(byId.get(row.id)!));
    }
    return failed;
  });
  const beat = db.prepare<[string, number, number]>(`INSERT INTO nodes (id, beat_at, started_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at`);
  const staleNodes = db.prepare<[string, number], string>(`SELECT id FROM nodes WHERE id <> ? AND beat_at < ? ORDER BY id`).pluck();
  const failStale = db.transaction((self: string, staleBefore: number, now: number): SessionRow[] =>
    staleNodes.all(self, staleBefore).flatMap((node) => failNode(node, false, now, NODE_LOST_MESSAGE)),
  );

  type Admit = Parameters<Sync<SessionStore>['admitSession']>[0];
  // Count and insert under one write lock (IMMEDIATE): two processes cannot both count L - 1.
  const admit = db.transaction(({ rows, limit, now }: Admit) => {
    const keyId = rows[0]?.keyId;
    if (keyId === undefined || rows.some((row) => row.keyId !== keyId)) throw new Error('admitSession takes one or more rows of one key');
    const expiries = activeExpiries.all(keyId);
    if (expiries.length + rows.length > limit) return { admitted: false as const, active: expiries.length, retryAfterSeconds: secondsToFirstExpiry(expiries, now) };
    for (const row of rows) insert.run(row.id, row.keyId, row.accountId, row.test ? 1 : 0, row.startedAt, row.expiresAt, row.timeoutSeconds, 1);
    return { admitted: true as const, sessions: rows.map((row) => toSession(byId.get(row.id)!)) };
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
      if (!ENDED_STATUSES.has(status)) throw new Error(`a session cannot end as '${String(status)}'`);
      const counted = wholeUsage(usage);
      return endOne.immediate({ id, status, endedAt, errorCode: errorCode ?? null, errorMessage: errorMessage ?? null, usage: counted });
    },
    getUsage(sessionId) {
      const row = usageOf.get(sessionId);
      return row && toUsage(row);
    },
    failOrphanedSessions(now, node) {
      return failNode.immediate(node, true, now, ORPHAN_MESSAGE);
    },
    beatNode(node, now) {
      beat.run(node, now, now);
    },
    failStaleNodes({ self, staleBefore, now }) {
      return failStale.immediate(self, staleBefore, now);
    },
  };
}
