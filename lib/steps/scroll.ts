import type * as t from 'io-ts';
import { intRange, nonEmptyString, oneOf, strictObject, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { MAX_SCROLL_AMOUNT, MAX_SCROLL_TIMES } from './limits.js';
import { exactlyOneOf } from './targeting.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of scroll: exactly one of to, direction, ref; amount and times apply to direction. */
export const scrollCodec = exactlyOneOf(
  strictObject(
    { amount: withDefault(intRange(1, MAX_SCROLL_AMOUNT), 500), times: withDefault(intRange(1, MAX_SCROLL_TIMES), 1) },
    { to: oneOf(['top', 'bottom']), direction: oneOf(['up', 'down']), ref: nonEmptyString },
  ),
  ['to', 'direction', 'ref'],
);

/** Decoded scroll parameters. */
export type ScrollParams = t.TypeOf<typeof scrollCodec>;

/** The scroll step. */
export const scrollStep = defineStep({ name: 'scroll', codec: scrollCodec, run: notAvailableYet('scroll') });
