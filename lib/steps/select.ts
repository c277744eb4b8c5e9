import type * as t from 'io-ts';
import { string } from '../codec/index.js';
import { defineStep } from './define.js';
import { targeted } from './targeting.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of select: a target and the option value to choose. */
export const selectCodec = targeted({ value: string });

/** Decoded select parameters. */
export type SelectParams = t.TypeOf<typeof selectCodec>;

/** The select step. */
export const selectStep = defineStep({ name: 'select', codec: selectCodec, run: notAvailableYet('select') });
