import type * as t from 'io-ts';
import { boolean, predicate, recordOf, strictObject, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { notAvailableYet } from './unavailable.js';

const fieldValue = predicate('string or boolean', (u): u is string | boolean => typeof u === 'string' || typeof u === 'boolean');

/** Parameters of fill_form: labels to values (booleans for checkboxes) and whether to submit. */
export const fillFormCodec = strictObject({
  fields: recordOf(fieldValue, { min: 1, name: 'an object of field labels to values (string or boolean)' }),
  submit: withDefault(boolean, false),
});

/** Decoded fill_form parameters. */
export type FillFormParams = t.TypeOf<typeof fillFormCodec>;

/** The fill_form step. */
export const fillFormStep = defineStep({ name: 'fill_form', codec: fillFormCodec, run: notAvailableYet('fill_form') });
