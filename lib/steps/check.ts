import type * as t from 'io-ts';
import { boolean, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { targeted } from './targeting.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of check: a target and the wanted state (false unchecks). */
export const checkCodec = targeted({ checked: withDefault(boolean, true) });

/** Decoded check parameters. */
export type CheckParams = t.TypeOf<typeof checkCodec>;

/** The check step. */
export const checkStep = defineStep({ name: 'check', codec: checkCodec, run: notAvailableYet('check') });
