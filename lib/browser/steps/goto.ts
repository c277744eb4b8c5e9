import type * as t from 'io-ts';
import { described, intRange, strictObject, withDefault } from '../../contract/codec/index.js';
import { pageUrl, scriptText, selectorText } from '../../contract/text.js';
import { navigate } from '../act/navigation/navigate.js';
import { defineStep } from '../act/define.js';
import { MAX_WAIT_MS } from '../../contract/limits.js';

/** Parameters of goto; the URL's scheme and address are checked when it runs, where the guard lives. */
export const gotoCodec = described(
  strictObject(
    {
      url: described(pageUrl, 'The URL to open, with its scheme (http or https).'),
      // wait_timeout starts at 1: Playwright reads a timeout of 0 as "wait forever".
      wait_timeout: described(withDefault(intRange(1, MAX_WAIT_MS), 10_000), 'Most milliseconds to wait for wait_for / wait_until.'),
    },
    {
      wait_for: described(selectorText, 'CSS selector to wait for after the page loaded.'),
      wait_until: described(scriptText, 'JavaScript expression to wait for until it is truthy.'),
    },
  ),
  'Navigates to a URL and waits for the page to load and settle; a failure (DNS, timeout, SSL, refused address) is navigation_failed.',
);

/** Decoded goto parameters. */
export type GotoParams = t.TypeOf<typeof gotoCodec>;

/** The goto step: navigate, then wait for the page (and wait_for / wait_until when given). */
export const gotoStep = defineStep({
  name: 'goto',
  codec: gotoCodec,
  acts: 'page',
  navigation: 'own',
  // wait_for and wait_until each get wait_timeout.
  budget: (params) => 2 * params.wait_timeout,
  run: (scope, params) => navigate(scope, params),
});
