import { loggableStepMessage, REDACTED } from '../telemetry/redact.js';
import { MAX_MESSAGE_LENGTH } from '../../contract/response/events.js';

/** How much of execute_js code (and of a wait's or goto's JavaScript condition) the journal keeps. */
export const CODE_EXCERPT_LENGTH = 80;

/** A step's parameters fit for the journal, and the secret strings taken out of them. */
export interface RedactedParams {
  params: unknown;
  /** Values that were redacted: the journal also scrubs them from later events (a GET form puts them in a URL). */
  secrets: string[];
}

// user:password@ in any URL-like text (a goto or upload URL).
const USERINFO = /(\/\/)[^/@\s"']+@/g;

/** `url` with any user:password@ replaced. */
export function redactUrl(url: string): string {
  return url.replace(USERINFO, `$1${REDACTED}@`);
}

/** The first CODE_EXCERPT_LENGTH characters of `code`, and "…" when there was more. */
export function codeExcerpt(code: string): string {
  return code.length > CODE_EXCERPT_LENGTH ? `${code.slice(0, CODE_EXCERPT_LENGTH)}…` : code;
}

/** A page's or a step's message cut to MAX_MESSAGE_LENGTH characters. */
export function clipMessage(message: string): string {
  return message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH)}…` : message;
}

/** Fields that hold JavaScript: kept as an excerpt. */
const CODE_FIELDS: ReadonlySet<string> = new Set(['code', 'until', 'wait_until']);

function urls(value: unknown): unknown {
  if (typeof value === 'string') return redactUrl(value);
  if (Array.isArray(value)) return value.map(urls);
  return value;
}

/**
 * The journal's copy of a step's parameters. What a step types or fills is redacted whatever the
 * field: the step's parameters are known before the page is, and a password field cannot be told
 * from a text field in advance (a field may also change its type). So `fill` and `type` values,
 * and the text values of `fill_form` (its checkbox booleans and select arrays stay), become
 * [redacted]; JavaScript (execute_js code, wait's until, goto's wait_until) is cut to an excerpt;
 * URLs lose their user:password@.
 */
export function redactStepParams(step: string, params: unknown): RedactedParams {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return { params, secrets: [] };
  const secrets: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if ((step === 'fill' || step === 'type') && key === 'value' && typeof value === 'string') {
      out[key] = value === '' ? '' : REDACTED;
      secrets.push(value);
    } else if (step === 'fill_form' && key === 'fields' && value !== null && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([label, given]) => {
          if (typeof given !== 'string' || given === '') return [label, given];
          secrets.push(given);
          return [label, REDACTED];
        }),
      );
    } else if (CODE_FIELDS.has(key) && typeof value === 'string') {
      out[key] = codeExcerpt(value);
    } else {
      out[key] = urls(value);
    }
  }
  return { params: out, secrets: secrets.filter((secret) => secret.length > 0) };
}

/**
 * A step's error message fit for the journal: what it typed and the JavaScript it ran are taken out,
 * and URLs lose their user:password@; execute_js's messages are withheld as in the log. The text a
 * step targets (a click's `text`, a select's option) stays: unlike the log, the journal is read by
 * the account that wrote it, and "no element with text [redacted]" would tell it nothing.
 */
export function redactStepMessage(step: string, message: string, params: unknown): string {
  const hidden = [...redactStepParams(step, params).secrets, ...codeOf(params)];
  return clipMessage(loggableStepMessage(step, message, hidden) ?? `${step} failed (its message is withheld: it may quote the code)`);
}

/** The JavaScript a step's parameters hold (execute_js code, a wait's until, a goto's wait_until). */
function codeOf(params: unknown): string[] {
  if (params === null || typeof params !== 'object') return [];
  return Object.entries(params).flatMap(([key, value]) => (CODE_FIELDS.has(key) && typeof value === 'string' ? [value] : []));
}

/** One live-view input event (contract 4 of issue 14), as far as redaction cares. */
/** The forms a secret takes in text: as given, URL-encoded, and form-encoded (spaces as +). */
export function secretForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return [...new Set([secret, encoded, encoded.replace(/%20/g, '+')])];
}

/** `value` with each of `secrets` (longest first) replaced by [redacted] in every string it holds. */
export function scrub<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const replace = (text: string): string => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  };
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return replace(item);
    if (Array.isArray(item)) return item.map(walk);
    if (item !== null && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, walk(inner)]));
    return item;
  };
  return walk(value) as T;
}
