import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCP_ACCOUNT_FILE, takeOwnership } from '../../lib/platform/store/index.js';
import { openSqliteStore, type SqliteStore } from '../../lib/platform/store/sqlite/index.js';
import { testChromium } from '../support/chromium.js';
import { TestSite } from '../support/site.js';
import { GREETER, resultText, sessionIn } from '../support/agent-pages.js';

// This file runs as dist/spec/integration/mcp-embedded.spec.js; the repository is three folders up.
const BIN = fileURLToPath(new URL('../../../bin/tabwright', import.meta.url));

const text = resultText;

const inUse = (dir: string): string =>
  `tabwright: data folder ${dir} is in use by another tabwright (serve or mcp); give this one another DATA_DIR (or --data-dir), ` +
  'or set TABWRIGHT_URL and TABWRIGHT_API_KEY to have mcp drive the running server\n';

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

/** Runs bin/tabwright with `args` and `env` (stdin left open, as an MCP client would) until it exits. */
async function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await exited(child);
  return { code, out, err };
}

/** JSON-RPC over a child's stdin and stdout, newline-delimited as MCP's stdio transport is, without the SDK (which hides the exit code). */
function rawMcp(child: ChildProcess) {
  let buffer = '';
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  const stray: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      let message: { jsonrpc?: string; id?: number; result?: unknown; error?: unknown };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        stray.push(line);
        continue;
      }
      if (message.jsonrpc !== '2.0') stray.push(line);
      else if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? message.error);
    }
  });
  const send = (message: object): void => void child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  return {
    request: (method: string, params: object): Promise<unknown> =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        send({ id, method, params });
      }),
    notify: (method: string): void => send({ method }),
    /** What came on stdout that was not a JSON-RPC message, with what is left unterminated. */
    strays: (): string[] => (buffer ? [...stray, buffer] : stray),
  };
}

