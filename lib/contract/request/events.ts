import type * as t from 'io-ts';
import { described, intString, strictObject, withDefault } from '../codec/index.js';

/** The largest event number a cursor may name (15 digits, as intString reads them). */
const MAX_EVENT_ID = 999_999_999_999_999;

/** An event number as a query value or the Last-Event-ID header carries it. */
export const eventIdString = intString(0, MAX_EVENT_ID);

/** The query of GET /v1/sessions/{id}/events (issue 14): a cursor and a page size; unknown parameters are refused. */
export const eventsQueryCodec = strictObject(
  { limit: described(withDefault(intString(1, 1000), 200), 'Most events in one page (JSON only; the stream sends them all).') },
  { after: described(eventIdString, 'Only events numbered above this: the next_cursor of the previous page, or the last id you have. From the start when absent.') },
  'a query string',
);

/** A decoded events query. */
export type EventsQuery = t.TypeOf<typeof eventsQueryCodec>;
