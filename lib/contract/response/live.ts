import { described, intRange, named, oneOf, strictObject } from '../codec/index.js';
import { MAX_INPUT_EVENTS } from '../request/input.js';
import { sessionId } from './envelope.js';

/** The answer of POST /v1/sessions/{id}/takeover: a person holds the page. */
export const takeoverCodec = named(
  strictObject({ session_id: sessionId, state: described(oneOf(['human']), 'human: acts wait in the queue until the handback.') }),
  'Takeover',
);

/** The answer of POST /v1/sessions/{id}/handback: the state the queue resumed in. */
export const handbackCodec = named(
  strictObject({
    session_id: sessionId,
    state: described(oneOf(['idle', 'running']), 'running when an act was waiting and now runs, else idle.'),
  }),
  'Handback',
);

/** The answer of POST /v1/sessions/{id}/input. */
export const inputResultCodec = named(
  strictObject({ applied: described(intRange(0, MAX_INPUT_EVENTS), 'Events applied to the page, all of them.') }),
  'InputApplied',
);
