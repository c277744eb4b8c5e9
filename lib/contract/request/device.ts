// The create's `device`: one of Playwright's device descriptors, by the name Playwright gives it.
// The list is Playwright's (it grows with each release), so the codec reads it from there rather
// than copying it: the names taken are always the ones the running Playwright can emulate.
import * as t from 'io-ts';
import { distance } from 'fastest-levenshtein';
import { devices } from 'playwright';
import { withSchema } from '../codec/index.js';

/** What a device descriptor gives a session: its viewport, scale, User-Agent, touch and mobile layout. */
export interface DeviceDescriptor {
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
  userAgent: string;
  isMobile: boolean;
  hasTouch: boolean;
}

/** The longest device name taken: over twice Playwright's longest, and short enough that suggesting close ones stays cheap. */
export const MAX_DEVICE_NAME_LENGTH = 64;
/** How many close names an unknown one is answered with. */
const SUGGESTIONS = 5;

// By lower case, so `iphone 13` is taken as `iPhone 13`; a Map, so `__proto__` or `constructor` name nothing.
const byLowerName = new Map(Object.keys(devices).map((name) => [name.toLowerCase(), name]));

/** The descriptor of device `name` (a name the codec decoded), or undefined for any other string. */
export function deviceDescriptor(name: string): DeviceDescriptor | undefined {
  const canonical = byLowerName.get(name.toLowerCase());
  if (canonical !== name) return undefined;
  const { viewport, deviceScaleFactor, userAgent, isMobile, hasTouch } = devices[name]!;
  return { viewport: { ...viewport }, deviceScaleFactor, userAgent, isMobile, hasTouch };
}

/** The device names nearest to `name` by edit distance (case aside), nearest first. */
export function closeDeviceNames(name: string): string[] {
  const wanted = name.toLowerCase();
  return [...byLowerName]
    .map(([lower, canonical]) => ({ canonical, d: distance(wanted, lower) }))
    .sort((a, b) => a.d - b.d || a.canonical.localeCompare(b.canonical))
    .slice(0, SUGGESTIONS)
    .map(({ canonical }) => canonical);
}

const NAME = 'a device name of Playwright\'s list';

/**
 * `device`: a Playwright device name, decoded to Playwright's spelling (case aside). An unknown
 * one fails naming the closest names, so the answer's `expected` says what was probably meant.
 */
export const deviceCodec = withSchema(
  new t.Type<string, string, unknown>(
    NAME,
    (u): u is string => typeof u === 'string' && deviceDescriptor(u) !== undefined,
    (u, c) => {
      if (typeof u !== 'string' || u.length === 0) return t.failure(u, c, NAME);
      // Bounded before any distance is computed: the suggestions cost a pass over every name per character.
      if (u.length > MAX_DEVICE_NAME_LENGTH) return t.failure(u, c, `${NAME}, of at most ${MAX_DEVICE_NAME_LENGTH} characters`);
      const canonical = byLowerName.get(u.toLowerCase());
      if (canonical !== undefined) return t.success(canonical);
      const close = closeDeviceNames(u).map((name) => JSON.stringify(name)).join(', ');
      return t.failure(u, c, `${NAME}; the closest are ${close}`);
    },
    t.identity,
  ),
  // No enum: Playwright lists some 200 names, which would fill every reference and tool list; an unknown one is answered with the closest,
  // and the field's description gives examples.
  { type: 'string', minLength: 1, maxLength: MAX_DEVICE_NAME_LENGTH },
);
