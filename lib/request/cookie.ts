import type * as t from 'io-ts';
import { boolean, complete, nonEmptyString, number, oneOf, predicate, refine, string, strictObject, urlWithScheme } from '../codec/index.js';

// Playwright takes expires as Unix seconds, -1 for a session cookie, up to the end of year 9999.
const expires = predicate(
  'Unix time in seconds, or -1 for a session cookie',
  (u): u is number => number.is(u) && (u === -1 || (u >= 0 && u <= 253_402_300_799)),
);

const cookieFields = strictObject(
  { name: string, value: string },
  {
    domain: nonEmptyString,
    url: urlWithScheme(['http', 'https'], 'an http or https URL'),
    path: string,
    expires,
    httpOnly: boolean,
    secure: boolean,
    sameSite: oneOf(['Strict', 'Lax', 'None']),
  },
  'a cookie object',
);

/** A cookie (contract 2.10), shaped as Playwright's addCookies takes it: a domain cookie gets path "/" when none is given. */
export const cookieCodec = complete(
  // Playwright refuses a cookie with both url and domain, or with url and path (the url carries both).
  refine(cookieFields, (k) =>
    k.domain === undefined && k.url === undefined
      ? { expected: 'domain or url' }
      : k.domain !== undefined && k.url !== undefined
        ? { expected: 'domain or url, not both' }
        : k.url !== undefined && k.path !== undefined
          ? { key: 'path', expected: 'no path beside url (the url gives the path)' }
          : undefined,
  ),
  (k) => (k.domain !== undefined && k.path === undefined ? { ...k, path: '/' } : k),
);

/** A decoded cookie. */
export type Cookie = t.TypeOf<typeof cookieCodec>;
