import type { APIRequestContext, APIResponse } from 'playwright';
import { StepError } from '../errors.js';
import { TIMED_OUT, within } from './pause.js';

/** Largest file one upload may attach. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** Largest sum of the files of one upload step. */
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
/** How long one file may take to download. */
const DOWNLOAD_TIMEOUT_MS = 30_000;
/** Longest file name kept (file systems allow 255 bytes). */
const MAX_NAME_LENGTH = 200;

/** A downloaded file, in the shape `setInputFiles` takes. */
export interface DownloadedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A name safe to hand to the page: no directories, no control characters, not empty. */
function cleanName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return name === '.' || name === '..' ? '' : name.slice(0, MAX_NAME_LENGTH);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` wins over `filename`), or ''. */
export function dispositionName(header: string | undefined): string {
  if (!header) return '';
  const extended = /filename\*\s*=\s*([\w!#$%&+^`{}~-]*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    const [, charset = '', value = ''] = extended;
    // RFC 5987 allows UTF-8 and ISO-8859-1; a Latin-1 byte is the code point of the same number.
    const latin1 = (text: string): string => text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const text = /^utf-?8$/i.test(charset) || !charset ? decode(value.trim()) : latin1(value.trim());
    if (cleanName(text)) return cleanName(text);
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return cleanName((quoted[1] ?? '').replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;]+)/i.exec(header);
  return bare ? cleanName(bare[1] ?? '') : '';
}

/** The file name for a download: Content-Disposition's, else the URL path's last segment, else `file`. */
export function fileNameOf(disposition: string | undefined, url: string): string {
  const given = dispositionName(disposition);
  if (given) return given;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = '';
  }
  const segment = path.split('/').filter(Boolean).pop() ?? '';
  return cleanName(decode(segment)) || 'file';
}

/** The MIME type of a Content-Type header, without parameters; octet-stream when there is none. */
export function mimeTypeOf(contentType: string | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';
}

const MIB = 1024 * 1024;
const tooLarge = (url: string, size: number, limit: number, total: boolean): StepError =>
  new StepError(
    'action_failed',
    total
      ? `The files of one upload may total at most ${limit / MIB} MiB; ${url} goes past that`
      : `The file at ${url} is larger than ${limit / MIB} MiB`,
    { reason: 'too_large', url, limit_bytes: limit, ...(size > 0 ? { size_bytes: size } : {}) },
  );

/** One file through `request`: a 2xx answer within the size still allowed, or a step error. */
async function downloadOne(request: APIRequestContext, url: string, spent: number, signal: AbortSignal): Promise<DownloadedFile> {
  const fileLimit = Math.min(MAX_FILE_BYTES, MAX_TOTAL_BYTES - spent);
  const overTotal = MAX_TOTAL_BYTES - spent < MAX_FILE_BYTES;
  let response: APIResponse | typeof TIMED_OUT;
  try {
    // The request keeps its own timeout; `within` only lets a cancelled act stop waiting for it.
    response = await within(request.get(url, { timeout: DOWNLOAD_TIMEOUT_MS, failOnStatusCode: false, maxRedirects: 10 }), DOWNLOAD_TIMEOUT_MS + 1_000, signal);
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    throw new StepError('action_failed', `Downloading ${url} failed: ${message}`, { reason: 'download_failed', url });
  }
  if (response === TIMED_OUT) {
    if (signal.aborted) throw new Error('upload cancelled');
    throw new StepError('action_failed', `Downloading ${url} took longer than ${DOWNLOAD_TIMEOUT_MS} ms`, { reason: 'download_failed', url });
  }
  try {
    const status = response.status();
    if (status < 200 || status > 299) {
      throw new StepError('action_failed', `Downloading ${url} failed: the server answered HTTP ${status}`, { reason: 'download_failed', url, status });
    }
    const headers = response.headers();
    const declared = Number(headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > fileLimit) throw tooLarge(url, declared, fileLimit, overTotal && declared <= MAX_FILE_BYTES);
    const buffer = await response.body();
    if (buffer.length > fileLimit) throw tooLarge(url, buffer.length, fileLimit, overTotal && buffer.length <= MAX_FILE_BYTES);
    return { name: fileNameOf(headers['content-disposition'], url), mimeType: mimeTypeOf(headers['content-type']), buffer };
  } finally {
    await response.dispose().catch(() => undefined);
  }
}

/**
 * Downloads `urls` one after another through `request` (the session's own context: its cookies,
 * user agent and proxy), each at most 25 MiB and together at most 50 MiB. Failures are
 * action_failed with reason `download_failed` (network error or non-2xx status) or `too_large`.
 *
 * Playwright reads a whole body before answering, so the Content-Length check saves only the
 * copy into this process, not the transfer; the transfer itself is bounded by the timeout.
 */
export async function downloadFiles(request: APIRequestContext, urls: readonly string[], signal: AbortSignal): Promise<DownloadedFile[]> {
  const files: DownloadedFile[] = [];
  let spent = 0;
  for (const url of urls) {
    const file = await downloadOne(request, url, spent, signal);
    spent += file.buffer.length;
    files.push(file);
  }
  return files;
}
