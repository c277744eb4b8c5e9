// A webhook's URL (issue 32), as a create's `webhook_url` and `tabwright keys create --webhook-url`
// take it: https only (the body leaves the machine signed but not otherwise protected), no user
// name or password in it (they would sit in the store and the logs), and bounded. Where it may
// point is the address guard's call (lib/network/address.ts), asked when it is set and again at
// every delivery.
import { described, predicate } from '../codec/index.js';

/** The longest webhook URL taken. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Why `text` is not a webhook URL, or undefined when it is one. */
export function webhookUrlProblem(text: string): string | undefined {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return `it is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`;
  if (!URL.canParse(text)) return 'it is not a URL';
  const url = new URL(text);
  if (url.protocol !== 'https:') return `its scheme is ${url.protocol.slice(0, -1)}, not https`;
  if (url.hostname === '') return 'it has no host';
  if (url.username !== '' || url.password !== '') return 'it carries a user name or password';
  return undefined;
}

/** `webhook_url`: an https URL without credentials, of at most MAX_WEBHOOK_URL_LENGTH characters. */
export const webhookUrlCodec = described(
  predicate(
    `an https URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters, without a user name or password`,
    (u): u is string => typeof u === 'string' && webhookUrlProblem(u) === undefined,
    { type: 'string', minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH, examples: ['https://example.com/hooks/tabwright'] },
  ),
  "Where this session's events (session.ended, session.failed, download.completed) are POSTed, signed with the key's webhook secret; " +
    "over the key's own webhook URL. It must be https and must not resolve to a private, loopback or link-local address.",
);
