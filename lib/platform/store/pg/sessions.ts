// Sessions and usage in PostgreSQL. Admission counts and inserts under the key's advisory lock in
// one transaction; a session ends exactly once because the UPDATE guarded by status = 'active'
// lets one caller through (the others wait on the row lock, then find it ended); usage's and the
// ledger's unique indexes back that up.
import type pg from 'pg';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { ENDED_STATUSES, lostEnding, SESSION_COLUMNS, toSession, toUsage, USAGE_COLUMNS, wholeUsage, type SessionDbRow, type UsageDbRow } from '../db-rows.js';
import type { SessionRow, UsageInput } from '../rows.js';
import { NODE_LOST_MESSAGE, NODELESS_ID_LENGTH, nodeSessionPattern, ORPHAN_MESSAGE, secondsToFirstExpiry } from '../rules.js';
import type { NodeStore, SessionStore } from '../types.js';
import { LOCKS, lockKey, transaction, type Queryable } from './connection.js';
import { billSession } from './ledger.js';
import { endedEvent } from '../webhook-rows.js';
import { enqueueEvent } from './webhooks.js';


type Ending = { id: string; status: string; endedAt: number; errorCode: string | null; errorMessage: string | null; usage: UsageInput };

/** Inside a transaction: ends the session if it is still active, with its usage row and ledger entries; null when it had ended. */
async function end(client: Queryable, e: Ending) {
  const { rows } = await client.query<SessionDbRow>(
    `UPDATE sessions SET status = $2, ended_at = $3, error_code = $4, error_message = $5
     WHERE id = $1 AND status = 'active' RETURNING ${SESSION_COLUMNS}`,
    [e.id, e.status, e.endedAt, e.errorCode, e.errorMessage],
  );
  const row = rows[0];
  if (!row) return null;
  const { usage } = e;
  await client.query(
    'INSERT INTO usage (session_id, seconds, bytes_dc, bytes_res, ai_tokens, captcha_solves, test, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [e.id, usage.seconds, usage.bytesDatacenter, usage.bytesResidential, usage.aiTokens, usage.captchaSolves, row.test, e.endedAt],
  );
  const bill = await billSession(client, { sessionId: e.id, accountId: row.account_id, test: row.test === true, usage, at: e.endedAt, errorCode: e.errorCode });
  // A session with a webhook target gets its end's event in the same transaction as the end.
  await enqueueEvent(client, endedEvent(e), e.id, e.endedAt);
  return { bill, row };
}

async function insertActive(client: Queryable, row: Parameters<SessionStore['insertSession']>[0], opening: boolean): Promise<SessionRow> {
  const { rows } = await client.query<SessionDbRow>(
    `INSERT INTO sessions (id, key_id, account_id, test, status, opening, started_at, expires_at, timeout_seconds)
     VALUES ($1, $2, $3, $4, 'active', $5, $6, $7, $8) RETURNING ${SESSION_COLUMNS}`,
    [row.id, row.keyId, row.accountId, row.test, opening, row.startedAt, row.expiresAt, row.timeoutSeconds],
  );
  return toSession(rows[0]!);
}

