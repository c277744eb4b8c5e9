// What a download is called, typed and said to come from: every part of it comes from the page or
// its server, so each is read with a library made for it and then made safe to show and to send.
import contentDisposition from 'content-disposition';
import mime from 'mime-types';
import { MAX_DOWNLOAD_NAME_LENGTH, MAX_DOWNLOAD_URL_LENGTH } from '../../contract/response/download.js';
import { redactUrl } from '../../platform/journal/redact.js';

/** What a name falls back to when nothing usable is left of it. */
const FALLBACK_NAME = 'download';

/** What the response that became a download said of it (its headers, as Playwright reports them). */
export interface ResponseHints {
  disposition?: string;
  contentType?: string;
}

/** The file name of the Content-Disposition header `header`, or undefined when it has none or does not parse. */
function dispositionName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    const name = contentDisposition.parse(header).parameters.filename;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The last segment of an http(s) URL's path, decoded; undefined for other URLs or an empty one. */
function urlName(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    const last = parsed.pathname.split('/').pop() ?? '';
    return decodeURIComponent(last) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `name` as a safe base name: no folders (separators become `_`), no control, format or
 * direction characters (U+202E and friends), no leading dots (neither `..` nor hidden files),
 * no trailing dots or spaces, at most MAX_DOWNLOAD_NAME_LENGTH characters (keeping a short
 * extension); FALLBACK_NAME when nothing is left.
 */
export function safeFileName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[/\\]/g, '_')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  const chars = [...safe];
  if (chars.length > MAX_DOWNLOAD_NAME_LENGTH) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 16 ? [...safe.slice(dot)] : [];
    safe = [...chars.slice(0, MAX_DOWNLOAD_NAME_LENGTH - extension.length), ...extension].join('');
  }
  return safe || FALLBACK_NAME;
}

/** The download's name: the response's Content-Disposition, else Chromium's suggestion (a download attribute), else the URL; made safe. */
export function downloadName(hints: ResponseHints, suggested: string | undefined, url: string): string {
  const candidates = [dispositionName(hints.disposition), suggested, urlName(url)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const safe = safeFileName(candidate);
    if (safe !== FALLBACK_NAME || candidate === FALLBACK_NAME) return safe;
  }
  return FALLBACK_NAME;
}

/** A media type token as RFC 9110 allows it, lower-cased. */
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/;

/** The download's media type: the response's Content-Type (its type only), else guessed from `name`, else application/octet-stream. */
export function downloadMime(hints: ResponseHints, name: string): string {
  const declared = hints.contentType?.split(';')[0]?.trim().toLowerCase();
  if (declared && MEDIA_TYPE.test(declared)) return declared;
  return mime.lookup(name) || 'application/octet-stream';
}

/**
 * Where a download came from, as safe to keep and show: user:password@ redacted; a blob: URL as
 * `blob:` and its origin; a data: URL as `data:` and its type (never its megabytes); clipped.
 */
export function downloadUrl(url: string): string {
  if (url.startsWith('blob:')) {
    try {
      const origin = new URL(url.slice('blob:'.length)).origin;
      return origin === 'null' ? 'blob:' : `blob:${origin}`;
    } catch {
      return 'blob:';
    }
  }
  if (url.startsWith('data:')) {
    const type = url.slice('data:'.length).split(/[;,]/)[0]?.trim().toLowerCase() ?? '';
    return MEDIA_TYPE.test(type) ? `data:${type}` : 'data:';
  }
  const safe = redactUrl(url);
  return safe.length > MAX_DOWNLOAD_URL_LENGTH ? safe.slice(0, MAX_DOWNLOAD_URL_LENGTH) : safe;
}
