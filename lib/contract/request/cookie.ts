// The cookie codec refuses what Chromium's Storage.setCookies refuses (measured on Chromium 156
// through Playwright's addCookies), so a bad cookie is a 400 at its field and never a failed
// context set-up. Where the RFC 6265 grammar is stricter than Chromium it is followed, except
// for what real sites send: [ ] in names (PHP's cart[12]) and non-ASCII characters in values.
import { isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';
import * as t from 'io-ts';
import { boolean, canonicalString, complete, described, number, oneOf, predicate, refine, strictObject, type Complaint } from '../codec/index.js';
import { httpUrl, MAX_URL_LENGTH } from '../text.js';

/** The most a name and value may hold together, in UTF-8 bytes (Chromium's limit). */
const MAX_COOKIE_BYTES = 4096;
/** The most a cookie path may hold once percent-encoded (Chromium's limit for an attribute). */
const MAX_COOKIE_PATH = 1024;
/** The longest host name DNS allows. */
const MAX_HOST = 253;

const NAME_PATTERN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z[\]]+$/;

/** A cookie name: RFC 6265 token characters (no spaces, controls or separators such as ;,=") plus [ ]. */
export const cookieName = predicate(
  "a cookie name: one or more letters, digits or !#$%&'*+-.^_`|~[]",
  (u): u is string => typeof u === 'string' && u.length <= MAX_COOKIE_BYTES && NAME_PATTERN.test(u),
  { type: 'string', pattern: NAME_PATTERN.source, maxLength: MAX_COOKIE_BYTES },
);

// Outside ASCII: anything but C1 controls and lone surrogates (which Chromium would store as U+FFFD).
const VALUE_CHAR = '[\\x21\\x23-\\x2B\\x2D-\\x3A\\x3C-\\x5B\\x5D-\\x7E\\u{A0}-\\u{D7FF}\\u{E000}-\\u{10FFFF}]';
const VALUE_PATTERN = new RegExp(`^(?:${VALUE_CHAR}*|"${VALUE_CHAR}*")$`, 'u');

/** A cookie value: RFC 6265 cookie-octets (no controls, spaces or ",;\), optionally inside one pair of double quotes. */
export const cookieValue = predicate(
  'a cookie value without spaces, controls or the characters " , ; \\ (it may be wrapped in one pair of double quotes)',
  (u): u is string => typeof u === 'string' && u.length <= MAX_COOKIE_BYTES && VALUE_PATTERN.test(u),
  { type: 'string', pattern: VALUE_PATTERN.source, maxLength: MAX_COOKIE_BYTES },
);

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HOST_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?$/;
// A last label that is a number makes the URL standard (and Chromium) read the host as IPv4.
const NUMERIC_LAST_LABEL = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/i;
// Only letters, digits, - _ and dots in ASCII; anything outside ASCII is left to IDNA.
const DOMAIN_CHARS = /^[A-Za-z0-9._\-\u{80}-\u{D7FF}\u{E000}-\u{10FFFF}]+$/u;

/** True for a host a cookie can name: a host name, a dotted-quad IPv4 address, or an IPv6 address in brackets. */
function isCookieHost(host: string): boolean {
  if (host.startsWith('[') && host.endsWith(']')) {
    const inner = host.slice(1, -1);
    return isIPv6(inner) && !inner.includes('%');
  }
  if (NUMERIC_LAST_LABEL.test(host)) return IPV4.test(host);
  return HOST_NAME.test(host) && host.replace(/\.$/, '').length <= MAX_HOST;
}

