// A session's browser settings, as the create body carries them (contract 4.1): each field's
// codec, bound and default once, here. The create body (lib/api/create.ts) is made of these and
// the session's own fields; the driver opens a context with what they decode to, by the same names.
import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import {
  arrayOf, boolean, canonicalString, described, intRange, isObject, matching, oneOf, ownValue, strictObject, urlWithScheme, withDefault, withSchema,
} from '../codec/index.js';
import { MAX_URL_LENGTH } from '../text.js';
import { cookieCodec } from './cookie.js';
import { deviceCodec, deviceDescriptor } from './device.js';
import { geolocationCodec, permissionsCodec } from './permissions.js';

/** Which pool's rate a session's bytes are billed at (contract 8.4). */
export type ProxyKind = 'datacenter' | 'residential';

/** Proxy choice from the operator's pools (contract 2.11). */
export interface PooledProxy {
  kind: ProxyKind;
  country: string;
}

/** The create parameter `proxy`: a pool choice, or the URL of the user's own proxy. */
export type ProxySetting = PooledProxy | string;

/** The create's default viewport (contract 4.1). */
export const DEFAULT_VIEWPORT = { width: 1280, height: 720 } as const;
/** The create's default `block_resources`. */
export const DEFAULT_BLOCK_RESOURCES = ['image', 'font'] as const;
/** The create's default `proxy`. */
export const DEFAULT_PROXY = { kind: 'datacenter', country: 'auto' } as const;

// Which codes each pool serves is checked against the operator's proxy file later (lib/network/upstream.ts);
// here only the form: auto, or two lower-case letters (which covers eu).
const country = matching('auto or a two-letter lower-case country code', '^(auto|[a-z]{2})$', 4);

const pooledProxy = strictObject(
  {
    kind: described(withDefault(oneOf(['datacenter', 'residential']), 'datacenter'), 'The proxy pool.'),
    country: described(
      withDefault(country, 'auto'),
      'ISO 3166-1 alpha-2 code in lower case (or eu), or auto: chosen from the URL\'s top-level domain. The pools configured on the server decide which codes are served.',
    ),
  },
  {},
  'a proxy object {kind, country}',
);
const proxyUrl = described(
  urlWithScheme(['http', 'https', 'socks5'], 'a proxy URL with scheme http, https or socks5', MAX_URL_LENGTH),
  'Your own proxy: a URL with scheme http, https or socks5 (credentials in the URL).',
);

const PROXY = 'a proxy object {kind, country} or a proxy URL';

/** `proxy`: an object {kind, country} (both defaulted) or a proxy URL string. */
export const proxyCodec = withSchema(
  new t.Type<ProxySetting, unknown, unknown>(
    PROXY,
    (u): u is ProxySetting => pooledProxy.is(u) || proxyUrl.is(u),
    (u, c) => (typeof u === 'string' ? proxyUrl.validate(u, c) : isObject(u) ? pooledProxy.validate(u, c) : t.failure(u, c, PROXY)),
    t.identity,
  ),
  (w) => ({ oneOf: [w.walk(pooledProxy), w.walk(proxyUrl)] }),
);

const LOCALE = 'a BCP 47 language tag such as en-US';
/** The longest locale tag or time zone name taken: far over any real one (the longest IANA name has 32 characters). */
const MAX_TAG_LENGTH = 100;

/** `locale`: a BCP 47 tag, decoded to its canonical case (en-us becomes en-US). */
export const localeCodec = canonicalString(
  LOCALE,
  canonicalLocale,
  // Which tags are well-formed is ICU's call (Intl.getCanonicalLocales), not a pattern's.
  { type: 'string', minLength: 1, maxLength: MAX_TAG_LENGTH, examples: ['en-US', 'de-DE'] },
);

