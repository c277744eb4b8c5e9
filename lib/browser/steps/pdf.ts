import type * as t from 'io-ts';
import { boolean, described, matching, numberRange, oneOf, strictObject, withDefault } from '../../contract/codec/index.js';
import { defineStep } from '../act/define.js';
import { perform } from '../act/targeting/index.js';

// The units Playwright's page.pdf converts (px, in, cm, mm; a bare number is px). Anything else
// would pass here and fail in the browser, so the codec accepts exactly those, in any case.
const cssLength = matching('a CSS length such as 10mm, 1cm, 0.5in or 20px', '^(\\d+(\\.\\d*)?|\\.\\d+)([pP][xX]|[iI][nN]|[cC][mM]|[mM][mM])?$', 32);
const margin = (side: string) => described(cssLength, `${side} margin, a CSS length (px, in, cm or mm; a bare number is px).`);

/** Parameters of pdf (contract 4.4; scale 0.1 to 2 per 8.1). */
export const pdfCodec = described(
  strictObject(
    {
      format: described(withDefault(oneOf(['A4', 'Letter', 'Legal']), 'A4'), 'Paper size.'),
      landscape: described(withDefault(boolean, false), 'Landscape orientation.'),
      print_background: described(withDefault(boolean, true), 'Prints background colours and images.'),
      scale: described(withDefault(numberRange(0.1, 2), 1), 'Rendering scale.'),
    },
    {
      margin: described(
        strictObject({}, { top: margin('Top'), right: margin('Right'), bottom: margin('Bottom'), left: margin('Left') }, 'an object {top, right, bottom, left}'),
        'Page margins; a side left out has none.',
      ),
    },
  ),
  'Prints the page to PDF; it goes to media with type pdf.',
);

/** Decoded pdf parameters. */
export type PdfParams = t.TypeOf<typeof pdfCodec>;

/** How long printing the page to PDF may take. */
const PDF_LIMIT_MS = 120_000;

/** The pdf step: prints the page and adds it to media. */
export const pdfStep = defineStep({
  name: 'pdf',
  codec: pdfCodec,
  acts: 'read',
  // page.pdf takes no timeout of its own; a long document gets two minutes.
  budget: () => PDF_LIMIT_MS,
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
