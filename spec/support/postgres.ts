// A throw-away PostgreSQL server for the tests of the PostgreSQL store: Debian's binaries
// (scripts/setup.mjs installs them), a fresh cluster in a temp folder, a free loopback port, fsync
// off, trust authentication on loopback only. initdb and postgres refuse to run as root, so as root
// they run as the `postgres` system user, in a folder it owns. Stopped by its pid; folder removed.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where Debian puts the server binaries, newest version first. */
function binaries(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql: run `node scripts/setup.mjs` as root, or `apt-get install postgresql`');
  return join(base, versions[0], 'bin');
}

/** A free loopback port, for a server started next. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs a binary as the `postgres` user when we are root, as ourselves otherwise. */
function asOwner(file: string, args: string[]): { file: string; args: string[] } {
  return process.getuid?.() === 0 ? { file: 'runuser', args: ['-u', 'postgres', '--', file, ...args] } : { file, args };
}

/** A running throw-away server; `database()` makes a fresh empty database for one test. */
export class TestPostgres {
  private databases = 0;
  private constructor(
    private readonly child: ChildProcess,
    private readonly folder: string,
    readonly port: number,
  ) {}

  /** Initialises a cluster in a fresh temp folder and starts its server; resolves once it accepts connections. */
  static async start(): Promise<TestPostgres> {
    const bin = binaries();
    const folder = mkdtempSync(join(tmpdir(), 'tabwright-pg-'));
    const data = join(folder, 'data');
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(folder, uid, gid);
    }
    chmodSync(folder, 0o700);
    const init = asOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--no-instructions']);
    try {
      execFileSync(init.file, init.args, { stdio: 'pipe' });
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
    const port = await freePort();
    // Sockets in our own folder, none in /var/run; loopback only; durability off, it is thrown away.
    const serve = asOwner(join(bin, 'postgres'), [
      '-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', folder,
      '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
    ]);
    const child = spawn(serve.file, serve.args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const server = new TestPostgres(child, folder, port);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const client = new pg.Client({ connectionString: server.url('postgres') });
      try {
        await client.connect();
        await client.end();
        return server;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (child.exitCode !== null || Date.now() > deadline) {
          await server.stop();
          throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${log}`, { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** The connection URL of `database` on this server. */
  url(database: string): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Creates a fresh empty database and answers its URL. */
  async database(): Promise<string> {
    const name = `t${process.pid}_${++this.databases}`;
    const admin = new pg.Client({ connectionString: this.url('postgres') });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    return this.url(name);
  }

  /**
   * Stops the server by its pid, waits for it to exit, and removes its folder. A smart shutdown
   * first, so connections that pools are closing end on their own (a fast one would fail them with
   * an error nobody listens to any more), then a fast one should a test have left a client open.
   */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      // The postmaster's own pid, not runuser's: runuser would SIGKILL the postmaster alone after
      // a while and leave its backends behind.
      const pidFile = join(this.folder, 'data', 'postmaster.pid');
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : NaN;
      const signal = (name: NodeJS.Signals) => (Number.isSafeInteger(pid) && pid > 0 ? process.kill(pid, name) : this.child.kill(name));
      signal('SIGTERM');
      const fast = setTimeout(() => signal('SIGINT'), 5_000);
      await exited;
      clearTimeout(fast);
    }
    rmSync(this.folder, { recursive: true, force: true });
  }
}
