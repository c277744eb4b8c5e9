import type * as t from 'io-ts';
import { intString, nonEmptyString, oneOf, strictObject, withDefault } from '../codec/index.js';

/**
 * The query of GET /v1/sessions (contract 4.2). Values arrive as strings; a repeated parameter
 * arrives as an array and fails like any other wrong value. Unknown parameters are refused, as in bodies.
 */
export const listQueryCodec = strictObject(
  { limit: withDefault(intString(1, 100), 25) },
  { status: oneOf(['active', 'closed', 'failed']), after: nonEmptyString },
  'a query string',
);

/** A decoded list query. */
export type ListQuery = t.TypeOf<typeof listQueryCodec>;
