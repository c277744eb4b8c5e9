import { predicate } from '../codec/index.js';

// The key names Playwright's keyboard accepts (its US layout): every `code`, the modifier aliases,
// and the characters those keys type with and without Shift. Anything else would fail inside
// page.keyboard with "Unknown key", after earlier events of the same request were applied; checked
// here, a bad name is a 400 before anything reaches the page. Other characters go in text events.

const CODES = [
  'Escape', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10', 'F11', 'F12',
  'Backquote', 'Minus', 'Equal', 'Backslash', 'Backspace', 'Tab', 'BracketLeft', 'BracketRight', 'CapsLock',
  'Semicolon', 'Quote', 'Enter', 'ShiftLeft', 'ShiftRight', 'Comma', 'Period', 'Slash',
  'ControlLeft', 'ControlRight', 'MetaLeft', 'MetaRight', 'AltLeft', 'AltRight', 'AltGraph', 'Space', 'ContextMenu',
  'PrintScreen', 'ScrollLock', 'Pause', 'PageUp', 'PageDown', 'Insert', 'Delete', 'Home', 'End',
  'ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown', 'NumLock', 'NumpadDivide', 'NumpadMultiply', 'NumpadSubtract',
  'NumpadAdd', 'NumpadDecimal', 'NumpadEnter', 'AudioVolumeMute', 'AudioVolumeDown', 'AudioVolumeUp',
  'MediaTrackNext', 'MediaTrackPrevious', 'MediaPlayPause',
  ...'0123456789'.split('').flatMap((d) => [`Digit${d}`, `Numpad${d}`]),
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((l) => `Key${l}`),
];
const ALIASES = ['Shift', 'Control', 'Alt', 'Meta', 'ControlOrMeta'];
const CHARACTERS = "`1234567890-=\\qwertyuiop[]asdfghjkl;'zxcvbnm,./ ~!@#$%^&*()_+|QWERTYUIOP{}ASDFGHJKL:\"ZXCVBNM<>?";

/** Every single key name Playwright's keyboard.down/up/press accept. */
export const KEY_NAMES: ReadonlySet<string> = new Set([...CODES, ...ALIASES, ...CHARACTERS, '\n', '\r']);

/** The longest of them. */
const LONGEST_KEY = Math.max(...[...KEY_NAMES].map((name) => name.length));

/** Splits a press like `Shift+Tab` or `Control++` as Playwright does: a `+` right after a separator is the key itself. */
export function pressTokens(combo: string): string[] {
  const tokens: string[] = [];
  let building = '';
  for (const char of combo) {
    if (char === '+' && building) {
      tokens.push(building);
      building = '';
    } else {
      building += char;
    }
  }
  tokens.push(building);
  return tokens;
}

/** One key name Playwright accepts (`Enter`, `a`, `ShiftLeft`), for key down and up. */
export const keyName = predicate('a key name Playwright accepts, such as Enter, a or ShiftLeft', (u): u is string => typeof u === 'string' && KEY_NAMES.has(u), {
  type: 'string',
  minLength: 1,
  maxLength: LONGEST_KEY,
  description: 'A key name of Playwright\'s keyboard (its US layout): Enter, Tab, ArrowLeft, KeyA, a, A, Shift, ...',
});

/** A key press: one key name, or modifiers and a key joined by `+` (`Shift+Tab`, `ControlOrMeta+a`). */
export const keyCombo = predicate(
  'a key name Playwright accepts, or names joined by + such as Shift+Tab',
  (u): u is string => typeof u === 'string' && u.length <= 100 && pressTokens(u).every((token) => KEY_NAMES.has(token)),
  { type: 'string', minLength: 1, maxLength: 100, description: 'A key name, or modifiers and a key joined by + (Shift+Tab, ControlOrMeta+a), as Playwright\'s keyboard.press takes it.' },
);
