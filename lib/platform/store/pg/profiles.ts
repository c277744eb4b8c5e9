// Saved browser profiles in PostgreSQL. A hold, a save and a delete each run in one transaction
// that first makes sure the row exists (holds only) and then locks it FOR UPDATE: concurrent
// callers on any node take turns on the row, and each reads the holder its predecessor committed.
import type pg from 'pg';
import { httpErrors } from '../../../contract/errors.js';
import { decodeNameCursor, encodeNameCursor } from '../cursor.js';
import { LIVE_HOLDER, PROFILE_COLUMNS, toProfile, toProfileRecord, VISIBLE, type ProfileDbRow } from '../profile-rows.js';
import type { ProfileStore } from '../types.js';
import { transaction, type Queryable } from './connection.js';

const WHERE = 'p.account_id = $1 AND p.name = $2';

/** Locks the profile's row until commit and answers its live holder and whether it was ever saved; undefined without a row. */
async function lockedRow(client: Queryable, accountId: string, name: string): Promise<{ holder: string | null; saved: boolean } | undefined> {
  // FOR UPDATE cannot lock the subquery's sessions row, nor need to: a session only ever leaves 'active'.
  const { rows } = await client.query<{ holder: string | null; saved: boolean }>(
    `SELECT ${LIVE_HOLDER} AS holder, p.sealed IS NOT NULL AS saved FROM profiles p WHERE ${WHERE} FOR UPDATE OF p`,
    [accountId, name],
  );
  return rows[0];
}

/** Profile operations on `pool`. */
export function pgProfileStore(pool: pg.Pool): ProfileStore {
  return {
    holdProfile({ accountId, name, sessionId, now }) {
      return transaction(pool, async (client) => {
        const { rows: active } = await client.query(`SELECT 1 FROM sessions WHERE id = $1 AND status = 'active'`, [sessionId]);
        if (active.length === 0) throw new Error(`session ${sessionId} is not active: a profile is held after admitSession`);
        // A concurrent insert of the same key waits for the first to commit, then does nothing.
        await client.query(
          `INSERT INTO profiles (account_id, name, sealed, origins, cookies, bytes, created_at, updated_at)
           VALUES ($1, $2, NULL, '[]', 0, 0, $3, $3) ON CONFLICT DO NOTHING`,
          [accountId, name, now],
        );
        const row = await lockedRow(client, accountId, name);
        if (row?.holder && row.holder !== sessionId) return { held: false as const, holder: row.holder };
        await client.query(`UPDATE profiles p SET holder = $3 WHERE ${WHERE}`, [accountId, name, sessionId]);
        return { held: true as const };
      });
    },
    async releaseProfile({ accountId, name, sessionId }) {
      await transaction(pool, async (client) => {
        await client.query(`UPDATE profiles p SET holder = NULL WHERE ${WHERE} AND p.holder = $3`, [accountId, name, sessionId]);
        // A placeholder nobody live holds is nothing but a leftover claim.
        await client.query(`DELETE FROM profiles p WHERE ${WHERE} AND p.sealed IS NULL AND ${LIVE_HOLDER} IS NULL`, [accountId, name]);
      });
    },
    async readProfile(accountId, name) {
      const { rows } = await pool.query<ProfileDbRow>(`SELECT ${PROFILE_COLUMNS}, p.sealed FROM profiles p WHERE ${WHERE} AND ${VISIBLE}`, [accountId, name]);
      return rows[0] && toProfileRecord(rows[0]);
    },
    async writeProfile({ accountId, name, sessionId, sealed, summary, now }) {
      await transaction(pool, async (client) => {
        const row = await lockedRow(client, accountId, name);
        if (row?.holder && row.holder !== sessionId) throw httpErrors.profileInUse(name, row.holder);
        await client.query(
          `INSERT INTO profiles AS p (account_id, name, sealed, origins, cookies, bytes, created_at, updated_at, last_session)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8)
           ON CONFLICT (account_id, name) DO UPDATE SET
             sealed = excluded.sealed, origins = excluded.origins, cookies = excluded.cookies, bytes = excluded.bytes,
             created_at = CASE WHEN p.sealed IS NULL THEN excluded.created_at ELSE p.created_at END,
             updated_at = excluded.updated_at, last_session = excluded.last_session`,
          [accountId, name, sealed, JSON.stringify(summary.origins), summary.cookies, summary.bytes, now, sessionId],
        );
      });
    },
    async listProfiles({ accountId, limit, after }) {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`);
      // One row more than asked tells whether another page exists without a second query.
      const params: unknown[] = [accountId, limit + 1];
      let sql = `SELECT ${PROFILE_COLUMNS} FROM profiles p WHERE p.account_id = $1 AND ${VISIBLE}`;
      if (after !== undefined) {
        params.push(decodeNameCursor(after));
        sql += ' AND p.name COLLATE "C" > $3';
      }
      // COLLATE "C": names sort and compare by their bytes, as in SQLite, whatever the database's locale.
      const { rows } = await pool.query<ProfileDbRow>(`${sql} ORDER BY p.name COLLATE "C" LIMIT $2`, params);
      const hasMore = rows.length > limit;
      const profiles = rows.slice(0, limit).map(toProfile);
      const last = profiles.at(-1);
      return { profiles, hasMore, nextCursor: hasMore && last ? encodeNameCursor(last.name) : null };
    },
    deleteProfile(accountId, name) {
      return transaction(pool, async (client): Promise<'deleted' | 'missing' | { holder: string }> => {
        const row = await lockedRow(client, accountId, name);
        if (!row) return 'missing';
        if (row.holder) return { holder: row.holder };
        await client.query(`DELETE FROM profiles p WHERE ${WHERE}`, [accountId, name]);
        // A leftover placeholder goes too, but was never there for the caller.
        return row.saved ? 'deleted' : 'missing';
      });
    },
  };
}
