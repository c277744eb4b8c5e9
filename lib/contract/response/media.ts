import type { TypeOf } from 'io-ts';
import { described, named, oneOf, string, strictObject } from '../codec/index.js';

/** A media item (contract 2.5): what screenshot and pdf steps add to the envelope's `media`. */
export const mediaItemCodec = named(
  strictObject({
    type: described(oneOf(['screenshot', 'pdf']), 'The step that made it.'),
    format: described(oneOf(['png', 'jpeg', 'pdf']), 'File format.'),
    data: described(string, 'The file, Base64-encoded.'),
  }),
  'MediaItem',
);

/** A media item, typed from its codec. */
export type MediaItem = TypeOf<typeof mediaItemCodec>;
