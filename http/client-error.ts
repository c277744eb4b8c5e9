import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../lib/contract/errors.js';
import { newRequestId } from '../lib/platform/ids.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import { errorBody } from './errors.js';

/** Where in the request Node's parser found the fault, by its error code, and what was wanted there. */
const FAULTS: Record<string, { path: string; expected: string }> = {
  HPE_INVALID_HEADER_TOKEN: { path: 'headers', expected: 'header names of token characters and values without NUL, CR or LF' },
  HPE_LF_EXPECTED: { path: 'headers', expected: 'header lines ending in CRLF, without a lone CR or LF inside' },
  HPE_CR_EXPECTED: { path: 'headers', expected: 'header lines ending in CRLF, without a lone CR or LF inside' },
  HPE_INVALID_URL: { path: 'url', expected: 'a path of printable ASCII characters (percent-encode the others)' },
  HPE_INVALID_METHOD: { path: 'method', expected: 'an HTTP method such as GET, POST or DELETE' },
  HPE_INVALID_VERSION: { path: 'version', expected: 'HTTP/1.1 or HTTP/1.0' },
  HPE_INVALID_CONTENT_LENGTH: { path: 'headers.content-length', expected: 'one Content-Length of decimal digits' },
  HPE_UNEXPECTED_CONTENT_LENGTH: { path: 'headers.content-length', expected: 'Content-Length or Transfer-Encoding, not both' },
  HPE_INVALID_TRANSFER_ENCODING: { path: 'headers.transfer-encoding', expected: 'Transfer-Encoding: chunked, last' },
};

/** What Node's parser hands `clientError`: its code, its reason in words, and the bytes it was reading. */
type ParserError = NodeJS.ErrnoException & { reason?: string; rawPacket?: Buffer };

/** What the client is told: 431 for headers past Node's limit, 408 for a request that did not arrive in time, else 400. */
function refusal(error: ParserError): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const limit = `${Math.round(maxHeaderSize / 1024)} KB`;
    return new ApiError(431, 'invalid_request', `The request line and headers are larger than ${limit}`, { path: 'headers', expected: `at most ${limit} of request line and headers` });
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError(408, 'invalid_request', 'The request did not arrive in full in time', { path: 'request', expected: 'the whole request without long pauses' });
  }
  // llhttp's reason names the fault ("Invalid header value char"), never the bytes that caused it.
  const reason = error.reason ?? error.message.replace(/^Parse Error: /, '');
  const fault = FAULTS[error.code ?? ''] ?? { path: 'request', expected: 'an HTTP/1.1 request' };
  return new ApiError(400, 'invalid_request', `The request could not be read: ${reason}`, fault);
}

/** The method of the refused request, when its first bytes name one (it goes to the log and a metric label). */
function methodOf(error: ParserError): string {
  return /^([A-Z]{3,7}) /.exec(error.rawPacket?.toString('latin1', 0, 8) ?? '')?.[1] ?? 'unknown';
}

/**
 * The server's `clientError` handler: a request Node's HTTP parser refuses (a NUL or lone CR in a
 * header, raw non-ASCII in the path, headers past the size limit, a timed-out request) never
 * reaches the app, so it is answered here as the app would: the contract's error body (400
 * invalid_request, 431 for the headers' size, 408 for the time) with an X-Request-Id, then the
 * connection is closed; it is logged and counted like any request, route `unmatched`.
 */
export function answerClientError(telemetry: Telemetry): (error: Error, socket: Duplex) => void {
  // The parser reports its fault again for every chunk that still arrives on the connection.
  const answered = new WeakSet<Duplex>();
  return (failure, socket) => {
    const error = failure as ParserError;
    if (answered.has(socket)) return;
    // Nothing can be said on a connection the client dropped, or inside an answer already begun there.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    const api = refusal(error);
    const requestId = newRequestId();
    const json = JSON.stringify(errorBody(api));
    const head = [
      `HTTP/1.1 ${api.status} ${STATUS_CODES[api.status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      `X-Request-Id: ${requestId}`,
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${json}`, () => socket.destroy());
    telemetry.request({ requestId, method: methodOf(error), route: null, status: api.status, ms: 0, code: api.code, parserError: error.code });
  };
}
