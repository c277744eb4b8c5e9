import type * as t from 'io-ts';
import { intRange, string, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { MAX_TYPE_DELAY_MS } from './limits.js';
import { targeted } from './targeting.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of type: a target, the text and the pause between keystrokes (0 types at once). */
export const typeCodec = targeted({ value: string, delay: withDefault(intRange(0, MAX_TYPE_DELAY_MS), 50) });

/** Decoded type parameters. */
export type TypeParams = t.TypeOf<typeof typeCodec>;

/** The type step: character-by-character typing. */
export const typeStep = defineStep({ name: 'type', codec: typeCodec, run: notAvailableYet('type') });
