import { httpErrors } from '../../contract/errors.js';
import { PROFILE_NAME_PATTERN } from '../../contract/request/profile.js';

/** A position in the session listing order (started_at descending, then id descending). */
export interface ListPosition {
  startedAt: number;
  id: string;
}

/** The opaque `next_cursor` for the row at `position`: base64url of `[startedAt, id]`. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.startedAt, position.id])).toString('base64url');
}

const invalid = () => httpErrors.invalid('after is not a valid cursor', { path: 'after', expected: 'a cursor from next_cursor' });

/** The JSON array inside a cursor; anything else is the client's error (400 invalid_request). */
function cursorArray(cursor: string, length: number): unknown[] {
  const bytes = Buffer.from(cursor, 'base64url');
  // Node's decoder skips characters it does not know; a round trip rejects those cursors too.
  if (cursor.length === 0 || bytes.toString('base64url') !== cursor) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== length) throw invalid();
  return value as unknown[];
}

/** Reads a cursor made by `encodeCursor`; anything else is the client's error (400 invalid_request). */
export function decodeCursor(cursor: string): ListPosition {
  const [startedAt, id] = cursorArray(cursor, 2);
  if (!Number.isSafeInteger(startedAt) || typeof id !== 'string') throw invalid();
  return { startedAt: startedAt as number, id };
}

const profileName = new RegExp(PROFILE_NAME_PATTERN);

/** The opaque `next_cursor` of the profile listing (name ascending) after the profile `name`: base64url of `[name]`. */
export function encodeNameCursor(name: string): string {
  return Buffer.from(JSON.stringify([name])).toString('base64url');
}

/** Reads a cursor made by `encodeNameCursor`: the name to list after; anything else is 400 invalid_request. */
export function decodeNameCursor(cursor: string): string {
  const [name] = cursorArray(cursor, 1);
  if (typeof name !== 'string' || !profileName.test(name)) throw invalid();
  return name;
}