/** The domain in the form Chromium is given (IDN labels in their xn-- form), or undefined when it names no host. */
function asciiDomain(domain: string): string | undefined {
  const dot = domain.startsWith('.') ? '.' : '';
  const host = domain.slice(dot.length);
  if (host.startsWith('[')) return !dot && isCookieHost(host) ? domain : undefined;
  if (!DOMAIN_CHARS.test(host)) return undefined;
  // Only a name with non-ASCII characters is converted: IDNA would also rewrite 1.2.3 as 1.2.0.3.
  const ascii = /^\p{ASCII}*$/u.test(host) ? host : domainToASCII(host);
  // A leading dot means "and its subdomains", which an address has none of (Chromium drops the dot, or refuses).
  if (dot && IPV4.test(ascii)) return undefined;
  return ascii !== '' && isCookieHost(ascii) ? dot + ascii : undefined;
}

const DOMAIN = 'a host name (letters, digits, - and _ in dot-separated labels), optionally with a leading dot, or an IP address (IPv6 in brackets)';

/** A cookie domain, decoded to the ASCII form Chromium stores (bücher.de becomes xn--bcher-kva.de). */
export const cookieDomain = canonicalString(
  DOMAIN,
  asciiDomain,
  // The host rules (labels, IP forms, IDNA) are the codec's; the schema says what a client can check alone.
  { type: 'string', minLength: 1, maxLength: MAX_HOST + 1 },
);

// Characters Chromium keeps as they are in a cookie path; every other one it percent-encodes.
const PATH_KEPT = /[A-Za-z0-9\-._~!$&'()*+,=:@/%\\[\]]/;
const PATH_REFUSED = /[\p{Cc} ;]|\p{Cs}/u;

/** How long `path` is once Chromium has percent-encoded it (dot segments counted as written). */
function encodedLength(path: string): number {
  let length = 0;
  for (const char of path) length += PATH_KEPT.test(char) ? 1 : Buffer.byteLength(char) * 3;
  return length;
}

/** A cookie path: starts with /, no spaces, controls or ;, at most 1024 characters once percent-encoded. */
export const cookiePath = predicate(
  `a path that starts with / without spaces, controls or ";", at most ${MAX_COOKIE_PATH} characters once percent-encoded`,
  (u): u is string => typeof u === 'string' && u.startsWith('/') && !PATH_REFUSED.test(u) && encodedLength(u) <= MAX_COOKIE_PATH,
  { type: 'string', pattern: '^/[^\\p{Cc} ;]*$', maxLength: MAX_COOKIE_PATH },
);

/** The path Playwright derives from a cookie's url: up to and including its last slash. */
const urlPath = (url: URL): string => url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);

/** A cookie url: http or https, a host a cookie can name, and a path (up to its last /) Chromium takes. */
export const cookieUrl = predicate(
  `an http or https URL whose host is a host name or IP address and whose path has no ";" and at most ${MAX_COOKIE_PATH} characters`,
  (u): u is string => {
    if (!httpUrl.is(u) || /\p{Cs}/u.test(u)) return false;
    const url = new URL(u);
    return isCookieHost(url.hostname) && cookiePath.is(urlPath(url));
  },
  { type: 'string', minLength: 1, maxLength: MAX_URL_LENGTH },
);

// Playwright takes expires as Unix seconds, -1 for a session cookie, up to the end of year 9999.
const cookieExpires = predicate(
  'Unix time in seconds, or -1 for a session cookie',
  (u): u is number => number.is(u) && (u === -1 || (u >= 0 && u <= 253_402_300_799)),
  { oneOf: [{ const: -1 }, { type: 'number', minimum: 0, maximum: 253_402_300_799 }] },
);

const cookieFields = strictObject(
  { name: described(cookieName, 'Cookie name.'), value: described(cookieValue, 'Cookie value.') },
  {
    domain: described(cookieDomain, 'The host the cookie is for; a leading dot includes its subdomains. Give domain or url, not both.'),
    url: described(cookieUrl, 'A URL whose host and path the cookie is for (instead of domain and path).'),
    path: described(cookiePath, 'The path the cookie is sent for; "/" when a domain is given without one.'),
    expires: described(cookieExpires, 'When the cookie expires, as Unix time in seconds; -1 or absent for a session cookie.'),
    httpOnly: described(boolean, 'Hidden from the page\'s scripts.'),
    secure: described(boolean, 'Sent over https only; with url it must agree with the url\'s scheme.'),
    sameSite: described(oneOf(['Strict', 'Lax', 'None']), 'SameSite attribute; None needs a secure cookie.'),
  },
  'a cookie object',
);

