import { expect } from 'chai';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Tabwright, TabwrightError } from '../../client/index.js';

/** One answer the fake service gives, in order. */
interface Answer {
  /** Closes the connection instead of answering, as a network failure after the request arrived. */
  drop?: true;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const ENVELOPE = { session_id: 'ses_1', status: 'active' };
const NOT_FOUND = { error: { code: 'session_not_found', message: 'No session ses_9', context: { session_id: 'ses_9' } } };
const RATE_LIMITED = { error: { code: 'rate_limited', message: 'Too many requests', context: { limit: 'requests_per_minute' } } };
const ENGINE_DOWN = { error: { code: 'engine_unavailable', message: 'The browser engine is restarting; retry after 1 s' } };
const DROPPED: Answer = { drop: true, status: 0 };
const INVALID = { error: { code: 'invalid_request', message: 'steps[0].type is unknown', context: { path: 'steps[0].type', expected: 'a step type' } } };

/** A loopback server answering `answers` in turn and recording what it received. */
async function fakeService(answers: Answer[]): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const answer = answers[received.length - 1] ?? { status: 500, body: { error: { code: 'internal', message: 'no answer scripted' } } };
      if (answer.drop) {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': `req_${received.length}`, ...answer.headers });
      response.end(answer.body === undefined ? undefined : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

describe('tabwright/client Tabwright', () => {
  let server: Server | undefined;
  let waits: number[];
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function client(answers: Answer[], retry: { attempts?: number; maxWaitMs?: number } = {}) {
    const fake = await fakeService(answers);
    server = fake.server;
    waits = [];
    const tabwright = new Tabwright({ baseUrl: fake.url, apiKey: 'tw_test_key', retry: { ...retry, sleep: (ms) => Promise.resolve(void waits.push(ms)) } });
    return { tabwright, received: fake.received };
  }

  it('waits the Retry-After of a 429 and returns the 200 that follows', async () => {
    const { tabwright, received } = await client([{ status: 429, body: RATE_LIMITED, headers: { 'retry-after': '2' } }, { status: 200, body: { sessions: [], next_cursor: null } }]);
    expect(await tabwright.listSessions()).to.deep.equal({ sessions: [], next_cursor: null });
    expect(received).to.have.length(2);
    expect(waits).to.deep.equal([2000]);
    expect(received[1]?.headers.authorization).to.equal('Bearer tw_test_key');
  });

  it('retries a 503 twice with a growing backoff when no Retry-After is given', async () => {
    const { tabwright, received } = await client([{ status: 503, body: ENGINE_DOWN }, { status: 503, body: ENGINE_DOWN }, { status: 200, body: ENVELOPE }]);
    expect(await tabwright.act('ses_1', { steps: [{ observe: {} }] })).to.deep.equal(ENVELOPE);
    expect(received.map((request) => JSON.parse(request.body))).to.deep.equal([1, 2, 3].map(() => ({ steps: [{ observe: {} }] })));
    expect(waits).to.have.length(2);
    expect(waits[1]).to.be.above(waits[0] ?? Infinity);
  });

  it('does not retry a 400 and throws its code, message and context', async () => {
    const { tabwright, received } = await client([{ status: 400, body: INVALID }, { status: 200, body: ENVELOPE }]);
    const error = await tabwright.act('ses_1', { steps: [{ observe: {} }] }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(TabwrightError);
    expect(error).to.include({ status: 400, code: 'invalid_request', message: 'steps[0].type is unknown', requestId: 'req_1' });
    expect((error as TabwrightError).context).to.deep.equal(INVALID.error.context);
    expect(received).to.have.length(1);
  });

  it('sends the same Idempotency-Key on the retries of one create and a fresh one on the next create', async () => {
    const { tabwright, received } = await client([{ status: 429, body: RATE_LIMITED, headers: { 'retry-after': '1' } }, { status: 201, body: ENVELOPE }, { status: 201, body: ENVELOPE }]);
    await tabwright.createSession({ url: 'http://127.0.0.1/' });
    await tabwright.createSession({ url: 'http://127.0.0.1/' });
    const keys = received.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).to.be.a('string').and.not.equal('');
    expect(keys[1]).to.equal(keys[0]);
    expect(keys[2]).to.be.a('string').and.not.equal(keys[0]);
    expect(received[1]?.body).to.equal(received[0]?.body);
  });

  it('retries an act whose connection dropped with the same Idempotency-Key, and returns the answer that follows', async () => {
    const { tabwright, received } = await client([DROPPED, { status: 200, body: ENVELOPE }, { status: 200, body: ENVELOPE }]);
    expect(await tabwright.act('ses_1', { steps: [{ observe: {} }] })).to.deep.equal(ENVELOPE);
    await tabwright.act('ses_1', { steps: [{ observe: {} }] }, { idempotencyKey: 'step-7' });
    const keys = received.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).to.be.a('string').and.not.equal('');
    expect(keys.slice(1)).to.deep.equal([keys[0], 'step-7']);
    expect(received[1]?.body).to.equal(received[0]?.body);
    expect(waits).to.deep.equal([250]);
  });

  it('retries a dropped create too, and stops after its attempts', async () => {
    const { tabwright, received } = await client([DROPPED, { status: 201, body: ENVELOPE }, DROPPED, DROPPED, { status: 201, body: ENVELOPE }], { attempts: 2 });
    expect(await tabwright.createSession({})).to.deep.equal(ENVELOPE);
    const error = await tabwright.createSession({}).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(TypeError);
    expect(received).to.have.length(4);
  });

  it('does not resend a dropped request that carries no Idempotency-Key', async () => {
    const { tabwright, received } = await client([DROPPED, { status: 204 }]);
    const error = await tabwright.deleteSession('ses_1').catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(TypeError);
    expect(received).to.have.length(1);
    expect(waits).to.deep.equal([]);
  });

  it('uses the Idempotency-Key it is given', async () => {
    const { tabwright, received } = await client([{ status: 201, body: ENVELOPE }]);
    await tabwright.createSession({}, { idempotencyKey: 'order-42' });
    expect(received[0]?.headers['idempotency-key']).to.equal('order-42');
  });

  it('stops after its attempts and throws the last answer', async () => {
    const { tabwright, received } = await client([1, 2, 3, 4].map(() => ({ status: 503, body: ENGINE_DOWN, headers: { 'retry-after': '1' } })), { attempts: 3 });
    const error = await tabwright.getSession('ses_1').catch((caught: unknown) => caught);
    expect(error).to.include({ status: 503, code: 'engine_unavailable' });
    expect(received).to.have.length(3);
    expect(waits).to.deep.equal([1000, 1000]);
  });

  it('does not wait a Retry-After beyond its total budget', async () => {
    const { tabwright, received } = await client([{ status: 429, body: RATE_LIMITED, headers: { 'retry-after': '3600' } }, { status: 200, body: ENVELOPE }]);
    const error = await tabwright.getSession('ses_1').catch((caught: unknown) => caught);
    expect(error).to.include({ status: 429, code: 'rate_limited' });
    expect(received).to.have.length(1);
    expect(waits).to.deep.equal([]);
  });

  it('throws session_not_found for a 404 and reads a 204 delete as done', async () => {
    const { tabwright, received } = await client([{ status: 404, body: NOT_FOUND }, { status: 204 }]);
    const error = await tabwright.getSession('ses_9').catch((caught: unknown) => caught);
    expect(error).to.include({ status: 404, code: 'session_not_found' });
    await tabwright.deleteSession('ses_1');
    expect(received.map((request) => `${request.method} ${request.url}`)).to.deep.equal(['GET /v1/sessions/ses_9', 'DELETE /v1/sessions/ses_1']);
  });

  it('reads a download as its bytes, its type and its name (filename* first)', async () => {
    const disposition = 'attachment; filename="r_sum_.csv"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.csv';
    const { tabwright, received } = await client([{ status: 200, body: 'a,b', headers: { 'content-type': 'text/csv', 'content-disposition': disposition } }]);
    const file = await tabwright.getDownload('ses_1', 'dl_x');
    // The fake service writes its bodies as JSON: the bytes are the quoted text.
    expect(Buffer.from(file.bytes).toString()).to.equal('"a,b"');
    expect(file).to.include({ type: 'text/csv', name: 'résumé.csv' });
    expect(received.map((request) => request.url)).to.deep.equal(['/v1/sessions/ses_1/downloads/dl_x']);
  });

  it('names a body that is not the contract error unexpected_response', async () => {
    const { tabwright } = await client([{ status: 502, body: 'Bad gateway' }]);
    const error = await tabwright.listSessions().catch((caught: unknown) => caught);
    expect(error).to.include({ status: 502, code: 'unexpected_response' });
  });
});
