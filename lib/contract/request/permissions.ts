// The create's `geolocation` and `permissions`: where the session's browser says it is, and what
// its pages may use without asking. Deny by default: a permission is granted only if listed here.
import * as t from 'io-ts';
import { arrayOf, described, numberRange, refine, strictObject, withDefault, withSchema } from '../codec/index.js';

/** The permissions a create may grant its pages (every origin of the session). */
export const GRANTABLE_PERMISSIONS = ['geolocation', 'notifications'] as const;

/** A permission a create may grant. */
export type Permission = (typeof GRANTABLE_PERMISSIONS)[number];

/**
 * Permissions Chromium knows that a session is refused, and why. The clipboard is one for the
 * whole browser, shared by every session on the server (checked): reading it would show a page
 * what another account's session copied, and writing to it would plant what another pastes.
 */
const REFUSED: ReadonlyMap<string, string> = new Map([
  ['clipboard-read', 'the browser\'s clipboard is shared by every session on this server'],
  ['clipboard-write', 'the browser\'s clipboard is shared by every session on this server'],
  ['camera', 'a headless browser has no camera'],
  ['microphone', 'a headless browser has no microphone'],
]);

const ALLOWED = `one of: ${GRANTABLE_PERMISSIONS.join(', ')}`;
const grantable = new Set<string>(GRANTABLE_PERMISSIONS);

/** One permission: a grantable one, or a failure naming the grantable ones (and why a known one is refused). */
const permissionCodec = withSchema(
  new t.Type<Permission, Permission, unknown>(
    ALLOWED,
    (u): u is Permission => typeof u === 'string' && grantable.has(u),
    (u, c) => {
      if (typeof u === 'string' && grantable.has(u)) return t.success(u as Permission);
      const why = typeof u === 'string' ? REFUSED.get(u) : undefined;
      return t.failure(u, c, why ? `${ALLOWED} (${String(u)} is refused: ${why})` : ALLOWED);
    },
    t.identity,
  ),
  { type: 'string', enum: [...GRANTABLE_PERMISSIONS] },
);

/** `permissions`: each grantable permission at most once. */
export const permissionsCodec = refine(
  arrayOf(permissionCodec, { max: GRANTABLE_PERMISSIONS.length, name: `an array of at most ${GRANTABLE_PERMISSIONS.length} of: ${GRANTABLE_PERMISSIONS.join(', ')}` }),
  (list) => {
    const index = list.findIndex((permission, i) => list.indexOf(permission) !== i);
    return index < 0 ? undefined : { expected: `${ALLOWED}, each at most once (${list[index]} is given twice)`, key: String(index) };
  },
  { uniqueItems: true },
);

/** The accuracy a geolocation has when none is given, in metres: a phone's GPS under open sky. */
export const DEFAULT_ACCURACY_M = 10;

/** `geolocation`: a position the browser reports to pages; the pages may read it without asking. */
export const geolocationCodec = strictObject(
  {
    latitude: described(numberRange(-90, 90), 'Degrees.'),
    longitude: described(numberRange(-180, 180), 'Degrees.'),
    accuracy: described(withDefault(numberRange(0, 100_000), DEFAULT_ACCURACY_M), 'Metres.'),
  },
  {},
  'an object {latitude, longitude, accuracy}',
);
