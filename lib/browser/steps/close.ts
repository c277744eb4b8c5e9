import type * as t from 'io-ts';
import { described, strictObject } from '../../contract/codec/index.js';
import { defineStep } from '../act/define.js';

/** Parameters of close: none, so only `{}` is accepted. */
export const closeCodec = described(strictObject({}), 'Ends the session once the act is answered; only as the last step. Takes no parameters.');

/** Decoded close parameters (an empty object). */
export type CloseParams = t.TypeOf<typeof closeCodec>;

/** The close step: the session ends once the act is answered (the request codecs keep it last). */
export const closeStep = defineStep({ name: 'close', codec: closeCodec, acts: 'page', run: () => Promise.resolve({ close: true }) });
