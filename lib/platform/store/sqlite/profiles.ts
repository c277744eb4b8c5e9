// Saved browser profiles in SQLite. Every read-then-write runs in one BEGIN IMMEDIATE transaction:
// the write lock is taken before the holder is read, so two holds, on any connection or process,
// cannot both find the profile free.
import type Database from 'better-sqlite3';
import { httpErrors } from '../../../contract/errors.js';
import { decodeNameCursor, encodeNameCursor } from '../cursor.js';
import { LIVE_HOLDER, PROFILE_COLUMNS, toProfile, toProfileRecord, VISIBLE, type ProfileDbRow } from '../profile-rows.js';
import type { ProfileHold, ProfileStore } from '../types.js';
import type { Sync } from './sync.js';

type Key = { accountId: string; name: string };

/** Profile operations over `db`, with their statements prepared once. */
export function profileStore(db: Database.Database): Sync<ProfileStore> {
  const where = 'p.account_id = @accountId AND p.name = @name';
  const isActive = db.prepare<[string], number>(`SELECT 1 FROM sessions WHERE id = ? AND status = 'active'`).pluck();
  const liveHolder = db.prepare<Key, { holder: string | null } | undefined>(`SELECT ${LIVE_HOLDER} AS holder FROM profiles p WHERE ${where}`);
  const claim = db.prepare<Key & { sessionId: string; now: number }>(
    `INSERT INTO profiles (account_id, name, sealed, origins, cookies, bytes, created_at, updated_at, holder)
     VALUES (@accountId, @name, NULL, '[]', 0, 0, @now, @now, @sessionId)
     ON CONFLICT (account_id, name) DO UPDATE SET holder = excluded.holder`,
  );
  const unhold = db.prepare<Key & { sessionId: string }>(`UPDATE profiles AS p SET holder = NULL WHERE ${where} AND p.holder = @sessionId`);
  // A placeholder nobody live holds is nothing but a leftover claim.
  const dropPlaceholder = db.prepare<Key>(`DELETE FROM profiles AS p WHERE ${where} AND p.sealed IS NULL AND ${LIVE_HOLDER} IS NULL`);
  const read = db.prepare<Key, ProfileDbRow>(`SELECT ${PROFILE_COLUMNS}, p.sealed FROM profiles p WHERE ${where} AND ${VISIBLE}`);
  type Write = Key & { sessionId: string; sealed: Buffer; origins: string; cookies: number; bytes: number; now: number };
  const write = db.prepare<Write>(
    `INSERT INTO profiles (account_id, name, sealed, origins, cookies, bytes, created_at, updated_at, last_session)
     VALUES (@accountId, @name, @sealed, @origins, @cookies, @bytes, @now, @now, @sessionId)
     ON CONFLICT (account_id, name) DO UPDATE SET
       sealed = excluded.sealed, origins = excluded.origins, cookies = excluded.cookies, bytes = excluded.bytes,
       created_at = CASE WHEN profiles.sealed IS NULL THEN excluded.created_at ELSE profiles.created_at END,
       updated_at = excluded.updated_at, last_session = excluded.last_session`,
  );
  const order = 'ORDER BY p.name LIMIT @limit';
  type PageParams = { accountId: string; limit: number };
  const firstPage = db.prepare<PageParams, ProfileDbRow>(`SELECT ${PROFILE_COLUMNS} FROM profiles p WHERE p.account_id = @accountId AND ${VISIBLE} ${order}`);
  const nextPage = db.prepare<PageParams & { after: string }, ProfileDbRow>(
    `SELECT ${PROFILE_COLUMNS} FROM profiles p WHERE p.account_id = @accountId AND p.name > @after AND ${VISIBLE} ${order}`,
  );
  const remove = db.prepare<Key>(`DELETE FROM profiles AS p WHERE ${where}`);
  const exists = db.prepare<Key, number>(`SELECT 1 FROM profiles p WHERE ${where} AND ${VISIBLE}`).pluck();

  const hold = db.transaction(({ accountId, name, sessionId, now }: Key & { sessionId: string; now: number }): ProfileHold => {
    if (isActive.get(sessionId) === undefined) throw new Error(`session ${sessionId} is not active: a profile is held after admitSession`);
    const holder = liveHolder.get({ accountId, name })?.holder ?? null;
    if (holder !== null && holder !== sessionId) return { held: false, holder };
    claim.run({ accountId, name, sessionId, now });
    return { held: true };
  });
  const release = db.transaction((input: Key & { sessionId: string }) => {
    unhold.run(input);
    dropPlaceholder.run({ accountId: input.accountId, name: input.name });
  });
  const save = db.transaction((input: Write) => {
    const holder = liveHolder.get({ accountId: input.accountId, name: input.name })?.holder ?? null;
    if (holder !== null && holder !== input.sessionId) throw httpErrors.profileInUse(input.name, holder);
    write.run(input);
  });
  const drop = db.transaction((key: Key): 'deleted' | 'missing' | { holder: string } => {
    const holder = liveHolder.get(key)?.holder ?? null;
    if (holder !== null) return { holder };
    const visible = exists.get(key) !== undefined;
    // A leftover placeholder goes too, but was never there for the caller.
    remove.run(key);
    return visible ? 'deleted' : 'missing';
  });

  return {
    holdProfile(input) {
      return hold.immediate(input);
    },
    releaseProfile(input) {
      release.immediate(input);
    },
    readProfile(accountId, name) {
      const row = read.get({ accountId, name });
      return row && toProfileRecord(row);
    },
    writeProfile({ accountId, name, sessionId, sealed, summary, now }) {
      save.immediate({ accountId, name, sessionId, sealed, origins: JSON.stringify(summary.origins), cookies: summary.cookies, bytes: summary.bytes, now });
    },
    listProfiles({ accountId, limit, after }) {
      if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`limit must be a positive integer, got ${limit}`);
      // One row more than asked tells whether another page exists without a second query.
      const params = { accountId, limit: limit + 1 };
      const rows = after === undefined ? firstPage.all(params) : nextPage.all({ ...params, after: decodeNameCursor(after) });
      const hasMore = rows.length > limit;
      const profiles = rows.slice(0, limit).map(toProfile);
      const last = profiles.at(-1);
      return { profiles, hasMore, nextCursor: hasMore && last ? encodeNameCursor(last.name) : null };
    },
    deleteProfile(accountId, name) {
      return drop.immediate({ accountId, name });
    },
  };
}