type CookieFields = t.TypeOf<typeof cookieFields>;

/** Playwright refuses a cookie with both url and domain, or with url and path (the url carries both). */
const oneTarget = (k: CookieFields): Complaint | undefined =>
  k.domain === undefined && k.url === undefined
    ? { expected: 'domain or url' }
    : k.domain !== undefined && k.url !== undefined
      ? { expected: 'domain or url, not both' }
      : k.url !== undefined && k.path !== undefined
        ? { key: 'path', expected: 'no path beside url (the url gives the path)' }
        : undefined;

/** Playwright sets `secure` from the url's scheme, so a `secure` that disagrees would be silently overridden. */
const secureAgreesWithUrl = (k: CookieFields): Complaint | undefined =>
  k.url !== undefined && k.secure !== undefined && k.secure !== k.url.startsWith('https:')
    ? { key: 'secure', expected: "secure to agree with the url's scheme (true for https, false for http)" }
    : undefined;

const withinSize = (k: CookieFields): Complaint | undefined =>
  Buffer.byteLength(k.name) + Buffer.byteLength(k.value) > MAX_COOKIE_BYTES
    ? { key: 'value', expected: `a name and value of at most ${MAX_COOKIE_BYTES} bytes together` }
    : undefined;

const isSecure = (k: CookieFields): boolean => (k.url !== undefined ? k.url.startsWith('https:') : k.secure === true);
const secureKey = (k: CookieFields): string => (k.url !== undefined ? 'url' : 'secure');
const securePhrase = (k: CookieFields): string => (k.url !== undefined ? 'an https url' : 'secure: true');

const PREFIX = /^(?:__host-http-|__host-|__http-|__secure-)/i;

/** The name prefixes of RFC 6265bis, which Chromium enforces whatever their case. */
const prefixRules = (k: CookieFields): Complaint | undefined => {
  const prefix = PREFIX.exec(k.name)?.[0];
  if (prefix === undefined) return undefined;
  const lower = prefix.toLowerCase();
  const host = lower.startsWith('__host-');
  const http = lower.endsWith('http-');
  const starting = `for a name starting with ${prefix}`;
  if (!isSecure(k)) return { key: secureKey(k), expected: `${securePhrase(k)} ${starting}` };
  if (http && k.httpOnly !== true) return { key: 'httpOnly', expected: `httpOnly: true ${starting}` };
  if (!host) return undefined;
  if (k.domain?.startsWith('.')) return { key: 'domain', expected: `a domain without a leading dot ${starting}` };
  const path = k.url !== undefined ? urlPath(new URL(k.url)) : k.path;
  if (path !== undefined && path !== '/') return { key: k.url !== undefined ? 'url' : 'path', expected: `the path / ${starting}` };
  return undefined;
};

/** Chromium silently drops a SameSite=None cookie that is not secure. */
const sameSiteNoneIsSecure = (k: CookieFields): Complaint | undefined =>
  k.sameSite === 'None' && !isSecure(k) ? { key: secureKey(k), expected: `${securePhrase(k)} beside sameSite None (Chromium drops an insecure one)` } : undefined;

const checkedCookie = [oneTarget, secureAgreesWithUrl, withinSize, prefixRules, sameSiteNoneIsSecure].reduce(
  (codec, check) => refine(codec, check),
  cookieFields,
);

/** A cookie (contract 2.10), shaped as Playwright's addCookies takes it: a domain cookie gets path "/" when none is given. */
export const cookieCodec = complete(checkedCookie, (k) => (k.domain !== undefined && k.path === undefined ? { ...k, path: '/' } : k));

/** A decoded cookie. */
export type Cookie = t.TypeOf<typeof cookieCodec>;
