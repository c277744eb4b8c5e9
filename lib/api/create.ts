import * as t from 'io-ts';
import {
  arrayOf, boolean, canonicalString, described, intRange, isObject, matching, oneOf, strictObject, urlWithScheme, withDefault, withSchema,
} from '../contract/codec/index.js';
import { DEFAULT_BLOCK_RESOURCES, DEFAULT_PROXY, DEFAULT_VIEWPORT } from '../browser/context/settings.js';
import type { ProxySetting } from '../network/upstream.js';
import { cookieCodec } from '../contract/request/cookie.js';
import { stepsCodec } from './steps-array.js';
import { MAX_URL_LENGTH, pageUrl } from '../contract/text.js';


// Which codes each pool serves is checked against the operator's proxy file later (lib/net);
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

/** The body of POST /v1/sessions (contract 4.1, 8.1), every default applied. */
export const createBodyCodec = strictObject(
  {
    timeout: described(
      withDefault(intRange(10, 1800), 300),
      'Session lifetime in seconds, counted from creation; at most the plan\'s maximum session length.',
    ),
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
      'Browser viewport size; each side defaults on its own.',
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
    page: described(
      withDefault(oneOf(['full', 'light']), 'full'),
      'full: every answer observes the page; light: answers carry only url, title and scroll (an observe step as the last step still answers in full).',
    ),
  },
  {
    url: described(pageUrl, 'A URL to open once the session is created (http or https, with its scheme).'),
    steps: described(stepsCodec(0), 'Steps run after url, in order (the first one should be goto when there is no url). close may only be last.'),
    user_agent: described(userAgentCodec, 'A User-Agent of your own; by default one is assigned from a pool of current browsers, with matching client hints.'),
    locale: described(localeCodec, 'Browser locale, a BCP 47 language tag such as en-US.'),
    timezone: described(timezoneCodec, 'Browser time zone, an IANA name such as Europe/Paris.'),
    cookies: described(arrayOf(cookieCodec, { name: 'an array of cookie objects' }), 'Cookies set before the first navigation.'),
  },
  'a JSON object',
);

/** A decoded create body. */
export type CreateBody = t.TypeOf<typeof createBodyCodec>;
