/** What stands in a log line where a user's text was. */
export const REDACTED = '[redacted]';

/**
 * Steps whose error messages are never logged: execute_js's compile and script errors quote pieces
 * of the code and whatever it threw, which no search for the whole code string would find.
 */
const MESSAGE_WITHHELD: ReadonlySet<string> = new Set(['execute_js']);

// user:password@ in any URL-like text (a goto or upload URL, a bring-your-own proxy).
const USERINFO = /(\/\/)[^/@\s"']+@/g;

function strings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, into);
  return into;
}

/**
 * A step error's message fit for the log, or undefined when the step's messages are withheld.
 * Messages echo what the user sent (a select's missing option, a fill_form value, a URL), so
 * every string of the step's params (two characters or more, longest first) is replaced, and so
 * is the user:password part of any URL.
 */
export function loggableStepMessage(type: string, message: string, params: unknown): string | undefined {
  if (MESSAGE_WITHHELD.has(type)) return undefined;
  const secrets = strings(params, [])
    .filter((text) => text.length >= 2)
    .sort((a, b) => b.length - a.length);
  return replaceEach(message, secrets).replace(USERINFO, `$1${REDACTED}@`);
}

/**
 * `message` with every occurrence of `secrets` (longest first) replaced by REDACTED, in one pass
 * from the left, so no replacement is cut into by a shorter secret. Plain string comparison, not
 * one regular expression of them all: V8 refuses one built from tens of kilobytes of text.
 */
function replaceEach(message: string, all: readonly string[]): string {
  const secrets = all.filter((secret) => message.includes(secret));
  if (secrets.length === 0) return message;
  let out = '';
  let from = 0;
  for (let i = 0; i < message.length; ) {
    const secret = secrets.find((candidate) => message.startsWith(candidate, i));
    if (secret === undefined) {
      i++;
      continue;
    }
    out += message.slice(from, i) + REDACTED;
    i += secret.length;
    from = i;
  }
  return out + message.slice(from);
}