describe('tabwright mcp (stdio, embedded)', function () {
  this.timeout(120_000);
  let site: TestSite;
  let dir: string;
  let dataDir: string;
  const clients: Client[] = [];

  before(async () => {
    site = await TestSite.start({ '/greeter': { body: GREETER } });
  });
  after(() => site.stop());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tabwright-mcp-'));
    dataDir = join(dir, 'data');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the tests give the process: no TABWRIGHT_URL, so it runs the service itself. */
  const environment = (extra: Record<string, string> = {}): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    CHROMIUM_PATH: testChromium(),
    TABWRIGHT_ALLOW_HOSTS: '127.0.0.1',
    HOME: dir,
    ...extra,
  });

  /** An SDK client connected to a new embedded `tabwright mcp`, and its process id. */
  async function connect(env = environment({ DATA_DIR: dataDir })): Promise<{ client: Client; pid: number }> {
    const client = new Client({ name: 'tabwright-test', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'inherit' });
    await client.connect(transport);
    clients.push(client);
    return { client, pid: transport.pid! };
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
  const close = async (client: Client): Promise<void> => {
    clients.splice(clients.indexOf(client), 1);
    await client.close();
  };
  function inspect<T>(work: (store: SqliteStore) => T, at = dataDir): T {
    const store = openSqliteStore(at);
    try {
      return work(store);
    } finally {
      void store.close();
    }
  }

  it('lists the tools and drives a local page: navigate, fill by label, click by text, read the result', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.include.members(['navigate', 'click', 'fill', 'extract', 'run_steps', 'session_open', 'session_close', 'session_list']);
    expect(text(await call(client, 'navigate', { url: site.url('/greeter') }))).to.include('Greeter');
    expect((await call(client, 'fill', { label: 'Your name', value: 'Ada' })).isError).to.not.equal(true);
    const clicked = await call(client, 'click', { text: 'Greet me' });
    expect(clicked.isError).to.not.equal(true);
    expect(text(clicked)).to.include('Hello, Ada');
    const extracted = await call(client, 'extract', { greeting: '#out >> text' });
    expect(text(extracted)).to.include('{"greeting":"Hello, Ada"}');
  });

  it('closes its sessions (billed) and revokes the run key when the client closes, and keeps the account for the next run', async () => {
    const { client } = await connect();
    const first = sessionIn(await call(client, 'navigate', { url: site.url('/greeter') }));
    const opened = sessionIn(await call(client, 'session_open', {}));
    expect(first).to.match(/^ses_/);
    expect(opened).to.match(/^ses_/).and.not.equal(first);
    await close(client);

    const { account_id } = JSON.parse(readFileSync(join(dataDir, MCP_ACCOUNT_FILE), 'utf8')) as { account_id: string };
    inspect((store) => {
      expect(store.sync.getAccount(account_id)?.plan).to.equal('scale');
      const keys = store.sync.listKeys(account_id);
      expect(keys).to.have.length(1);
      expect(keys[0]!.revokedAt).to.be.a('number');
      for (const id of [first, opened]) {
        expect(store.sync.getSession(id)).to.include({ status: 'closed', accountId: account_id, keyId: keys[0]!.id, errorCode: null });
        expect(store.sync.getUsage(id)).to.not.equal(undefined);
      }
      const debits = store.sync.ledgerEntries(account_id).filter((entry) => entry.kind === 'debit');
      expect(debits.map((entry) => entry.sessionId)).to.have.members([first, opened]);
    });
    // The folder is free again: the process gave it up as it ended.
    takeOwnership(dataDir).release();

    const again = await connect();
    await call(again.client, 'session_list', {});
    await close(again.client);
    inspect((store) => {
      expect(store.sync.listAccounts().map((account) => account.id)).to.deep.equal([account_id]);
      const keys = store.sync.listKeys(account_id);
      expect(keys).to.have.length(2);
      expect(keys.every((key) => key.revokedAt !== null)).to.equal(true);
    });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} closes the default session, revokes the key, gives the folder up and exits 0, with only the protocol on stdout`, async () => {
      const child = spawn(process.execPath, [BIN, 'mcp'], { env: environment({ DATA_DIR: dataDir }), stdio: ['pipe', 'pipe', 'inherit'] });
      const mcp = rawMcp(child);
      try {
        await mcp.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
        mcp.notify('notifications/initialized');
        const navigated = (await mcp.request('tools/call', { name: 'navigate', arguments: { url: site.url('/greeter') } })) as CallToolResult;
        const id = sessionIn(navigated);
        expect(id).to.match(/^ses_/);
        child.kill(signal);
        expect(await exited(child)).to.equal(0);
        expect(mcp.strays(), 'stdout lines that are not JSON-RPC').to.deep.equal([]);
        inspect((store) => {
          expect(store.sync.getSession(id)).to.include({ status: 'closed' });
          expect(store.sync.getUsage(id)).to.not.equal(undefined);
          expect(store.sync.listKeys().every((key) => key.revokedAt !== null)).to.equal(true);
        });
        takeOwnership(dataDir).release();
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    });
  }

  it('refuses a second embedded mcp, and serve, on the data folder it owns; the first goes on', async () => {
    const { client } = await connect();
    const id = sessionIn(await call(client, 'navigate', { url: site.url('/greeter') }));
    const second = await run(['mcp'], environment({ DATA_DIR: dataDir }));
    expect(second).to.deep.equal({ code: 1, out: '', err: inUse(dataDir) });
    const serve = await run(['serve', '--port', '0', '--data-dir', dataDir], environment());
    expect(serve).to.deep.equal({ code: 1, out: '', err: inUse(dataDir) });
    // Neither took the first one's live session for an orphan.
    inspect((store) => expect(store.sync.getSession(id)?.status).to.equal('active'));
    expect(text(await call(client, 'fill', { label: 'Your name', value: 'Bo' }))).to.include(`session ${id}`);
  });

  it('fails at start with one line and exit 1 when Chromium does not launch, leaving the data folder free', async () => {
    const chromium = join(dir, 'chromium');
    writeFileSync(chromium, '#!/bin/sh\nexit 1\n');
    chmodSync(chromium, 0o755);
    const result = await run(['mcp'], environment({ DATA_DIR: dataDir, CHROMIUM_PATH: chromium }));
    expect(result.code).to.equal(1);
    expect(result.out).to.equal('');
    expect(result.err).to.match(new RegExp(`^tabwright: Chromium ${chromium} could not be launched \\(.+\\); the 'engine launch failed' line of the log has the whole error\n$`));
    takeOwnership(dataDir).release();
  });

  it('keeps its data in $XDG_DATA_HOME/tabwright when DATA_DIR is unset', async () => {
    const home = join(dir, 'xdg');
    const { client } = await connect(environment({ XDG_DATA_HOME: home }));
    await call(client, 'session_list', {});
    await close(client);
    expect(existsSync(join(home, 'tabwright', 'tabwright.db'))).to.equal(true);
    expect(existsSync(join(home, 'tabwright', MCP_ACCOUNT_FILE))).to.equal(true);
    expect(existsSync(dataDir)).to.equal(false);
  });

  it('after a SIGKILL leaves no lock behind: the next run starts, fails the orphan and revokes the dead run\'s key', async () => {
    const { client, pid } = await connect();
    const id = sessionIn(await call(client, 'navigate', { url: site.url('/greeter') }));
    const gone = new Promise<void>((resolve) => (client.onclose = resolve));
    process.kill(pid, 'SIGKILL');
    await gone;
    clients.splice(clients.indexOf(client), 1);
    const dead = inspect((store) => store.sync.listKeys().filter((key) => key.revokedAt === null));
    expect(dead).to.have.length(1);

    const next = await connect();
    await call(next.client, 'session_list', {});
    inspect((store) => {
      expect(store.sync.getSession(id)).to.include({ status: 'failed', errorCode: 'engine_failure' });
      expect(store.sync.listKeys().find((key) => key.id === dead[0]!.id)?.revokedAt).to.be.a('number');
    });
  });
});
