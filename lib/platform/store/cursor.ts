import { httpErrors } from '../../contract/errors.js';

/** A position in the session listing order (started_at descending, then id descending). */
export interface ListPosition {
  startedAt: number;
  id: string;
}

/** The opaque `next_cursor` for the row at `position`: base64url of `[startedAt, id]`. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.startedAt, position.id])).toString('base64url');
}

/** Reads a cursor made by `encodeCursor`; anything else is the client's error (400 invalid_request). */
export function decodeCursor(cursor: string): ListPosition {
  const invalid = () => httpErrors.invalid('after is not a valid cursor', { path: 'after', expected: 'a cursor from next_cursor' });
  const bytes = Buffer.from(cursor, 'base64url');
  // Node's decoder skips characters it does not know; a round trip rejects those cursors too.
  if (cursor.length === 0 || bytes.toString('base64url') !== cursor) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalid();
  const [startedAt, id] = value as unknown[];
  if (!Number.isSafeInteger(startedAt) || typeof id !== 'string') throw invalid();
  return { startedAt: startedAt as number, id };
}
