import type * as t from 'io-ts';
import { boolean, described, withDefault } from '../../contract/codec/index.js';
import { defineStep } from '../act/define.js';
import { setToggle } from '../forms/controls.js';
import { targeted } from '../../contract/target.js';

/** Parameters of check: a target and the wanted state (false unchecks). */
export const checkCodec = described(
  targeted({ checked: described(withDefault(boolean, true), 'The wanted state; false unchecks.') }),
  'Checks or unchecks a checkbox, radio or switch.',
);

/** Decoded check parameters. */
export type CheckParams = t.TypeOf<typeof checkCodec>;

/** The check step: checks (or with `checked: false` unchecks) a checkbox, radio or switch. */
export const checkStep = defineStep({
  name: 'check',
  codec: checkCodec,
  acts: 'element',
  purpose: 'check',
  playwright: true,
  navigation: 'caused',
  // setToggle handles the checkbox hidden behind a styled label (the walker lists it) and unchecking a radio.
  run: async (_scope, params, element) => setToggle(await element.element(), params.checked, params.ref ?? params.text ?? params.label ?? ''),
});
