import type * as t from 'io-ts';
import { described, intRange, strictObject, withDefault } from '../contract/codec/index.js';
import { stepsCodec } from './steps-array.js';

/** Most copies one fork makes. */
export const MAX_FORKS = 10;

/** The body of POST /v1/sessions/{id}/fork: how many copies, and steps each runs once open at the source's point. */
export const forkBodyCodec = described(
  strictObject(
    {
      count: described(withDefault(intRange(1, MAX_FORKS), 1), `How many new sessions to make, 1 to ${MAX_FORKS}; all are made or none.`),
    },
    {
      steps: described(stepsCodec(0), 'Steps each new session runs once it has opened at the source\'s URL and scroll position; the same steps in every one.'),
    },
    'a JSON object',
  ),
  'Copies of the session, each a new session of the same key with its options, cookies and storage, at its page.',
);

/** A decoded fork body. */
export type ForkBody = t.TypeOf<typeof forkBodyCodec>;