/** Session operations on `pool`. */
export function pgSessionStore(pool: pg.Pool): SessionStore & NodeStore {
  // 'closed' also matches 'expired': the listing shows both as closed (decisions.md).
  const filter = `key_id = $1 AND NOT opening AND ($2::text IS NULL OR status = $2 OR ($2 = 'closed' AND status = 'expired'))`;
  const order = 'ORDER BY started_at DESC, id DESC LIMIT $3';

  /**
   * A node's live sessions failed (engine_failure) and refunded, its openings dropped: at its own
   * start-up (`nodeless`: ids without a node are its too), or by another node when it went silent.
   * One transaction per session, the end guarded by status = 'active': billed once, whoever races.
   */
  async function failNode(node: string, nodeless: boolean, now: number, message: string): Promise<SessionRow[]> {
    const ofNode = `(id LIKE $1 ESCAPE '\\' OR ($2 AND length(id) = ${NODELESS_ID_LENGTH}))`;
    const params = [nodeSessionPattern(node), nodeless];
    await pool.query(`DELETE FROM sessions WHERE opening AND status = 'active' AND ${ofNode}`, params);
    const { rows: orphans } = await pool.query<SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE status = 'active' AND ${ofNode} ORDER BY started_at, id`, params);
    const failed: SessionRow[] = [];
    for (const row of orphans) {
      const ended = await transaction(pool, (client) => end(client, lostEnding(row, now, message)));
      if (ended) failed.push(toSession(ended.row));
    }
    return failed;
  }

  return {
    admitSession({ rows, limit, now }) {
      const keyId = rows[0]?.keyId;
      if (keyId === undefined || rows.some((row) => row.keyId !== keyId)) return Promise.reject(new Error('admitSession takes one or more rows of one key'));
      return transaction(pool, async (client) => {
        // Every admission of this key, on any node, waits here until the one before it commits.
        await lockKey(client, LOCKS.admission, keyId);
        const active = await client.query<{ expires_at: number }>(`SELECT expires_at FROM sessions WHERE key_id = $1 AND status = 'active'`, [keyId]);
        if (active.rows.length + rows.length > limit) {
          return { admitted: false as const, active: active.rows.length, retryAfterSeconds: secondsToFirstExpiry(active.rows.map((r) => r.expires_at), now) };
        }
        const sessions: SessionRow[] = [];
        for (const row of rows) sessions.push(await insertActive(client, row, true));
        return { admitted: true as const, sessions };
      });
    },
    async openedSession(id, { startedAt, expiresAt }) {
      const { rows } = await pool.query<SessionDbRow>(
        `UPDATE sessions SET opening = false, started_at = $2, expires_at = $3 WHERE id = $1 AND opening AND status = 'active' RETURNING ${SESSION_COLUMNS}`,
        [id, startedAt, expiresAt],
      );
      if (!rows[0]) throw new Error(`session ${id} is not opening`);
      return toSession(rows[0]);
    },
    async abandonSession(id) {
      const { rowCount } = await pool.query("DELETE FROM sessions WHERE id = $1 AND opening AND status = 'active'", [id]);
      return rowCount === 1;
    },
    insertSession(row) {
      return insertActive(pool, row, false);
    },
    async getSession(id) {
      const { rows } = await pool.query<SessionDbRow>(`SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = $1 AND NOT opening`, [id]);
      return rows[0] && toSession(rows[0]);
    },
    async listSessions({ keyId, status, limit, after }) {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`);
      // One row more than asked tells whether another page exists without a second query.
      const params: unknown[] = [keyId, status ?? null, limit + 1];
      let sql = `SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${filter} ${order}`;
      if (after !== undefined) {
        const position = decodeCursor(after);
        params.push(position.startedAt, position.id);
        sql = `SELECT ${SESSION_COLUMNS} FROM sessions WHERE ${filter} AND (started_at, id) < ($4, $5) ${order}`;
      }
      const { rows } = await pool.query<SessionDbRow>(sql, params);
      const hasMore = rows.length > limit;
      const sessions = rows.slice(0, limit).map(toSession);
      const last = sessions.at(-1);
      return { sessions, hasMore, nextCursor: hasMore && last ? encodeCursor(last) : null };
    },
    async countActiveSessions(keyId) {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*) AS n FROM sessions WHERE key_id = $1 AND status = 'active'`, [keyId]);
      return rows[0]?.n ?? 0;
    },
    async activeSessionIds(keyId) {
      const { rows } = await pool.query<{ id: string }>(`SELECT id FROM sessions WHERE key_id = $1 AND status = 'active' ORDER BY started_at, id`, [keyId]);
      return rows.map((row) => row.id);
    },
    async endSession({ id, status, endedAt, errorCode, errorMessage, usage }) {
      if (!ENDED_STATUSES.has(status)) throw new Error(`a session cannot end as '${String(status)}'`);
      const counted = wholeUsage(usage);
      const ending = { id, status, endedAt, errorCode: errorCode ?? null, errorMessage: errorMessage ?? null, usage: counted };
      const ended = await transaction(pool, (client) => end(client, ending));
      return ended?.bill ?? null;
    },
    async getUsage(sessionId) {
      const { rows } = await pool.query<UsageDbRow>(`SELECT ${USAGE_COLUMNS} FROM usage WHERE session_id = $1`, [sessionId]);
      return rows[0] && toUsage(rows[0]);
    },
    failOrphanedSessions(now, node) {
      return failNode(node, true, now, ORPHAN_MESSAGE);
    },
    async beatNode(node, now) {
      await pool.query('INSERT INTO nodes (id, beat_at, started_at) VALUES ($1, $2, $2) ON CONFLICT (id) DO UPDATE SET beat_at = excluded.beat_at', [node, now]);
    },
    async failStaleNodes({ self, staleBefore, now }) {
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM nodes WHERE id <> $1 AND beat_at < $2 ORDER BY id', [self, staleBefore]);
      const failed: SessionRow[] = [];
      for (const { id } of rows) failed.push(...(await failNode(id, false, now, NODE_LOST_MESSAGE)));
      return failed;
    },
  };
}
