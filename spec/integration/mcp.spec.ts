import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Tabwright } from '../../client/index.js';
import { browserSuite } from '../support/browser.js';
import { GREETER, PNG_SIGNATURE as PNG, resultText, sessionIn } from '../support/agent-pages.js';

// This file runs as dist/spec/integration/mcp.spec.js; the repository is three folders up.
const BIN = fileURLToPath(new URL('../../../bin/tabwright', import.meta.url));
const text = resultText;

describe('tabwright mcp (stdio, against a running server)', function () {
  this.timeout(120_000);
  const t = browserSuite({ '/greeter': { body: GREETER } });
  let client: Client | undefined;
  let apiKey: string;
  let baseUrl: string;

  beforeEach(async () => {
    baseUrl = await t.service.listen();
    apiKey = t.auth.Authorization.slice('Bearer '.length);
    client = new Client({ name: 'tabwright-test', version: '1.0.0' });
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', TABWRIGHT_URL: baseUrl, TABWRIGHT_API_KEY: apiKey };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'inherit' }));
  });
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });
  const call = async (name: string, args: Record<string, unknown>) => (await client!.callTool({ name, arguments: args })) as CallToolResult;

  it('lists a tool per step type and the session tools, each with a valid JSON Schema', async () => {
    const { tools } = await client!.listTools();
    expect(tools.map((tool) => tool.name)).to.include.members(['navigate', 'click', 'fill', 'type', 'screenshot', 'extract', 'execute_js', 'run_steps', 'session_open', 'session_close', 'session_list']);
    expect(tools.map((tool) => tool.name)).not.to.include('close');
    const ajv = new Ajv2020({ strict: false });
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).to.equal('object');
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.to.throw();
      expect(tool.description, tool.name).to.be.a('string').and.not.equal('');
    }
    const fill = tools.find((tool) => tool.name === 'fill');
    expect(fill?.inputSchema.properties).to.have.keys('value', 'ref', 'text', 'label', 'session_id');
  });

  it('opens a session, navigates, fills by label, clicks by text and takes a screenshot', async () => {
    const opened = await call('session_open', {});
    const session_id = sessionIn(opened);
    expect(session_id).to.match(/^ses_/);
    expect(text(await call('navigate', { session_id, url: t.site.url('/greeter') }))).to.include('Greeter');
    expect((await call('fill', { session_id, label: 'Your name', value: 'Ada' })).isError).to.not.equal(true);
    const clicked = await call('click', { session_id, text: 'Greet me' });
    expect(clicked.isError).to.not.equal(true);
    expect(text(clicked)).to.include('Hello, Ada');

    const shot = await call('screenshot', { session_id });
    const image = shot.content.find((part) => part.type === 'image');
    expect(image?.mimeType).to.equal('image/png');
    expect(Buffer.from(image?.type === 'image' ? image.data : '', 'base64').subarray(0, 8).equals(PNG)).to.equal(true);
  });

  it('answers a missing element as a tool error that keeps the page state and the advice', async () => {
    const session_id = sessionIn(await call('navigate', { url: t.site.url('/greeter') }));
    const missed = await call('click', { session_id, text: 'No such button anywhere' });
    expect(missed.isError).to.equal(true);
    expect(text(missed)).to.include('element_not_found').and.include('Greeter').and.include('what to do: observe again');
  });

  it('answers a bad argument as a tool error naming the field', async () => {
    const result = await call('navigate', { url: t.site.url('/greeter'), wait_timeout: -1 });
    expect(result.isError).to.equal(true);
    expect(text(result)).to.include('invalid_request').and.include('wait_timeout');
  });

  it('opens a default session on first use and closes it when the connection ends', async () => {
    const first = sessionIn(await call('navigate', { url: t.site.url('/greeter') }));
    const again = sessionIn(await call('fill', { label: 'Your name', value: 'Bo' }));
    expect(again).to.equal(first);
    const tabwright = new Tabwright({ baseUrl, apiKey });
    expect((await tabwright.getSession(first)).status).to.equal('active');
    await client!.close();
    client = undefined;
    const error = await tabwright.getSession(first).catch((caught: unknown) => caught);
    expect(error).to.include({ code: 'session_not_found' });
  });

  it('answers a tool error, not a protocol fault, when the server cannot be reached', async () => {
    const lost = new Client({ name: 'tabwright-test', version: '1.0.0' });
    // A port that was free a moment ago: the first tool call finds no server there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', TABWRIGHT_URL: `http://127.0.0.1:${port}`, TABWRIGHT_API_KEY: apiKey };
    await lost.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'inherit' }));
    try {
      const result = (await lost.callTool({ name: 'session_list', arguments: {} })) as CallToolResult;
      expect(result.isError).to.equal(true);
      expect(text(result)).to.include('could not be reached').and.include('ECONNREFUSED');
    } finally {
      await lost.close();
    }
  });
});
