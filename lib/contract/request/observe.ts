// The observe step's options (contract 4.4), each default once, here: the step decodes its
// parameters with this codec, and the act's own observation uses what it decodes {} to.
import type * as t from 'io-ts';
import { boolean, complete, decode, described, intRange, oneOf, strictObject, withDefault } from '../codec/index.js';
import { MAX_TEXT_LENGTH } from '../limits.js';
import { selectorText } from '../text.js';

/** The most characters of content an observation gives by default, in main mode and in full mode. */
const DEFAULT_TEXT = { main: 12_000, full: 20_000 } as const;

const observeFields = strictObject(
  {
    format: described(withDefault(oneOf(['markdown', 'html']), 'markdown'), 'markdown, or html: cleaned HTML of the same region in markdown.content.'),
    mode: described(withDefault(oneOf(['main', 'full']), 'main'), 'main: the main content; full: every section under region headers.'),
    include_page_map: described(withDefault(boolean, false), 'Adds the section map (page.map).'),
    include_links: described(withDefault(boolean, false), 'Lists links as interactive elements too.'),
    controls: described(
      withDefault(oneOf(['in_place', 'list']), 'in_place'),
      'in_place: each listed control\'s ref also stands where the control is in the markdown ([e3: button "Send"]); list: the markdown is text only. interactive_elements lists the controls either way.',
    ),
  },
  {
    scope: described(selectorText, 'CSS selector limiting the observation to one region.'),
    max_text_length: described(intRange(1, MAX_TEXT_LENGTH), `Most characters of content; default ${DEFAULT_TEXT.main}, or ${DEFAULT_TEXT.full} when mode is full.`),
  },
);

/** Parameters of observe; max_text_length defaults by mode, hence the completion. */
export const observeCodec = described(
  complete(observeFields, (p) => ({
    ...p,
    max_text_length: p.max_text_length ?? DEFAULT_TEXT[p.mode],
  })),
  'Observes the page again with these options; its observation is the act\'s page when it is the last step.',
);

/** Decoded observe parameters, every default applied. */
export type ObserveOptions = t.TypeOf<typeof observeCodec>;

/** What an observation without options is: every default. */
export const DEFAULT_OBSERVE: ObserveOptions = decode(observeCodec, {});
