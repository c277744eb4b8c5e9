import type * as t from 'io-ts';
import { arrayOf, described, number, numberAtLeast, oneOf, stringLength, strictObject, taggedUnion } from '../codec/index.js';
import { keyCombo, keyName } from './keyboard.js';

/** Most input events in one request. */
export const MAX_INPUT_EVENTS = 100;
/** Most characters of one text event. */
export const MAX_INPUT_TEXT = 10_000;

const x = described(numberAtLeast(0), 'CSS pixels from the left edge of the viewport.');
const y = described(numberAtLeast(0), 'CSS pixels from the top edge of the viewport.');

const mouseEvent = strictObject(
  { type: oneOf(['mouse']), action: described(oneOf(['move', 'down', 'up', 'click', 'wheel']), 'What the mouse does at x, y.'), x, y },
  {
    button: described(oneOf(['left', 'right', 'middle']), 'The button of down, up and click; left when absent.'),
    delta_x: described(number, 'Horizontal scroll of a wheel event, in CSS pixels.'),
    delta_y: described(number, 'Vertical scroll of a wheel event, in CSS pixels.'),
  },
  'a mouse event',
);

// down and up take one key; press may hold modifiers too (Shift+Tab).
const keyEvent = taggedUnion(
  'action',
  {
    down: strictObject({ type: oneOf(['key']), action: oneOf(['down']), key: keyName }, {}, 'a key event'),
    up: strictObject({ type: oneOf(['key']), action: oneOf(['up']), key: keyName }, {}, 'a key event'),
    press: strictObject({ type: oneOf(['key']), action: oneOf(['press']), key: keyCombo }, {}, 'a key event'),
  },
  'a key event',
);

const textEvent = strictObject(
  { type: oneOf(['text']), text: described(stringLength(1, MAX_INPUT_TEXT), 'Text inserted at the focus, as typing it would.') },
  {},
  'a text event',
);

/** One event of a person's input: mouse, key or text. */
export const inputEventCodec = taggedUnion('type', { mouse: mouseEvent, key: keyEvent, text: textEvent }, 'an input event');

/** The body of POST /v1/sessions/{id}/input: 1 to 100 events, applied in order. */
export const inputBodyCodec = described(
  strictObject(
    { events: arrayOf(inputEventCodec, { min: 1, max: MAX_INPUT_EVENTS, name: `an array of 1 to ${MAX_INPUT_EVENTS} input events` }) },
    {},
    'a JSON object',
  ),
  'Input to apply to the page, in order, while the session is taken over.',
);

/** One decoded input event. */
export type InputEvent = t.TypeOf<typeof inputEventCodec>;
/** A decoded input body. */
export type InputBody = t.TypeOf<typeof inputBodyCodec>;
