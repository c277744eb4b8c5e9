import type * as t from 'io-ts';
import { string } from '../codec/index.js';
import { defineStep } from './define.js';
import { targeted } from './targeting.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of fill: a target and the value that replaces the field's content (may be empty, to clear it). */
export const fillCodec = targeted({ value: string });

/** Decoded fill parameters. */
export type FillParams = t.TypeOf<typeof fillCodec>;

/** The fill step. */
export const fillStep = defineStep({ name: 'fill', codec: fillCodec, run: notAvailableYet('fill') });
