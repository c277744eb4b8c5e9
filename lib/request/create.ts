import * as t from 'io-ts';
import {
  arrayOf, boolean, intRange, isObject, nonEmptyString, oneOf, predicate, strictObject, urlWithScheme, withDefault,
} from '../codec/index.js';
import type { ProxySetting } from '../net/upstream.js';
import { cookieCodec } from './cookie.js';
import { stepsCodec } from './steps.js';


// Which codes each pool serves is checked against the operator's proxy file later (lib/net);
// here only the form: auto, or two lower-case letters (which covers eu).
const country = predicate('auto or a two-letter lower-case country code', (u): u is string => typeof u === 'string' && /^(auto|[a-z]{2})$/.test(u));

const pooledProxy = strictObject(
  { kind: withDefault(oneOf(['datacenter', 'residential']), 'datacenter'), country: withDefault(country, 'auto') },
  {},
  'a proxy object {kind, country}',
);
const proxyUrl = urlWithScheme(['http', 'https', 'socks5'], 'a proxy URL with scheme http, https or socks5');

const PROXY = 'a proxy object {kind, country} or a proxy URL';

/** `proxy`: an object {kind, country} (both defaulted) or a proxy URL string. */
export const proxyCodec = new t.Type<ProxySetting, unknown, unknown>(
  PROXY,
  (u): u is ProxySetting => pooledProxy.is(u) || proxyUrl.is(u),
  (u, c) => (typeof u === 'string' ? proxyUrl.validate(u, c) : isObject(u) ? pooledProxy.validate(u, c) : t.failure(u, c, PROXY)),
  t.identity,
);

const LOCALE = 'a BCP 47 language tag such as en-US';

/** `locale`: a BCP 47 tag, decoded to its canonical case (en-us becomes en-US). */
export const localeCodec = new t.Type<string, string, unknown>(
  LOCALE,
  (u): u is string => typeof u === 'string' && canonicalLocale(u) === u,
  (u, c) => {
    const canonical = typeof u === 'string' ? canonicalLocale(u) : undefined;
    return canonical === undefined ? t.failure(u, c, LOCALE) : t.success(canonical);
  },
  t.identity,
);

function canonicalLocale(tag: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical;
  } catch {
    return undefined;
  }
}

const TIMEZONE = 'an IANA time zone name such as Europe/Paris';

/** `timezone`: an IANA name; a name given in the wrong case is decoded to ICU's spelling, which Chromium insists on. */
export const timezoneCodec = new t.Type<string, string, unknown>(
  TIMEZONE,
  (u): u is string => typeof u === 'string' && spelledZone(u) === u,
  (u, c) => {
    const zone = typeof u === 'string' ? spelledZone(u) : undefined;
    return zone === undefined ? t.failure(u, c, TIMEZONE) : t.success(zone);
  },
  t.identity,
);

/** The zone as ICU spells it, or undefined for a name ICU does not know. */
function spelledZone(zone: string): string | undefined {
  const resolved = resolvedZone(zone);
  // Aliases stay as given (EST is not rewritten to America/Panama); only the case is fixed.
  return resolved === undefined ? undefined : resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}

function resolvedZone(zone: string): string | undefined {
  // Names only: newer ICU also takes offsets such as +01:00, which are not IANA names.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** `user_agent`: a header value Chromium sends, so no control characters (it refuses NUL, CR and LF) or lone surrogates. */
export const userAgentCodec = predicate(
  'a user agent of 1 to 1024 characters, without control characters',
  (u): u is string => typeof u === 'string' && u.length >= 1 && u.length <= 1024 && !/[\p{Cc}\p{Cs}]/u.test(u),
);

const resourceKinds = ['image', 'font', 'stylesheet', 'script', 'media'] as const;

/** The body of POST /v1/sessions (contract 4.1, 8.1), every default applied. */
export const createBodyCodec = strictObject(
  {
    timeout: withDefault(intRange(10, 1800), 300),
    // Each side defaults on its own, so {width: 1920} keeps the default height.
    viewport: withDefault(
      strictObject(
        { width: withDefault(intRange(200, 7680), 1280), height: withDefault(intRange(200, 4320), 720) },
        {},
        'an object {width, height}',
      ),
      { width: 1280, height: 720 },
    ),
    proxy: withDefault(proxyCodec, { kind: 'datacenter', country: 'auto' }),
    // decisions.md: media is accepted (it is always blocked anyway).
    block_resources: withDefault(arrayOf(oneOf(resourceKinds), { name: `an array of: ${resourceKinds.join(', ')}` }), ['image', 'font']),
    auto_dismiss_blockers: withDefault(boolean, true),
    page: withDefault(oneOf(['full', 'light']), 'full'),
  },
  {
    url: nonEmptyString,
    steps: stepsCodec(0),
    user_agent: userAgentCodec,
    locale: localeCodec,
    timezone: timezoneCodec,
    cookies: arrayOf(cookieCodec, { name: 'an array of cookie objects' }),
  },
  'a JSON object',
);

/** A decoded create body. */
export type CreateBody = t.TypeOf<typeof createBodyCodec>;
