// One attempt to deliver an event: the URL's host resolved and checked by the address guard at
// this moment (a name that resolved to a public address when it was set may since point inward:
// DNS rebinding), the connection made to exactly the address checked, the body POSTed once,
// redirects not followed (a 3xx is a failed attempt), and only a bounded start of the answer read.
import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { AddressGuard } from '../../network/address.js';
import { MAX_WEBHOOK_EXCERPT } from '../store/webhook-rows.js';

/** How an attempt is made. */
export interface AttemptOptions {
  guard: AddressGuard;
  /** Most milliseconds an attempt may take, connection to answer. */
  timeoutMs: number;
  /** Extra trusted certificate authorities (PEM, TABWRIGHT_WEBHOOK_CA_FILE), beside the system's. */
  ca: string | null;
  userAgent: string;
}

/** What an attempt came to: a status, or an error saying why there was none. */
export interface AttemptResult {
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
}

/** The most of an answer read for its excerpt, in bytes (a character takes at most 4). */
const READ_BYTES = MAX_WEBHOOK_EXCERPT * 4;
/** The longest error text kept. */
const MAX_ERROR = 300;

/** POSTs `body` to `url` with `headers`, once. */
export async function attempt(url: string, body: string, headers: Record<string, string>, options: AttemptOptions): Promise<AttemptResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const port = Number(target.port || 443);
  const verdict = await options.guard.check(host, port);
  if (!verdict.ok) return { statusCode: null, error: `refused: ${verdict.detail}`.slice(0, MAX_ERROR), excerpt: null };
  // Whatever the system would resolve now, the socket goes to the address the guard checked.
  const lookup: LookupFunction = (_name, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: verdict.address, family: verdict.family }]);
    else callback(null, verdict.address, verdict.family);
  };
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve(result);
    };
    const failed = (error: Error & { code?: string }): void =>
      settle({ statusCode: null, error: (error.code ? `${error.code}: ${error.message}` : error.message).slice(0, MAX_ERROR), excerpt: null });
    const outgoing = request(
      {
        host,
        port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': options.userAgent },
        lookup,
        // A fresh connection per attempt, so every one goes through this attempt's check.
        agent: false,
        ...(options.ca ? { ca: [...rootCertificates, options.ca] } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        const done = (): void => settle({ statusCode: response.statusCode ?? null, error: null, excerpt: excerptOf(Buffer.concat(chunks)) });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          bytes += chunk.length;
          // Enough is read: the rest of a large answer is not waited for.
          if (bytes >= READ_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => failed(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    outgoing.on('error', failed);
    outgoing.end(body);
  });
}

/** The start of an answer's body as text, at most MAX_WEBHOOK_EXCERPT characters; null when empty. */
function excerptOf(bytes: Buffer): string | null {
  const text = bytes.subarray(0, READ_BYTES).toString('utf8').slice(0, MAX_WEBHOOK_EXCERPT);
  return text === '' ? null : text;
}
