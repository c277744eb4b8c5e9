// An upload step's files, fetched from their URLs through the session's own network path before they
// cross into the page. "Fetch", not "download": a download is a file the page has the browser save.
import { ProxyAgent, request, type Dispatcher } from 'undici';
import { StepError } from '../../contract/errors.js';

/** Largest file one upload may attach. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** Largest sum of the files of one upload step. */
export const MAX_TOTAL_BYTES = 50 * 1024 * 1024;
/** How long one file may take to download. */
export const FETCH_TIMEOUT_MS = 30_000;
/** Longest file name kept (file systems allow 255 bytes). */
const MAX_NAME_LENGTH = 200;

/** A downloaded file, in the shape `setInputFiles` takes. */
export interface FetchedFile {
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

/** Where an upload's downloads go out: the session's proxy, and what a request of the session's browser would carry. */
export interface FetchPath {
  /** The session proxy (`http://127.0.0.1:port`): the guard, the upstream and the meter apply. */
  proxyUrl: string;
  /** The session's User-Agent and its cookies for `url`. */
  headers(url: string): Promise<Record<string, string>>;
}

/** Redirects a download may follow. */
const MAX_REDIRECTS = 10;

/**
 * One file through the session proxy: a 2xx answer within the size still allowed, or a step
 * error. The body is counted as it arrives and the transfer is cut the moment it passes the
 * limit, so a file that never ends costs no more than the limit.
 */
async function fetchOne(path: FetchPath, dispatcher: Dispatcher, url: string, spent: number, signal: AbortSignal): Promise<FetchedFile> {
  const fileLimit = Math.min(MAX_FILE_BYTES, MAX_TOTAL_BYTES - spent);
  const overTotal = MAX_TOTAL_BYTES - spent < MAX_FILE_BYTES;
  const failed = (message: string, extra: Record<string, unknown> = {}): StepError =>
    new StepError('action_failed', `Downloading ${url} failed: ${message}`, { reason: 'download_failed', url, ...extra });
  const deadline = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const stop = AbortSignal.any([signal, deadline]);
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const response = await request(current, {
        dispatcher,
        method: 'GET',
        headers: { accept: '*/*', 'accept-encoding': 'identity', ...(await path.headers(current)) },
        signal: stop,
      });
      const { statusCode: status, headers } = response;
      const header = (name: string): string | undefined => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const location = header('location');
      if (status >= 300 && status < 400 && location) {
        await response.body.dump();
        if (hop >= MAX_REDIRECTS) throw failed(`more than ${MAX_REDIRECTS} redirects`);
        current = new URL(location, current).href;
        continue;
      }
      if (status < 200 || status > 299) {
        await response.body.dump();
        throw failed(`the server answered HTTP ${status}`, { status });
      }
      const declared = Number(header('content-length') ?? NaN);
      if (Number.isFinite(declared) && declared > fileLimit) {
        response.body.destroy();
        throw tooLarge(url, declared, fileLimit, overTotal && declared <= MAX_FILE_BYTES);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > fileLimit) {
          response.body.destroy();
          throw tooLarge(url, 0, fileLimit, overTotal);
        }
        chunks.push(chunk as Buffer);
      }
      return { name: fileNameOf(header('content-disposition'), url), mimeType: mimeTypeOf(header('content-type')), buffer: Buffer.concat(chunks, size) };
    }
  } catch (error) {
    if (error instanceof StepError) throw error;
    if (signal.aborted) throw new Error('upload cancelled', { cause: error });
    if (deadline.aborted) throw failed(`it took longer than ${FETCH_TIMEOUT_MS} ms`);
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    throw failed(message);
  }
}

/**
 * Downloads `urls` one after another through the session's own network path (its proxy, so the
 * address guard, its upstream and the byte meter; its user agent and cookies), each at most
 * 25 MiB and together at most 50 MiB. Failures are action_failed with reason `download_failed`
 * (network error, non-2xx status, too many redirects, 30 s passed) or `too_large`.
 */
export async function fetchFiles(path: FetchPath, urls: readonly string[], signal: AbortSignal): Promise<FetchedFile[]> {
  const dispatcher = new ProxyAgent({ uri: path.proxyUrl });
  try {
    const files: FetchedFile[] = [];
    let spent = 0;
    for (const url of urls) {
      const file = await fetchOne(path, dispatcher, url, spent, signal);
      spent += file.buffer.length;
      files.push(file);
    }
    return files;
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
