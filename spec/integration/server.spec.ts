import { expect } from 'chai';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { openSqliteStore } from '../../lib/platform/store/sqlite/index.js';
import { testChromium } from '../support/chromium.js';
import { TestSite, html } from '../support/site.js';

const BIN = join(process.cwd(), 'bin', 'tabwright');

/** Starts `tabwright serve` on a random port and resolves with its URL once it says it listens. */
function serve(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'silent', TABWRIGHT_ALLOW_HOSTS: '127.0.0.1' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/** Process ids of every descendant of `pid`. */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=']).toString().trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (parent: number): void => {
    for (const [child, ppid] of table) if (ppid === parent && child !== undefined) (found.push(child), walk(child));
  };
  walk(pid);
  return found;
}

/** Process ids in the process group `group`. */
function groupMembers(group: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,pgid=']).toString().trim().split('\n').map((line) => line.trim().split(/\s+/).map(Number));
  return table.filter(([, pgid]) => pgid === group).map(([pid]) => pid!);
}

/** Whether `pid` still runs (a zombie, dead and waiting for a parent to reap it, does not). */
const alive = (pid: number): boolean => {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)]).toString().trim().startsWith('Z');
  } catch {
    return false;
  }
};

/** The command lines of those of `pids` still running after a moment for them to leave. */
async function survivors(pids: number[]): Promise<string[]> {
  // Chromium's helper processes leave right after the browser process; give them a moment.
  for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(alive).map((pid) => execFileSync('ps', ['-o', 'args=', '-p', String(pid)]).toString());
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

describe('tabwright serve', function () {
  this.timeout(60_000);
  let dataDir: string;
  let site: TestSite;
  let key: string;

  before(async () => {
    site = await TestSite.start({ '/': { body: html('Home', '<p>home</p>') } });
  });
  after(() => site.stop());
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tabwright-serve-'));
    const store = openSqliteStore(dataDir);
    key = store.sync.createKey({ accountId: store.sync.createAccount({ plan: 'pro', now: Date.now() }).id, test: false, now: Date.now() }).key;
    void store.close();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const post = (url: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`on ${signal} ends every session cleanly, exits 0 and leaves no Chromium behind`, async () => {
      const { child, url } = await serve(dataDir);
      const created = (await (await post(url, '/v1/sessions', { url: site.url('/') })).json()) as { session_id: string };
      const children = descendants(child.pid!);
      expect(children.length).to.be.greaterThan(0);
      child.kill(signal);
      expect(await exited(child)).to.equal(0);
      expect(await survivors(children)).to.deep.equal([]);
      const store = openSqliteStore(dataDir);
      expect(store.sync.getSession(created.session_id)).to.include({ status: 'failed', errorCode: 'engine_failure' });
      expect(store.sync.getUsage(created.session_id)).to.not.equal(undefined);
      void store.close();
    });
  }

  it('stops at once on SIGTERM while Chromium is still launching: exit 0, nothing left running', async () => {
    // A Chromium that takes a minute to start: the wrapper notes its pid, then waits before exec'ing the real one.
    const wrapper = join(dataDir, 'slow-chromium');
    writeFileSync(wrapper, `#!/bin/sh\necho "$$" > "$0.pid"\nsleep 60\nexec ${testChromium()} "$@"\n`);
    chmodSync(wrapper, 0o755);
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'silent', CHROMIUM_PATH: wrapper },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    for (let i = 0; i < 300 && !existsSync(`${wrapper}.pid`); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const launching = Number(readFileSync(`${wrapper}.pid`, 'utf8'));
    // The wrapper leads its process group (Playwright starts the browser detached); its sleep is in it too.
    const group = groupMembers(launching);
    expect(group).to.include(launching);
    const sent = performance.now();
    child.kill('SIGTERM');
    expect(await exited(child)).to.equal(0);
    const took = performance.now() - sent;
    expect(took, `exited after ${Math.round(took)} ms`).to.be.below(5_000);
    expect(out).to.equal('');
    expect(await survivors(group)).to.deep.equal([]);
  });

  it('records sessions a killed process left active as failed when it starts again', async () => {
    const first = await serve(dataDir);
    const created = (await (await post(first.url, '/v1/sessions', {})).json()) as { session_id: string };
    first.child.kill('SIGKILL');
    await exited(first.child);
    const second = await serve(dataDir);
    try {
      const info = (await (await fetch(`${second.url}/v1/sessions/${created.session_id}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as Record<string, unknown>;
      expect(info).to.include({ status: 'failed', error_code: 'engine_failure' });
    } finally {
      second.child.kill('SIGTERM');
      expect(await exited(second.child)).to.equal(0);
    }
  });

  it('closes a key\'s live sessions when keys revoke runs beside it, billed as closed', async () => {
    const { child, url } = await serve(dataDir);
    try {
      const created = (await (await post(url, '/v1/sessions', { url: site.url('/') })).json()) as { session_id: string };
      const revoked = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const cli = spawn(process.execPath, [BIN, 'keys', 'revoke', key.slice(0, 16), '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'silent' } });
        let out = '';
        cli.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        cli.once('exit', (code) => resolve({ code, out }));
      });
      expect(revoked.code).to.equal(0);
      expect(revoked.out).to.match(new RegExp(`^revoked key ${key.slice(0, 16)}… \\(key_\\w+, account acc_\\w+\\); closed 1 live session\n$`));
      expect((await fetch(`${url}/v1/sessions/${created.session_id}`, { headers: { Authorization: `Bearer ${key}` } })).status).to.equal(401);
      const store = openSqliteStore(dataDir);
      try {
        const row = store.sync.getSession(created.session_id)!;
        expect(row).to.include({ status: 'closed', errorCode: null, errorMessage: 'its API key was revoked' });
        expect(store.sync.getUsage(created.session_id)!.bytesDatacenter).to.be.greaterThan(0);
        const entries = store.sync.ledgerEntries(row.accountId).filter((entry) => entry.sessionId === created.session_id);
        expect(entries.map((entry) => entry.kind)).to.deep.equal(['debit']);
      } finally {
        void store.close();
      }
    } finally {
      child.kill('SIGTERM');
      expect(await exited(child)).to.equal(0);
    }
  });

  it('answers a request its HTTP parser refuses with the error body and a request id', async () => {
    const { child, url } = await serve(dataDir);
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(url).port), new URL(url).hostname);
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        socket.write(`GET /v1/sessions HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${key}\0\r\n\r\n`);
      });
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).to.match(/^HTTP\/1\.1 400 /);
      expect(head).to.match(/\r\nX-Request-Id: req_[0-9a-z]{24}\r\n/);
      expect(JSON.parse(body)).to.deep.include({ error: { code: 'invalid_request', message: 'The request could not be read: Invalid header value char', context: { path: 'headers', expected: 'header names of token characters and values without NUL, CR or LF' } } });
    } finally {
      child.kill('SIGTERM');
      expect(await exited(child)).to.equal(0);
    }
  });

  it('says what is wrong with a bad flag value and exits 2', () => {
    let failure: { status: number; stderr: Buffer } | undefined;
    try {
      execFileSync(process.execPath, [BIN, 'serve', '--port', 'nope', '--data-dir', dataDir], { stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number; stderr: Buffer };
    }
    expect(failure?.status).to.equal(2);
    expect(failure?.stderr.toString()).to.equal("tabwright: --port must be an integer from 0 to 65535, got 'nope'\n");
  });
});
