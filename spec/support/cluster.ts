// A throw-away cluster for `npm run test:cluster`: one PostgreSQL (spec/support/postgres.ts),
// three tabwright nodes started as `tabwright serve` processes on it, and nginx in front of them
// with deploy/nginx.conf, its ports rewritten to free loopback ones. Everything runs as a child of
// the test process and is stopped by its pid; the folders it made are removed.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, TestPostgres } from './postgres.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = join(root, 'bin', 'tabwright');

/** nginx's binary: Debian's (scripts/setup.mjs --cluster installs it), or NGINX_PATH. */
function nginxBinary(): string {
  const path = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (!existsSync(path)) throw new Error(`no nginx at ${path}: run \`npm run test:cluster\` (its set-up installs Debian's nginx) or set NGINX_PATH`);
  return path;
}

/** One tabwright node of the cluster. */
export interface ClusterNode {
  id: string;
  port: number;
  base: string;
  process: ChildProcess;
}

/** Polls `ready` (each try bounded by its own time-out: a server still starting may accept and not yet answer). */
async function waitFor(what: string, ready: () => Promise<boolean>, child: ChildProcess, log: () => string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} stopped before it was ready:\n${log()}`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${ms} ms:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends `child` with `signal` and waits for it to exit. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const hard = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(hard);
}

/** The running cluster. */
export class TestCluster {
  readonly nodes: ClusterNode[] = [];
  /** Nodes of startLoneNode: on the database, not behind nginx. */
  private readonly lone: ClusterNode[] = [];
  private nginx: ChildProcess | undefined;
  private readonly accounts = new Map<string, string>();
  /** TABWRIGHT_PROFILE_KEY: nodes sharing a database must share it, and serve refuses to start without it there. */
  private readonly profileKey = randomBytes(32).toString('hex');
  private constructor(
    readonly postgres: TestPostgres,
    readonly databaseUrl: string,
    private readonly folder: string,
    readonly nodeTimeoutSeconds: number,
    private readonly allowHosts: string,
  ) {}

  /** The address nginx listens on: `http://127.0.0.1:port`. */
  base = '';

  /** Starts PostgreSQL, `nodes` nodes named n1, n2, ... and nginx; on any failure stops what it started. */
  static async start(options: { nodes: number; nodeTimeoutSeconds: number; allowHosts: string }): Promise<TestCluster> {
    const postgres = await TestPostgres.start();
    const folder = mkdtempSync(join(tmpdir(), 'tabwright-cluster-'));
    const cluster = new TestCluster(postgres, await postgres.database(), folder, options.nodeTimeoutSeconds, options.allowHosts);
    try {
      // The schema is made once, by the first command, before three nodes race for it. Then they
      // start together, as a cluster's nodes would: each launch mostly waits on its own Chromium.
      cluster.cli(['accounts', 'list']);
      const ports: number[] = [];
      for (let i = 1; i <= options.nodes; i++) ports.push(await freePort());
      // startNode lists each node before its first wait, so the nodes keep the order n1, n2, ...
      await Promise.all(ports.map((port, i) => cluster.startNode(`n${i + 1}`, port)));
      await cluster.startNginx();
      return cluster;
    } catch (error) {
      await cluster.stop();
      throw error;
    }
  }

  /** The environment of every node and command: the shared database, a data folder of its own; `overrides` last. */
  private env(node: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    const dataDir = join(this.folder, node);
    mkdirSync(dataDir, { recursive: true });
    return {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: this.databaseUrl,
      DATA_DIR: dataDir,
      NODE_ID: node,
      TABWRIGHT_NODE_TIMEOUT_S: String(this.nodeTimeoutSeconds),
      TABWRIGHT_PROFILE_KEY: this.profileKey,
      TABWRIGHT_WARM_SESSIONS: '0',
      TABWRIGHT_ALLOW_HOSTS: this.allowHosts,
      LOG_LEVEL: 'warn',
      ...overrides,
    };
  }

  /** Runs a short command (`keys create ...`) against the shared database and answers its stdout. */
  cli(args: string[]): string {
    return execFileSync(CLI, args, { env: this.env('cli'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** A new key on a new account on `plan`: the last line `keys create` prints; its account is remembered for accountOf. */
  createKey(plan: 'trial' | 'starter' | 'pro' | 'scale'): string {
    const made = spawnSync(CLI, ['keys', 'create', '--plan', plan], { env: this.env('cli'), encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`keys create failed: ${made.stderr}`);
    const key = made.stdout.trim().split('\n').at(-1)!.trim();
    const account = /created account (acc_[0-9a-z]+)/.exec(made.stderr)?.[1];
    if (!account) throw new Error(`keys create named no account: ${made.stderr}`);
    this.accounts.set(key, account);
    return key;
  }

  /** The account a key of createKey was made on. */
  accountOf(key: string): string {
    const account = this.accounts.get(key);
    if (!account) throw new Error('not a key of createKey');
    return account;
  }

  private async startNode(id: string, port: number, into: ClusterNode[] = this.nodes, overrides: NodeJS.ProcessEnv = {}): Promise<ClusterNode> {
    const child = spawn(CLI, ['serve', '--host', '127.0.0.1', '--port', String(port)], { env: this.env(id, overrides), stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    const node: ClusterNode = { id, port, base: `http://127.0.0.1:${port}`, process: child };
    into.push(node);
    await waitFor(`node ${id}`, async () => (await fetch(`${node.base}/health`, { signal: AbortSignal.timeout(2_000) })).ok, child, () => log);
    return node;
  }

  /**
   * One more node on the shared database that nginx does not know, with `env` over the cluster's
   * (another TABWRIGHT_PROFILE_KEY, say): stop it with stopLoneNode, or stop stops it.
   */
  async startLoneNode(id: string, env: NodeJS.ProcessEnv): Promise<ClusterNode> {
    return this.startNode(id, await freePort(), this.lone, env);
  }

  /** Stops a node of startLoneNode as an operator would (SIGTERM). */
  async stopLoneNode(node: ClusterNode): Promise<void> {
    await stopChild(node.process);
    const at = this.lone.indexOf(node);
    if (at >= 0) this.lone.splice(at, 1);
  }

  private async startNginx(): Promise<void> {
    const port = await freePort();
    const prefix = join(this.folder, 'nginx');
    mkdirSync(join(prefix, 'logs'), { recursive: true });
    let conf = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8');
    // The shipped file's addresses (8080 for nginx, 8081... for the nodes) become this run's ports.
    conf = conf.replace('listen 8080;', `listen 127.0.0.1:${port};`);
    this.nodes.forEach((node, i) => (conf = conf.replaceAll(`127.0.0.1:${8081 + i}`, `127.0.0.1:${node.port}`)));
    conf = conf.replace('http {', `http {\n  access_log off;\n  client_body_temp_path ${prefix}/body;\n  proxy_temp_path ${prefix}/proxy;\n`);
    const file = join(prefix, 'nginx.conf');
    writeFileSync(file, conf);
    const child = spawn(nginxBinary(), ['-p', prefix, '-c', file, '-g', `daemon off; pid ${prefix}/nginx.pid; error_log ${prefix}/logs/error.log warn;`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.nginx = child;
    this.base = `http://127.0.0.1:${port}`;
    const log = () => (existsSync(join(prefix, 'logs', 'error.log')) ? readFileSync(join(prefix, 'logs', 'error.log'), 'utf8').slice(-4000) : '');
    await waitFor('nginx', async () => (await fetch(`${this.base}/health`, { signal: AbortSignal.timeout(2_000) })).ok, child, log);
  }

  /** kill -9 of one node: its browser goes with it, its sessions stay active in the database. */
  async kill(id: string): Promise<void> {
    const node = this.nodes.find((n) => n.id === id);
    if (!node) throw new Error(`no node ${id}`);
    const exited = new Promise<void>((resolve) => node.process.once('exit', () => resolve()));
    node.process.kill('SIGKILL');
    await exited;
  }

  /** Stops nginx and every node (SIGTERM, as an operator would), then PostgreSQL; removes the folders. */
  async stop(): Promise<void> {
    if (this.nginx) await stopChild(this.nginx, 'SIGQUIT');
    await Promise.all([...this.nodes, ...this.lone].map((node) => stopChild(node.process)));
    await this.postgres.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}
