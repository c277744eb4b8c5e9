import type * as t from 'io-ts';
import { described, intString, nonEmptyString, oneOf, strictObject, withDefault } from '../codec/index.js';

/**
 * The query of GET /v1/sessions (contract 4.2). Values arrive as strings; a repeated parameter
 * arrives as an array and fails like any other wrong value. Unknown parameters are refused, as in bodies.
 */
export const listQueryCodec = strictObject(
  { limit: described(withDefault(intString(1, 100), 25), 'Most sessions in one page.') },
  {
    status: described(oneOf(['active', 'closed', 'failed']), 'Only sessions with this status (expired sessions count as closed); all when absent.'),
    after: described(nonEmptyString, 'The next_cursor of the previous page.'),
  },
  'a query string',
);

/** A decoded list query. */
export type ListQuery = t.TypeOf<typeof listQueryCodec>;
