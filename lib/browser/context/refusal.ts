// The codecs refuse what they can tell is wrong; whatever Chromium still refuses while a session's
// context is set up (a setting a newer or older Chromium judges differently) is the request's
// fault, not the server's: a 400 naming the setting, never a 500.
import { ApiError, httpErrors } from '../../contract/errors.js';

/** The create field that each CDP method of context set-up applies. */
const FIELD_OF_METHOD: Readonly<Record<string, string>> = {
  'Storage.setCookies': 'cookies',
  'Network.setCookies': 'cookies',
  'Emulation.setUserAgentOverride': 'user_agent',
  'Network.setUserAgentOverride': 'user_agent',
  'Emulation.setLocaleOverride': 'locale',
  'Emulation.setTimezoneOverride': 'timezone',
  'Emulation.setDeviceMetricsOverride': 'viewport',
  'Emulation.setTouchEmulationEnabled': 'device',
  'Emulation.setGeolocationOverride': 'geolocation',
  'Browser.grantPermissions': 'permissions',
};

/** What each refused field holds, for the `expected` phrase. */
const NOUN: Readonly<Record<string, string>> = {
  cookies: 'a cookie',
  user_agent: 'a user agent',
  locale: 'a locale',
  timezone: 'a time zone',
  viewport: 'a viewport',
  device: 'a device',
  geolocation: 'a position',
  permissions: 'permissions',
};

// Refusals Playwright rewords itself instead of passing Chromium's answer on.
const REWORDED: ReadonlyArray<[RegExp, string]> = [[/Invalid timezone ID: [^\n]*/, 'timezone']];

// Playwright words a failed CDP call as "<api>: Protocol error (<Domain.method>): <Chromium's reason>".
const PROTOCOL_ERROR = /Protocol error \(([\w.]+)\): ([^\n]*)/;
// A page, context or browser that went away is not a refusal of anything the user sent.
const GONE = /closed|detached|crashed|disconnected/i;

/** The 400 for a setting Chromium refused: `path` names the field, the message quotes Chromium. */
export function refusedSetting(path: string, reason: string): ApiError {
  const field = path.replace(/\[\d+\]$/, '');
  return httpErrors.invalid(`The browser refused ${path}: ${reason}`, { path, expected: `${NOUN[field] ?? field} the browser accepts` });
}

/**
 * The 400 for `error` when it is Chromium refusing one of the session's settings during context
 * set-up, told by the CDP method that failed (or by Playwright's rewording of its answer);
 * undefined for anything else, which stays a 500.
 */
export function settingRefusal(error: unknown): ApiError | undefined {
  if (error instanceof ApiError || !(error instanceof Error)) return undefined;
  for (const [pattern, field] of REWORDED) {
    const reworded = pattern.exec(error.message);
    if (reworded) return refusedSetting(field, reworded[0]);
  }
  const match = PROTOCOL_ERROR.exec(error.message);
  const field = match ? FIELD_OF_METHOD[match[1]!] : undefined;
  const reason = match?.[2] ?? '';
  return field === undefined || GONE.test(reason) ? undefined : refusedSetting(field, reason);
}

/** Chromium's reason in a Playwright error: the part after the API and protocol prefixes, first line only. */
export function browserReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0] ?? message;
  return PROTOCOL_ERROR.exec(line)?.[2] ?? line.replace(/^[\w.]+: /, '');
}
