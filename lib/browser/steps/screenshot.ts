import type * as t from 'io-ts';
import { boolean, described, intRange, oneOf, strictObject, withDefault } from '../../contract/codec/index.js';
import { selectorText } from '../../contract/text.js';
import { READ_LIMIT_MS } from '../deadline.js';
import { defineStep } from '../act/define.js';
import { StepError } from '../../contract/errors.js';
import { perform } from '../act/targeting/index.js';

/** Parameters of screenshot; quality only matters for jpeg, so run passes it to Playwright only then. */
export const screenshotCodec = described(
  strictObject(
    {
      full_page: described(withDefault(boolean, false), 'The whole page rather than the viewport.'),
      format: described(withDefault(oneOf(['png', 'jpeg']), 'png'), 'Image format.'),
      quality: described(withDefault(intRange(1, 100), 80), 'JPEG quality (jpeg only).'),
    },
    { selector: described(selectorText, 'CSS selector of one element to capture.') },
  ),
  'Takes a screenshot; it goes to media with type screenshot.',
);

/** Decoded screenshot parameters. */
export type ScreenshotParams = t.TypeOf<typeof screenshotCodec>;

/** The screenshot step: the result goes to `media`. */
export const screenshotStep = defineStep({
  name: 'screenshot',
  codec: screenshotCodec,
  acts: 'read',
  // Counting the selector's matches, then the capture.
  budget: () => READ_LIMIT_MS + SCREENSHOT_TIMEOUT_MS,
  run: async ({ page, results }, params) => {
    const options = {
      type: params.format,
      ...(params.format === 'jpeg' ? { quality: params.quality } : {}),
      timeout: SCREENSHOT_TIMEOUT_MS,
    };
    let image: Buffer;
    if (params.selector !== undefined) {
      const selector = params.selector;
      const element = page.locator(selector).first();
      const count = await page.locator(selector).count().catch(() => {
        throw new StepError('invalid_request', `Not a valid CSS selector: ${selector}`, { path: 'screenshot.selector', expected: 'a CSS selector' });
      });
      if (count === 0) throw new StepError('element_not_found', `No element matches ${selector}`, { target: { selector }, candidates: [] });
      image = await perform('screenshot', () => element.screenshot(options));
    } else {
      image = await perform('screenshot', () => page.screenshot({ ...options, fullPage: params.full_page }));
    }
    results.media.push({ type: 'screenshot', format: params.format, data: image.toString('base64') });
  },
});

/** A screenshot of a very tall page takes a while; beyond this it is a failed step, not a hung act. */
const SCREENSHOT_TIMEOUT_MS = 30_000;
