import { expect } from 'chai';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../lib/store/index.js';
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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

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
    const store = openStore(dataDir);
    key = store.createKey({ accountId: store.createAccount({ plan: 'pro', now: Date.now() }).id, test: false, now: Date.now() }).key;
    store.close();
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const post = (url: string, path: string, body: unknown) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('on SIGTERM ends every session cleanly, exits 0 and leaves no Chromium behind', async () => {
    const { child, url } = await serve(dataDir);
    const created = (await (await post(url, '/v1/sessions', { url: site.url('/') })).json()) as { session_id: string };
    const children = descendants(child.pid!);
    expect(children.length).to.be.greaterThan(0);
    child.kill('SIGTERM');
    expect(await exited(child)).to.equal(0);
    // Chromium's helper processes leave right after the browser process; give them a moment.
    for (let i = 0; i < 50 && children.some(alive); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(children.filter(alive).map((pid) => execFileSync('ps', ['-o', 'args=', '-p', String(pid)]).toString())).to.deep.equal([]);
    const store = openStore(dataDir);
    expect(store.getSession(created.session_id)).to.include({ status: 'failed', errorCode: 'engine_failure' });
    expect(store.getUsage(created.session_id)).to.not.equal(undefined);
    store.close();
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
