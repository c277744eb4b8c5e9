import type * as t from 'io-ts';
import { boolean, intRange, nonEmptyString, oneOf, strictObject, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of screenshot; quality only matters for jpeg, so run passes it to Playwright only then. */
export const screenshotCodec = strictObject(
  {
    full_page: withDefault(boolean, false),
    format: withDefault(oneOf(['png', 'jpeg']), 'png'),
    quality: withDefault(intRange(1, 100), 80),
  },
  { selector: nonEmptyString },
);

/** Decoded screenshot parameters. */
export type ScreenshotParams = t.TypeOf<typeof screenshotCodec>;

/** The screenshot step: the result goes to `media`. */
export const screenshotStep = defineStep({ name: 'screenshot', codec: screenshotCodec, run: notAvailableYet('screenshot') });
