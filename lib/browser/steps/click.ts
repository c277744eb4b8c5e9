import type * as t from 'io-ts';
import { described } from '../../contract/codec/index.js';
import { clickLocated } from '../act/targeting/click-point.js';
import { perform } from '../act/targeting/index.js';
import { defineStep } from '../act/define.js';
import { targeted } from '../../contract/target.js';

/** Parameters of click: exactly one of ref, text, label. */
export const clickCodec = described(targeted({}), 'Clicks an element, then waits for what the click caused: a navigation and its load, the requests it fired.');

/** Decoded click parameters. */
export type ClickParams = t.TypeOf<typeof clickCodec>;

/** The click step: a point of the element's own box, once the element is actionable, then what it caused (a navigation and its load, the requests it fired). */
export const clickStep = defineStep({
  name: 'click',
  codec: clickCodec,
  acts: 'element',
  purpose: 'click',
  navigation: 'caused',
  run: (scope, _params, element) => perform('click', () => clickLocated(scope, element)),
});
