import type * as t from 'io-ts';
import { boolean, numberRange, oneOf, predicate, strictObject, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { perform } from '../target/index.js';

// The units Playwright's page.pdf converts (px, in, cm, mm; a bare number is px). Anything else
// would pass here and fail in the browser, so the codec accepts exactly those.
const cssLength = predicate(
  'a CSS length such as 10mm, 1cm, 0.5in or 20px',
  (u): u is string => typeof u === 'string' && /^(\d+(\.\d*)?|\.\d+)(px|in|cm|mm)?$/i.test(u),
);

/** Parameters of pdf (contract 4.4; scale 0.1 to 2 per 8.1). */
export const pdfCodec = strictObject(
  {
    format: withDefault(oneOf(['A4', 'Letter', 'Legal']), 'A4'),
    landscape: withDefault(boolean, false),
    print_background: withDefault(boolean, true),
    scale: withDefault(numberRange(0.1, 2), 1),
  },
  {
    margin: strictObject({}, { top: cssLength, right: cssLength, bottom: cssLength, left: cssLength }, 'an object {top, right, bottom, left}'),
  },
);

/** Decoded pdf parameters. */
export type PdfParams = t.TypeOf<typeof pdfCodec>;

/** The pdf step: the result goes to `media`. */
export const pdfStep = defineStep({
  name: 'pdf',
  codec: pdfCodec,
  run: async ({ page, results }, params) => {
    const data = await perform('pdf', () =>
      page.pdf({
        format: params.format,
        landscape: params.landscape,
        printBackground: params.print_background,
        scale: params.scale,
        ...(params.margin ? { margin: params.margin } : {}),
      }),
    );
    results.media.push({ type: 'pdf', format: 'pdf', data: data.toString('base64') });
  },
});
