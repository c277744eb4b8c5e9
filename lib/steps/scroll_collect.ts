import type * as t from 'io-ts';
import { intRange, strictObject, withDefault } from '../codec/index.js';
import { defineStep } from './define.js';
import { MAX_SCROLLS, MAX_TEXT_LENGTH, MAX_WAIT_MS } from './limits.js';
import { notAvailableYet } from './unavailable.js';

/** Parameters of scroll_collect: its iteration, pause, time and text budgets. */
export const scrollCollectCodec = strictObject({
  max_scrolls: withDefault(intRange(1, MAX_SCROLLS), 50),
  wait_ms: withDefault(intRange(0, MAX_WAIT_MS), 500),
  timeout_ms: withDefault(intRange(1, MAX_WAIT_MS), 60_000),
  max_text_length: withDefault(intRange(1, MAX_TEXT_LENGTH), 100_000),
});

/** Decoded scroll_collect parameters. */
export type ScrollCollectParams = t.TypeOf<typeof scrollCollectCodec>;

/** The scroll_collect step: scroll the whole page, wait for lazy content, observe once. */
export const scrollCollectStep = defineStep({
  name: 'scroll_collect',
  codec: scrollCollectCodec,
  run: notAvailableYet('scroll_collect'),
});
