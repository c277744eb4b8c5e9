import type * as t from 'io-ts';
import { described, strictObject } from '../contract/codec/index.js';
import { stepsCodec } from './steps-array.js';

/** The body of POST /v1/sessions/{id}/act (contract 4.4): `steps`, 1 to 100 of them. */
export const actBodyCodec = described(strictObject({ steps: stepsCodec(1) }, {}, 'a JSON object'), 'Steps to run in the session.');

/** A decoded act body. */
export type ActBody = t.TypeOf<typeof actBodyCodec>;
