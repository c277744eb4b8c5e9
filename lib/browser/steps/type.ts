import type * as t from 'io-ts';
import { described, intRange, text, withDefault } from '../../contract/codec/index.js';
import { MAX_TYPED_LENGTH } from '../../contract/text.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';
import { defineStep } from '../act/define.js';
import { MAX_TYPE_DELAY_MS } from '../../contract/limits.js';
import { targeted } from '../../contract/target.js';

/** Parameters of type: a target, the text and the pause between keystrokes (0 types at once). */
export const typeCodec = described(
  targeted({
    value: described(text(MAX_TYPED_LENGTH, { empty: true }), 'The text to type.'),
    delay: described(withDefault(intRange(0, MAX_TYPE_DELAY_MS), 50), 'Milliseconds between keystrokes.'),
  }),
  'Types text key by key into an element, keeping its content and focus.',
);

/** Decoded type parameters. */
export type TypeParams = t.TypeOf<typeof typeCodec>;

/** The time the key presses themselves take: the delay and about 50 ms each. */
const keystrokes = (params: TypeParams): number => params.value.length * (params.delay + 50);

/** The type step: character-by-character typing. */
export const typeStep = defineStep({
  name: 'type',
  codec: typeCodec,
  acts: 'element',
  purpose: 'input',
  playwright: true,
  navigation: 'caused',
  budget: keystrokes,
  // Like a person: focus, then key presses; the field keeps its content and its focus.
  run: async (_scope, params, element) => {
    const handle = await element.element();
    await perform('type', () => handle.type(params.value, { delay: params.delay, timeout: ACTION_TIMEOUT_MS + keystrokes(params) }));
  },
});
