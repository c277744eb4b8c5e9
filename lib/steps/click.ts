import type * as t from 'io-ts';
import { defineStep } from './define.js';
import { targeted } from './targeting.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of click: exactly one of ref, text, label. */
export const clickCodec = targeted({});

/** Decoded click parameters. */
export type ClickParams = t.TypeOf<typeof clickCodec>;

/** The click step. */
export const clickStep = defineStep({ name: 'click', codec: clickCodec, run: notAvailableYet('click') });
