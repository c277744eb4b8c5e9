import { expect } from 'chai';
import { startFakeService, type Service } from '../support/service.js';

const PROTOCOL = '2025-06-18';
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'test', version: '1' } } };
const ACCEPT = 'application/json, text/event-stream';

describe('POST /mcp', () => {
  let service: Service;
  let auth: { Authorization: string };
  beforeEach(() => {
    service = startFakeService();
    auth = { Authorization: `Bearer ${service.key('trial')}` };
  });
  afterEach(() => service.stop());

  /** Initializes an MCP session and answers its id. */
  async function initialize(): Promise<string> {
    const res = await service.http.post('/mcp').set(auth).set('Accept', ACCEPT).send(INITIALIZE);
    expect(res.status).to.equal(200);
    expect(res.body).to.nested.include({ 'result.serverInfo.name': 'tabwright' });
    return res.headers['mcp-session-id'] as string;
  }
  const message = (sessionId: string, body: unknown) =>
    service.http.post('/mcp').set(auth).set('Accept', ACCEPT).set('Mcp-Session-Id', sessionId).set('Mcp-Protocol-Version', PROTOCOL).send(body as object);

  it('initializes an MCP session under the key and lists the tools in it', async () => {
    const id = await initialize();
    expect(id).to.be.a('string').and.not.equal('');
    expect((await message(id, { jsonrpc: '2.0', method: 'notifications/initialized' })).status).to.equal(202);
    const listed = await message(id, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(listed.status).to.equal(200);
    expect((listed.body as { result: { tools: unknown[] } }).result.tools.length).to.be.greaterThan(15);
  });

  it('counts each MCP message once against the rate limit, not the API requests its tools make', async () => {
    const id = await initialize();
    await message(id, { jsonrpc: '2.0', method: 'notifications/initialized' });
    // session_list makes a GET /v1/sessions of its own, over loopback, under the same key.
    const listed = await message(id, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'session_list', arguments: {} } });
    expect(listed.status).to.equal(200);
    expect(listed.body).to.nested.include({ 'result.content[0].type': 'text' });
    expect(listed.body.result.isError).to.equal(undefined);
    expect(listed.headers['x-ratelimit-remaining']).to.equal('57');
    const rest = await service.http.get('/v1/sessions').set(auth);
    expect(rest.headers['x-ratelimit-remaining']).to.equal('56');
  });

  it('refuses a request without a key with 401 unauthorized', async () => {
    const res = await service.http.post('/mcp').set('Accept', ACCEPT).send(INITIALIZE);
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('unauthorized');
  });

  it('answers an MCP session that ended, or another key\'s, with 404 not_found', async () => {
    const id = await initialize();
    const other = await service.http
      .post('/mcp')
      .set({ Authorization: `Bearer ${service.key()}` })
      .set('Accept', ACCEPT)
      .set('Mcp-Session-Id', id)
      .set('Mcp-Protocol-Version', PROTOCOL)
      .send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(other.status).to.equal(404);
    expect(other.body.error).to.include({ code: 'not_found' });

    const closed = await service.http.delete('/mcp').set(auth).set('Mcp-Session-Id', id).set('Mcp-Protocol-Version', PROTOCOL);
    expect(closed.status).to.equal(200);
    const after = await message(id, { jsonrpc: '2.0', id: 3, method: 'tools/list' });
    expect(after.status).to.equal(404);
    expect(after.body.error.context).to.deep.equal({ mcp_session_id: id });
  });

  it('answers bad JSON and a first message that is not initialize with 400 invalid_request', async () => {
    const bad = await service.http.post('/mcp').set(auth).set('Accept', ACCEPT).set('Content-Type', 'application/json').send('{"jsonrpc":');
    expect(bad.status).to.equal(400);
    expect(bad.body.error.context.path).to.equal('body');
    const early = await service.http.post('/mcp').set(auth).set('Accept', ACCEPT).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(early.status).to.equal(400);
    expect(early.body.error.context.path).to.equal('headers.mcp-session-id');
  });

  it('answers a client that does not accept JSON with the transport\'s 406', async () => {
    const res = await service.http.post('/mcp').set(auth).set('Accept', 'text/html').send(INITIALIZE);
    expect(res.status).to.equal(406);
  });
});
