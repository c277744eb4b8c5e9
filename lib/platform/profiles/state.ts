// A profile's saved state: what a browser context's storageState() gives and takes (Playwright's
// shape, written out here because lib/platform knows nothing of Playwright), and the check that a
// decrypted profile still has that shape.

/** A cookie as a context's storage state holds it; httpOnly and secure ones included. */
export interface ProfileCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Unix time in seconds; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

/** One origin's storage: its localStorage and, when the context was asked for it, its IndexedDB (kept as given). */
export interface ProfileOrigin {
  origin: string;
  localStorage: Array<{ name: string; value: string }>;
  indexedDB?: unknown[];
}

/**
 * A saved browser state. Plain (mutable) arrays, not readonly ones, so the value loaded can be
 * handed to Playwright's newContext({storageState}) as it is, and storageState()'s result saved as it is.
 */
export interface ProfileState {
  cookies: ProfileCookie[];
  origins: ProfileOrigin[];
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);
const SAME_SITE = new Set(['Strict', 'Lax', 'None']);

function isCookie(u: unknown): u is ProfileCookie {
  return (
    isObject(u) &&
    typeof u.name === 'string' && typeof u.value === 'string' && typeof u.domain === 'string' && typeof u.path === 'string' &&
    typeof u.expires === 'number' && typeof u.httpOnly === 'boolean' && typeof u.secure === 'boolean' && SAME_SITE.has(u.sameSite as string)
  );
}

function isOrigin(u: unknown): u is ProfileOrigin {
  return (
    isObject(u) &&
    typeof u.origin === 'string' &&
    Array.isArray(u.localStorage) &&
    u.localStorage.every((item) => isObject(item) && typeof item.name === 'string' && typeof item.value === 'string') &&
    (u.indexedDB === undefined || Array.isArray(u.indexedDB))
  );
}

/** The state in `json`, or undefined when it is not JSON of that shape (a profile is never read as something it is not). */
export function parseState(json: string): ProfileState | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !Array.isArray(value.cookies) || !Array.isArray(value.origins)) return undefined;
  if (!value.cookies.every(isCookie) || !value.origins.every(isOrigin)) return undefined;
  return { cookies: value.cookies, origins: value.origins };
}
