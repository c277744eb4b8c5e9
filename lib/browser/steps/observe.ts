import type * as t from 'io-ts';
import { boolean, complete, described, intRange, oneOf, strictObject, withDefault } from '../../contract/codec/index.js';
import { selectorText } from '../../contract/text.js';
import { OBSERVE_ALLOWANCE_MS } from '../act/budget.js';
import { defineStep } from '../act/define.js';
import { MAX_TEXT_LENGTH } from '../../contract/limits.js';

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
    max_text_length: described(intRange(1, MAX_TEXT_LENGTH), 'Most characters of content; default 12000, or 20000 when mode is full.'),
  },
);

/** Parameters of observe; max_text_length defaults by mode (12000, or 20000 for full), hence the completion. */
export const observeCodec = described(
  complete(observeFields, (p) => ({
    ...p,
    max_text_length: p.max_text_length ?? (p.mode === 'full' ? 20_000 : 12_000),
  })),
  'Observes the page again with these options; its observation is the act\'s page when it is the last step.',
);

/** Decoded observe parameters, every default applied. */
export type ObserveParams = t.TypeOf<typeof observeCodec>;

/** The observe step: a fresh observation with these options. */
export const observeStep = defineStep({
  name: 'observe',
  codec: observeCodec,
  acts: 'read',
  budget: () => OBSERVE_ALLOWANCE_MS,
  run: async ({ observer }, params) => ({ observation: await observer.observe(params) }),
});
