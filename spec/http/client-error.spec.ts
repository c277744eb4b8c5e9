import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { answerClientError } from '../../http/client-error.js';
import { captureLog, type LogCapture } from '../support/log-capture.js';
import { componentProblems } from '../support/openapi.js';
import { Scrape } from '../support/prometheus.js';

/** What came back on a raw connection: the status line, the headers (names lower-cased) and the body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `bytes` as they are on a new TCP connection and reads until the server closes it. */
function send(port: number, bytes: Buffer | string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(bytes);
  });
}

const request = (...headers: string[]): string => `GET /v1/sessions HTTP/1.1\r\nHost: localhost\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

describe('requests the HTTP parser refuses (clientError)', () => {
  let server: Server;
  let port: number;
  let capture: LogCapture;
  beforeEach(async () => {
    capture = captureLog();
    server = createServer((_req, res) => res.end('{}'));
    server.on('clientError', answerClientError(capture.telemetry));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const cases: Array<[string, () => Buffer | string, number, string]> = [
    ['a NUL in a header value', () => request('X-Note: a\0b'), 400, 'headers'],
    ['a NUL in a header name', () => request('X-No\0te: a'), 400, 'headers'],
    ['a lone CR in a header value', () => request('X-Note: a\rb'), 400, 'headers'],
    ['a raw non-ASCII byte in the path', () => Buffer.concat([Buffer.from('GET /v1/sessions/caf'), Buffer.from([0xc3, 0xa9]), Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n')]), 400, 'url'],
    ['20 KB of headers', () => request(...Array.from({ length: 20 }, (_, i) => `X-Filler-${i}: ${'a'.repeat(1024)}`)), 431, 'headers'],
    ['an unknown method', () => 'G@T / HTTP/1.1\r\nHost: localhost\r\n\r\n', 400, 'method'],
  ];
  for (const [what, bytes, status, path] of cases) {
    it(`answers ${what} with ${status}, the error body, a request id and Connection: close`, async () => {
      const answer = await send(port, bytes());
      expect(answer.status).to.equal(status);
      expect(answer.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(answer.headers.connection).to.equal('close');
      expect(answer.headers['x-request-id']).to.match(/^req_[0-9a-z]{24}$/);
      expect(Number(answer.headers['content-length'])).to.equal(Buffer.byteLength(answer.body));
      const body = JSON.parse(answer.body) as { error: { code: string; message: string; context: Record<string, unknown> } };
      expect(Object.keys(body)).to.deep.equal(['error']);
      expect(body.error.code).to.equal('invalid_request');
      expect(body.error.message).to.be.a('string').and.not.equal('');
      expect(body.error.context.path).to.equal(path);
      expect(body.error.context.expected).to.be.a('string');
      if (status === 431) expect(body.error.message).to.match(/headers.*16 KB/);
      expect(componentProblems('UnreadableRequest', body)).to.deep.equal([]);
    });
  }

  it('logs each as a request line with its id, and counts it', async () => {
    const answer = await send(port, request('X-Secret: sk_live_not_to_be_logged\0'));
    const [line] = capture.lines('request');
    expect(line).to.include({ request_id: answer.headers['x-request-id'], method: 'GET', route: 'unmatched', status: 400, code: 'invalid_request', parser_error: 'HPE_INVALID_HEADER_TOKEN' });
    expect(capture.text()).to.not.include('sk_live_not_to_be_logged');
    const scrape = new Scrape(await capture.telemetry.metrics.registry.metrics());
    expect(scrape.value('tabwright_http_requests_total', { method: 'GET', route: 'unmatched', status: '400' })).to.equal(1);
  });

  it('answers once however much more arrives on the refused connection', async () => {
    const answer = await send(port, `${request('X-Note: a\0b')}${request()}${'x\0'.repeat(5_000)}`);
    expect(answer.status).to.equal(400);
    expect(JSON.parse(answer.body)).to.have.nested.property('error.code', 'invalid_request');
    expect(capture.lines('request')).to.have.length(1);
  });

  it('still answers a good request on the same server', async () => {
    const answer = await send(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.status).to.equal(200);
    expect(capture.lines('request')).to.deep.equal([]);
  });
});
