import type * as t from 'io-ts';
import { boolean, complete, intRange, nonEmptyString, oneOf, strictObject, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { MAX_TEXT_LENGTH } from './limits.js';

const observeFields = strictObject(
  {
    format: withDefault(oneOf(['markdown', 'html']), 'markdown'),
    mode: withDefault(oneOf(['main', 'full']), 'main'),
    include_page_map: withDefault(boolean, false),
    include_links: withDefault(boolean, false),
  },
  { scope: nonEmptyString, max_text_length: intRange(1, MAX_TEXT_LENGTH) },
);

/** Parameters of observe; max_text_length defaults by mode (12000, or 20000 for full), hence the completion. */
export const observeCodec = complete(observeFields, (p) => ({
  ...p,
  max_text_length: p.max_text_length ?? (p.mode === 'full' ? 20_000 : 12_000),
}));

/** Decoded observe parameters, every default applied. */
export type ObserveParams = t.TypeOf<typeof observeCodec>;

/** The observe step: a fresh observation with these options. */
export const observeStep = defineStep({
  name: 'observe',
  codec: observeCodec,
  run: async ({ observer }, params) => ({ observation: await observer.observe(params) }),
});
