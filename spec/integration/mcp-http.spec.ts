import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { Tabwright } from '../../client/index.js';
import { browserSuite } from '../support/browser.js';
import { GREETER, PNG_SIGNATURE, resultText as text, sessionIn } from '../support/agent-pages.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};
const MCP_ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

describe('POST /mcp (MCP over Streamable HTTP)', function () {
  this.timeout(120_000);
  const t = browserSuite({ '/greeter': { body: GREETER } });
  let baseUrl: string;
  const clients: Client[] = [];

  beforeEach(async () => {
    baseUrl = await t.service.listen();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  /** An SDK Client connected to /mcp with `authorization`. */
  async function connect(authorization = t.auth.Authorization): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const client = new Client({ name: 'tabwright-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers: { Authorization: authorization } } });
    await client.connect(transport);
    clients.push(client);
    return { client, transport };
  }
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const tabwright = (): Tabwright => new Tabwright({ baseUrl, apiKey: t.auth.Authorization.slice('Bearer '.length) });

  it('lists the tools, each with a valid JSON Schema', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.include.members(['navigate', 'fill', 'click', 'screenshot', 'run_steps', 'session_open', 'session_close', 'session_list']);
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) expect(() => ajv.compile(tool.inputSchema), tool.name).not.to.throw();
  });

  it('opens a session, navigates, fills by label, clicks by text and takes a screenshot', async () => {
    const { client } = await connect();
    const session_id = sessionIn(await call(client, 'session_open', {}));
    expect(session_id).to.match(/^ses_/);
    expect(text(await call(client, 'navigate', { session_id, url: t.site.url('/greeter') }))).to.include('Greeter');
    expect((await call(client, 'fill', { session_id, label: 'Your name', value: 'Ada' })).isError).to.not.equal(true);
    const clicked = await call(client, 'click', { session_id, text: 'Greet me' });
    expect(clicked.isError).to.not.equal(true);
    expect(text(clicked)).to.include('Hello, Ada');
    const image = (await call(client, 'screenshot', { session_id })).content.find((part) => part.type === 'image');
    expect(image?.mimeType).to.equal('image/png');
    expect(Buffer.from(image?.type === 'image' ? image.data : '', 'base64').subarray(0, 8).equals(PNG_SIGNATURE)).to.equal(true);
  });

  it('answers a missing element as a tool error that keeps the page state', async () => {
    const { client } = await connect();
    await call(client, 'navigate', { url: t.site.url('/greeter') });
    const missed = await call(client, 'click', { text: 'No such button anywhere' });
    expect(missed.isError).to.equal(true);
    expect(text(missed)).to.include('element_not_found').and.include('Greeter');
  });

  it('gives each connection its own default session, closed when that connection ends', async () => {
    const first = await connect();
    const second = await connect();
    const one = sessionIn(await call(first.client, 'navigate', { url: t.site.url('/greeter') }));
    const two = sessionIn(await call(second.client, 'navigate', { url: t.site.url('/greeter') }));
    expect(one).to.match(/^ses_/);
    expect(two).to.match(/^ses_/).and.not.equal(one);
    expect(sessionIn(await call(first.client, 'fill', { label: 'Your name', value: 'One' }))).to.equal(one);

    // Ending the first connection (DELETE /mcp) closes its session and leaves the other's alone.
    await first.transport.terminateSession();
    const gone = await tabwright().getSession(one).catch((caught: unknown) => caught);
    expect(gone).to.include({ code: 'session_not_found' });
    expect((await tabwright().getSession(two)).status).to.equal('active');
  });

  it('refuses a request without a key, or with a bad one, with 401', async () => {
    for (const headers of [MCP_ACCEPT, { ...MCP_ACCEPT, Authorization: 'Bearer sk_live_nosuchkey' }]) {
      const answer = await fetch(new URL('/mcp', baseUrl), { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
      expect(answer.status).to.equal(401);
      expect(((await answer.json()) as { error: { code: string } }).error.code).to.equal('unauthorized');
    }
    const error = await connect('Bearer sk_live_nosuchkey').catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(Error);
  });

  it('keeps each key to its own sessions and MCP sessions', async () => {
    const mine = await connect();
    const session_id = sessionIn(await call(mine.client, 'navigate', { url: t.site.url('/greeter') }));
    const other = await connect(`Bearer ${t.service.key('pro')}`);
    const refused = await call(other.client, 'observe', { session_id });
    expect(refused.isError).to.equal(true);
    expect(text(refused)).to.include('session_not_found');

    // Another key cannot use this key's MCP session either.
    const headers = { ...MCP_ACCEPT, Authorization: `Bearer ${t.service.key('pro')}`, 'Mcp-Session-Id': mine.transport.sessionId ?? '', 'Mcp-Protocol-Version': '2025-06-18' };
    const answer = await fetch(new URL('/mcp', baseUrl), { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    expect(answer.status).to.equal(404);
    expect(((await answer.json()) as { error: { code: string } }).error.code).to.equal('not_found');
  });

  it("holds the key's plan limits: a Trial key gets one concurrent session", async () => {
    const { client } = await connect(`Bearer ${t.service.key('trial')}`);
    expect(sessionIn(await call(client, 'session_open'))).to.match(/^ses_/);
    const second = await call(client, 'session_open');
    expect(second.isError).to.equal(true);
    expect(text(second)).to.include('rate_limited').and.include('concurrent_sessions');
  });

  it('answers bad JSON and a first request that is not initialize with 400 invalid_request', async () => {
    const headers = { ...MCP_ACCEPT, ...t.auth };
    const bad = await fetch(new URL('/mcp', baseUrl), { method: 'POST', headers, body: '{"jsonrpc":' });
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).to.equal('invalid_request');
    const early = await fetch(new URL('/mcp', baseUrl), { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(early.status).to.equal(400);
    expect(((await early.json()) as { error: { context: { path: string } } }).error.context.path).to.equal('headers.mcp-session-id');
  });
});
