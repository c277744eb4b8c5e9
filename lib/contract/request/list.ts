import type * as t from 'io-ts';
import { described, intString, oneOf, strictObject, text, withDefault } from '../codec/index.js';

/** The page size of every listing (contract 4.2 and 8.1): 1 to 100, 25 when absent. */
export const pageLimit = withDefault(intString(1, 100), 25);

// A cursor is some 90 characters (store/cursor.ts); 200 leaves room to spare.
/** The `after` of every listing: the previous page's next_cursor. */
export const pageCursor = described(text(200), 'The next_cursor of the previous page.');

/**
 * The query of GET /v1/sessions (contract 4.2). Values arrive as strings; a repeated parameter
 * arrives as an array and fails like any other wrong value. Unknown parameters are refused, as in bodies.
 */
export const listQueryCodec = strictObject(
  { limit: described(pageLimit, 'Most sessions in one page.') },
  {
    status: described(oneOf(['active', 'closed', 'failed']), 'Only sessions with this status (expired sessions count as closed); all when absent.'),
    after: pageCursor,
  },
  'a query string',
);

/** A decoded list query. */
export type ListQuery = t.TypeOf<typeof listQueryCodec>;