function canonicalLocale(tag: string): string | undefined {
  if (tag.length > MAX_TAG_LENGTH) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

const TIMEZONE = 'an IANA time zone name such as Europe/Paris';
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** `timezone`: an IANA name; a name given in the wrong case is decoded to ICU's spelling, which Chromium insists on. */
export const timezoneCodec = canonicalString(
  TIMEZONE,
  spelledZone,
  // The zones are ICU's list; the pattern is only the shape of a name, checked before asking ICU.
  { type: 'string', pattern: ZONE_NAME.source, maxLength: MAX_TAG_LENGTH, examples: ['Europe/Paris', 'America/New_York'] },
);

/** The zone as ICU spells it, or undefined for a name ICU does not know. */
function spelledZone(zone: string): string | undefined {
  const resolved = resolvedZone(zone);
  // Aliases stay as given (EST is not rewritten to America/Panama); only the case is fixed.
  return resolved === undefined ? undefined : resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

function resolvedZone(zone: string): string | undefined {
  // Names only: newer ICU also takes offsets such as +01:00, which are not IANA names.
  if (zone.length > MAX_TAG_LENGTH || !ZONE_NAME.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** `user_agent`: a header value Chromium sends, so no control characters (it refuses NUL, CR and LF) or lone surrogates. */
export const userAgentCodec = matching('a user agent of 1 to 1024 characters, without control characters', '^[^\\p{Cc}\\p{Cs}]{1,1024}$', 1024);

const resourceKinds = ['image', 'font', 'stylesheet', 'script', 'media'] as const;

/** The settings a create body may give, always there (every one has a default). */
const required = {
  // Each side defaults on its own, so {width: 1920} keeps the default height.
  viewport: described(
    withDefault(
      strictObject(
        {
          width: described(withDefault(intRange(200, 7680), DEFAULT_VIEWPORT.width), 'Viewport width in CSS pixels.'),
          height: described(withDefault(intRange(200, 4320), DEFAULT_VIEWPORT.height), 'Viewport height in CSS pixels.'),
        },
        {},
        'an object {width, height}',
      ),
      { ...DEFAULT_VIEWPORT },
    ),
    'Browser viewport size; each side defaults on its own, to the device\'s when `device` is given.',
  ),
  proxy: described(
    withDefault(proxyCodec, { ...DEFAULT_PROXY }),
    'The proxy the session\'s traffic goes through: a pool {kind, country} or your own proxy URL.',
  ),
  // decisions.md: media is accepted (it is always blocked anyway).
  block_resources: described(
    withDefault(arrayOf(oneOf(resourceKinds), { name: `an array of: ${resourceKinds.join(', ')}` }), [...DEFAULT_BLOCK_RESOURCES]),
    'Resource types not loaded; [] loads images and fonts. Media (video, audio) is always blocked.',
  ),
  auto_dismiss_blockers: described(withDefault(boolean, true), 'Dismisses cookie banners and popups automatically.'),
  trace: described(
    withDefault(boolean, false),
    'Records a Playwright trace of the whole session (screenshots, DOM snapshots, network), downloadable from GET /v1/sessions/{id}/trace once the session has ended, for 24 h.',
  ),
};

/** The settings a create body may give, absent when not given. */
const optional = {
  user_agent: described(userAgentCodec, 'A User-Agent of your own; by default the device\'s, or one assigned from a pool of current browsers, with matching client hints.'),
  locale: described(localeCodec, 'Browser locale, a BCP 47 language tag such as en-US.'),
  timezone: described(timezoneCodec, 'Browser time zone, an IANA name such as Europe/Paris.'),
  cookies: described(arrayOf(cookieCodec, { name: 'an array of cookie objects' }), 'Cookies set before the first navigation.'),
  device: described(
    deviceCodec,
    'A device to emulate by its Playwright name (iPhone 13, Pixel 7, ...; case aside): its viewport, scale, User-Agent, touch (clicks tap) and mobile layout. viewport and user_agent given win.',
  ),
  geolocation: described(geolocationCodec, 'The position the browser reports; the geolocation permission comes with it.'),
  permissions: described(permissionsCodec, 'Permissions granted to every page of the session without a prompt.'),
};

/** The settings' fields, for the create body to hold. */
export const settingsFields = { required, optional };

/**
 * `codec` (a body holding the settings) with the defaults a `device` gives: its viewport, side by
 * side, where the body gives none, and its User-Agent when the body gives none. Fields the body
 * gives win, so they are read from the body as sent, before the codec's own defaults fill it.
 */
export function withDeviceDefaults<A extends Pick<SessionSettings, 'viewport' | 'user_agent' | 'device'>, O>(codec: t.Type<A, O, unknown>): t.Type<A, O, unknown> {
  const completed = new t.Type<A, O, unknown>(
    codec.name,
    codec.is,
    (u, c) => {
      const result = codec.validate(u, c);
      const device = isLeft(result) || result.right.device === undefined ? undefined : deviceDescriptor(result.right.device);
      if (isLeft(result) || !device || !isObject(u)) return result;
      const given = ownValue(u, 'viewport');
      const side = (name: 'width' | 'height'): number => (isObject(given) && ownValue(given, name) !== undefined ? result.right.viewport[name] : device.viewport[name]);
      return t.success({ ...result.right, viewport: { width: side('width'), height: side('height') }, user_agent: result.right.user_agent ?? device.userAgent });
    },
    codec.encode,
  );
  return withSchema(completed, (w) => w.walk(codec));
}

const settingsObject = strictObject(required, optional);

/** A session's browser settings, decoded: every default applied. */
export type SessionSettings = t.TypeOf<typeof settingsObject>;

/** The settings alone, as a codec (a create body holds them among its own fields). */
export const settingsCodec = withDeviceDefaults(settingsObject);

/** The settings among a decoded body that holds them (a create body): the settings' own fields, nothing else. */
export function settingsOf(body: SessionSettings): SessionSettings {
  const picked: Record<string, unknown> = {};
  for (const name of [...Object.keys(required), ...Object.keys(optional)]) {
    if (name in body) picked[name] = (body as unknown as Record<string, unknown>)[name];
  }
  return picked as unknown as SessionSettings;
}
