import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { takeOwnership } from '../../lib/platform/store/index.js';
import { openSqliteStore } from '../../lib/platform/store/sqlite/index.js';
import { seedKey, sessionFor, tempDir } from '../lib/platform/store/fixtures.js';

const BIN = fileURLToPath(new URL('../../../bin/tabwright', import.meta.url));

interface Exit {
  code: number | null;
  out: string;
  err: string;
}

/** Runs bin/tabwright as a program with exactly `env` (plus PATH) and waits for it to end. */
function tabwright(args: string[], env: Record<string, string>): Promise<Exit> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out, err })));
}

describe('tabwright serve (start-up failures)', function () {
  this.timeout(30_000);
  let dir: string;
  let data: string;
  /** A CHROMIUM_PATH that only notes it was started: a start that fails early must never run it. */
  let chromium: string;
  const started = (): boolean => existsSync(`${chromium}.started`);

  beforeEach(() => {
    dir = tempDir();
    data = join(dir, 'data');
    chromium = join(dir, 'chromium');
    writeFileSync(chromium, '#!/bin/sh\necho "$$" >> "$0.started"\nexit 1\n');
    chmodSync(chromium, 0o755);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const cases: Array<{ name: string; env: (dir: string) => Record<string, string>; lines: (dir: string) => string[] }> = [
    { name: 'a PORT that is no port', env: () => ({ PORT: 'abc' }), lines: () => ["PORT must be an integer from 0 to 65535, got 'abc'"] },
    {
      name: 'a LOG_LEVEL pino does not know',
      env: () => ({ LOG_LEVEL: 'verbose' }),
      lines: () => ["LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got 'verbose'"],
    },
    {
      name: 'a TABWRIGHT_PROXIES file that does not exist',
      env: (at) => ({ TABWRIGHT_PROXIES: join(at, 'proxies.json') }),
      lines: (at) => [`TABWRIGHT_PROXIES file ${join(at, 'proxies.json')} does not exist`],
    },
    {
      name: 'a TABWRIGHT_PROXIES file that is not JSON',
      env: (at) => {
        writeFileSync(join(at, 'proxies.json'), '{"datacenter": {"de": [');
        return { TABWRIGHT_PROXIES: join(at, 'proxies.json') };
      },
      lines: (at) => [`TABWRIGHT_PROXIES file ${join(at, 'proxies.json')} is not JSON (Unexpected end of JSON input)`],
    },
    { name: 'a CHROMIUM_PATH that does not exist', env: (at) => ({ CHROMIUM_PATH: join(at, 'no-chromium') }), lines: (at) => [`CHROMIUM_PATH ${join(at, 'no-chromium')} does not exist`] },
    {
      name: 'several bad values at once',
      env: () => ({ PORT: '70000', TABWRIGHT_CAPTCHA_TIMEOUT_MS: 'soon', TABWRIGHT_ALLOW_HOSTS: 'http://intranet' }),
      lines: () => [
        "PORT must be an integer from 0 to 65535, got '70000'",
        "TABWRIGHT_ALLOW_HOSTS has entries that are not a host name, IP address or CIDR: 'http://intranet'",
        "TABWRIGHT_CAPTCHA_TIMEOUT_MS must be a positive whole number of milliseconds, got 'soon'",
      ],
    },
  ];

  for (const { name, env, lines } of cases) {
    it(`prints one line per problem for ${name} and exits 2 before opening the store or launching Chromium`, async () => {
      const result = await tabwright(['serve', '--data-dir', data], { CHROMIUM_PATH: chromium, ...env(dir) });
      expect(result.err).to.equal(lines(dir).map((line) => `tabwright: ${line}\n`).join(''));
      expect(result.code).to.equal(2);
      expect(result.out).to.equal('');
      expect(started(), 'Chromium started').to.equal(false);
      expect(existsSync(data), 'store opened').to.equal(false);
    });
  }

  it('says the port is in use and exits 1 without launching Chromium or opening the store', async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const result = await tabwright(['serve', '--host', '127.0.0.1', '--port', String(port), '--data-dir', data], { CHROMIUM_PATH: chromium });
      expect(result.err).to.equal(`tabwright: port ${port} is in use\n`);
      expect(result.code).to.equal(1);
      expect(started(), 'Chromium started').to.equal(false);
      expect(existsSync(data), 'store opened').to.equal(false);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });

  it('refuses a data folder another process owns with one line and exits 1 without launching Chromium or failing its sessions', async () => {
    const store = openSqliteStore(data);
    const { record } = seedKey(store);
    const live = store.sync.insertSession(sessionFor(record, Date.now()));
    void store.close();
    const owner = takeOwnership(data);
    try {
      const result = await tabwright(['serve', '--port', '0', '--data-dir', data], { CHROMIUM_PATH: chromium });
      expect(result.err).to.equal(
        `tabwright: data folder ${data} is in use by another tabwright (serve or mcp); give this one another DATA_DIR (or --data-dir), ` +
          'or set TABWRIGHT_URL and TABWRIGHT_API_KEY to have mcp drive the running server\n',
      );
      expect(result.code).to.equal(1);
      expect(result.out).to.equal('');
      expect(started(), 'Chromium started').to.equal(false);
    } finally {
      owner.release();
    }
    const after = openSqliteStore(data);
    expect(after.sync.getSession(live.id)?.status).to.equal('active');
    void after.close();
  });

  it('ends accounts list on a bad LOG_LEVEL with the one line, no stack trace', async () => {
    mkdirSync(data);
    const result = await tabwright(['accounts', 'list', '--data-dir', data], { LOG_LEVEL: 'verbose' });
    expect(result).to.deep.equal({ code: 2, out: '', err: "tabwright: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got 'verbose'\n" });
  });
});
