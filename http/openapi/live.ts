// What the live view's routes (live, takeover, handback, input) and act share in the document:
// the 409s of a page a person holds, and the Prefer header of an act that will not wait for one.
import type { SchemaSet } from '../../lib/contract/codec/index.js';
import { errorResponse, RATE } from './responses.js';

/** What session_busy means. */
export const BUSY = 'session_busy: a person holds the page of this session (or is about to, once the act under way answers).';
/** What not_taken_over means. */
export const NOT_TAKEN = 'not_taken_over: nobody holds the page: POST /v1/sessions/{id}/takeover first.';

/** The 409 of a live-view route: its codes and what they mean. */
export function conflict(set: SchemaSet, name: string, codes: readonly ['session_busy' | 'not_taken_over', ...Array<'session_busy' | 'not_taken_over'>], text: string): Record<string, unknown> {
  return errorResponse(set, 409, { required: [...RATE] }, { name, codes, text });
}

/** The act's Prefer header (issue 14: an act that asks not to wait while a person holds the page). */
export const PREFER_PARAMETER = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description: 'wait=0: answer 409 session_busy at once instead of queueing the act while a person holds the page (RFC 7240). Without it the act waits for the handback.',
  schema: { type: 'string' },
};
