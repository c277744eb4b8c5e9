import type * as t from 'io-ts';
import { intRange, nonEmptyString, strictObject, withDefault } from '../codec/index.js';
import { navigate } from '../nav/navigate.js';
import { defineStep } from './define.js';
import { MAX_WAIT_MS } from './limits.js';

/** Parameters of goto; the URL's scheme and address are checked when it runs, where the guard lives. */
export const gotoCodec = strictObject(
  // wait_timeout starts at 1: Playwright reads a timeout of 0 as "wait forever".
  { url: nonEmptyString, wait_timeout: withDefault(intRange(1, MAX_WAIT_MS), 10_000) },
  { wait_for: nonEmptyString, wait_until: nonEmptyString },
);

/** Decoded goto parameters. */
export type GotoParams = t.TypeOf<typeof gotoCodec>;

/** The goto step: navigate, then wait for the page (and wait_for / wait_until when given). */
export const gotoStep = defineStep({
  name: 'goto',
  codec: gotoCodec,
  run: async (ctx, params) => {
    await navigate(ctx, params);
  },
});
