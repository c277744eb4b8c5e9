// The SQL both stores share for profiles (one schema in two dialects, and these statements read
// the same in both) and the mapping of its rows to what the Store answers.
import type { ProfileRecord, ProfileRow } from './rows.js';

/** A hold counts only while its session's row is active; this is the holder that still counts, or NULL. */
export const LIVE_HOLDER = `(SELECT s.id FROM sessions s WHERE s.id = p.holder AND s.status = 'active')`;

/** A profile exists for readers once saved, or while a live session holds its placeholder. */
export const VISIBLE = `(p.sealed IS NOT NULL OR ${LIVE_HOLDER} IS NOT NULL)`;

/** The columns of `profiles p` a ProfileDbRow holds, the holder as LIVE_HOLDER. */
export const PROFILE_COLUMNS = `p.account_id, p.name, p.origins, p.cookies, p.bytes, p.created_at, p.updated_at, p.last_session, ${LIVE_HOLDER} AS holder`;

/** A row of `profiles` as PROFILE_COLUMNS selects it, with `sealed` when asked for. */
export interface ProfileDbRow {
  account_id: string;
  name: string;
  origins: string;
  cookies: number;
  bytes: number;
  created_at: number;
  updated_at: number;
  last_session: string | null;
  holder: string | null;
  sealed?: Buffer | Uint8Array | null;
}

/** A profile row as the Store answers it; `origins` is the JSON list this store wrote. */
export function toProfile(row: ProfileDbRow): ProfileRow {
  const origins: unknown = JSON.parse(row.origins);
  if (!Array.isArray(origins) || !origins.every((origin) => typeof origin === 'string')) throw new Error(`profile ${row.name} has a malformed origins column`);
  return {
    accountId: row.account_id,
    name: row.name,
    origins,
    cookies: row.cookies,
    bytes: row.bytes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSession: row.last_session,
    holder: row.holder,
  };
}

/** A profile with its sealed state, as a Buffer whichever driver read it. */
export function toProfileRecord(row: ProfileDbRow): ProfileRecord {
  const sealed = row.sealed ?? null;
  return { ...toProfile(row), sealed: sealed === null ? null : Buffer.from(sealed) };
}
