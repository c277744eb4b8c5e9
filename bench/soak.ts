// npm run soak: memory over many sessions. Starts `tabwright serve` as a child process on a
// loopback port with a fresh data folder, serves a small form from this process, and runs
// SOAK_CYCLES (1,000) create-with-url → act (fill, click, observe) → delete cycles,
// SOAK_CONCURRENCY (4) at a time. Every SOAK_EVERY (100) cycles, with no session open, it prints
// the server's RSS as found and after a full garbage collection (asked through its inspector, so
// figures taken at different points of V8's collection cycle compare), its JS heap and open
// files, Chromium's browser process, and the RSS, PSS and count of the whole process tree; then
// the same after SOAK_IDLE_MS (10 s) idle, the growth from the first report to the last, and
// whether that kept to the targets (no more processes, the tree's own memory under 10% more).
// SOAK_HEAP_AT=100,1000 also writes heap snapshots of the server at those cycles (into a folder
// it names; writing one costs memory of its own, so such a run's figures are not the soak's);
// SOAK_NODE_FLAGS passes Node flags to the server (`--trace-gc`), whose output goes to its log.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { TestSite, html } from '../spec/support/site.js';
import { Inspector } from './inspector.js';
import { identity, treeMemory, type TreeMemory } from './process-tree.js';
import { loadAverage } from './stats.js';
import { setting } from './settings.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const CYCLES = setting('SOAK_CYCLES', 1_000);
const CONCURRENCY = setting('SOAK_CONCURRENCY', 4);
const EVERY = setting('SOAK_EVERY', 100);
const IDLE_MS = setting('SOAK_IDLE_MS', 10_000);
const HEAP_AT = new Set((process.env.SOAK_HEAP_AT ?? '').split(',').filter(Boolean).map(Number));
/** Node flags for the server, for a closer look (`--trace-gc`, `--max-semi-space-size=...`): its stdout goes to the log file. */
const NODE_FLAGS = (process.env.SOAK_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** How long the server may take to start, and to stop after SIGTERM. */
const START_CAP_MS = 60_000;
const STOP_CAP_MS = 30_000;
/** How long writing a heap snapshot may take. */
const SNAPSHOT_CAP_MS = 300_000;

const site = await TestSite.start({
  '/': {
    body: html(
      'Soak form',
      '<main><h1>Soak form</h1><p>A form to fill in, once per session.</p>' +
        '<form action="/done" method="get"><label>Name <input name="name"></label> <button>Send</button></form></main>',
    ),
  },
  '/done': { body: html('Soak done', '<main><h1>Thanks</h1><p>Received.</p></main>') },
});
const dataDir = mkdtempSync(join(tmpdir(), 'tabwright-soak-'));
const heapDir = HEAP_AT.size ? mkdtempSync(join(tmpdir(), 'tabwright-soak-heap-')) : undefined;
const tabwright = join(root, 'bin', 'tabwright');
const serverEnv = { ...process.env, TABWRIGHT_ALLOW_HOSTS: '127.0.0.1' };
// The server logs as it would in service (info, JSON lines), to a file: the terminal shows the
// figures. The file is kept when something in it needs reading (warnings, errors, SOAK_NODE_FLAGS).
const logDir = mkdtempSync(join(tmpdir(), 'tabwright-soak-log-'));
const logFile = join(logDir, 'server.log');

/** A Scale key made by `tabwright keys create`, as an operator would: the key alone on its last line of output. */
function createKey(): string {
  const made = spawnSync(process.execPath, [tabwright, 'keys', 'create', '--plan', 'scale', '--data-dir', dataDir], { env: serverEnv, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`tabwright keys create failed (${made.status}): ${made.stderr.trim()}`);
  return made.stdout.trim().split('\n').at(-1)!;
}

/** Starts `tabwright serve --port 0` and resolves with the process and its URL from the `listening on` line. */
async function startServer(): Promise<{ server: ChildProcess; base: string }> {
  // The inspector is how the soak asks for a full collection before it measures: on loopback, on
  // any free port, for the soak's duration (any local user could attach meanwhile; it is a bench).
  const flags = ['--inspect=127.0.0.1:0', ...NODE_FLAGS, ...(heapDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`] : [])];
  const log = openSync(logFile, 'a');
  const server = spawn(process.execPath, [...flags, tabwright, 'serve', '--port', '0', '--data-dir', dataDir], { env: serverEnv, stdio: ['ignore', 'pipe', log] });
  closeSync(log);
  const listening = new Promise<string>((resolve, reject) => {
    let out: string | undefined = '';
    const timer = setTimeout(() => reject(new Error('the server did not say it was listening in time')), START_CAP_MS);
    server.stdout!.on('data', (chunk: Buffer) => {
      appendFileSync(logFile, chunk);
      if (out === undefined) return;
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        out = undefined;
        resolve(match[1]!);
      }
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
  });
  try {
    return { server, base: await listening };
  } catch (error) {
    // serve ends a start-up cleanly on SIGTERM, Chromium included.
    server.kill('SIGTERM');
    throw error;
  }
}

let key: string;
let running: Awaited<ReturnType<typeof startServer>>;
try {
  key = createKey();
  running = await startServer();
} catch (error) {
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (heapDir) rmSync(heapDir, { recursive: true, force: true });
  if (existsSync(logFile)) console.log(`the soak could not start; the server's log: ${logFile}`);
  else rmSync(logDir, { recursive: true, force: true });
  throw error;
}
const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
const { server, base } = running;
const pid = server.pid!;
let inspector: Inspector | undefined;

async function call(method: string, path: string, body?: object): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** One session's life; throws with what went wrong. */
async function cycle(n: number): Promise<void> {
  const created = await call('POST', '/v1/sessions', { url: site.url('/') });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.json?.error)}`);
  const id = created.json!.session_id as string;
  const acted = await call('POST', `/v1/sessions/${id}/act`, {
    steps: [{ fill: { label: 'Name', value: `cycle ${n}` } }, { click: { text: 'Send' } }, { observe: {} }],
  });
  // Deleted whatever the act answered, so a failed cycle leaves no session open.
  const deleted = await call('DELETE', `/v1/sessions/${id}`);
  if (acted.status !== 200 || acted.json?.error) throw new Error(`act answered ${acted.status}: ${JSON.stringify(acted.json?.error)}`);
  const title = (acted.json!.page as { title?: string } | null)?.title;
  if (title !== 'Soak done') throw new Error(`the act ended on '${title}', not the form's answer`);
  if (deleted.status !== 204) throw new Error(`delete answered ${deleted.status}: ${JSON.stringify(deleted.json?.error)}`);
}

/** The server's JS heap in use and its external memory (ArrayBuffers, native handles), in kB, from /metrics. */
async function jsHeap(): Promise<{ used: number; external: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const figure = (name: string): number => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 1024;
  return { used: figure('nodejs_heap_size_used_bytes'), external: figure('nodejs_external_memory_bytes') };
}

/** Asks the server for a heap snapshot and waits until it is written (the write blocks the server's loop). */
async function heapSnapshot(): Promise<string> {
  const before = new Set(readdirSync(heapDir!));
  process.kill(pid, 'SIGUSR2');
  for (const asked = Date.now(); ; ) {
    if (Date.now() - asked > SNAPSHOT_CAP_MS) throw new Error(`no heap snapshot within ${SNAPSHOT_CAP_MS / 1000} s`);
    await sleep(200);
    const file = readdirSync(heapDir!).find((name) => name.endsWith('.heapsnapshot') && !before.has(name));
    // An answer from the server means its loop is free again, so the synchronous write is done.
    // A kept-alive connection may have timed out on the server's side meanwhile: such a failure just asks again.
    if (file && (await fetch(`${base}/health`).then((res) => res.ok, () => false))) return join(heapDir!, file);
  }
}

const started = performance.now();
let errors = 0;
const firstErrors: string[] = [];
const mb = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;

/** One report's figures: the tree as found, then after a full collection in the server. */
interface Figures {
  found: TreeMemory;
  collected: TreeMemory;
}

async function report(label: string): Promise<Figures> {
  const found = treeMemory(pid);
  await inspector!.collectGarbage();
  const collected = treeMemory(pid);
  const heap = await jsHeap();
  const elapsed = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `${label.padEnd(12)} ${`${elapsed} s`.padStart(6)}  errors ${String(errors).padStart(3)}  server rss ${mb(found.rootRss).padStart(8)}, after gc ${mb(collected.rootRss).padStart(8)}` +
      `  heap ${mb(heap.used).padStart(7)}  external ${mb(heap.external).padStart(6)}  fds ${String(collected.rootFds).padStart(3)}  chromium rss ${mb(collected.childrenRss).padStart(8)}` +
      `  tree rss ${mb(collected.treeRss).padStart(8)}  pss ${mb(collected.treePss).padStart(8)}  anon ${mb(collected.treeAnon).padStart(8)}` +
      `  processes ${String(collected.live).padStart(2)}  load ${loadAverage()}`,
  );
  console.log(`${''.padEnd(12)} processes: ${collected.kinds}`);
  return { found, collected };
}

const change = (from: number, to: number): number => ((to - from) / from) * 100;
const growth = (from: number, to: number): string => `${to >= from ? '+' : ''}${change(from, to).toFixed(1)}%`;
/** The issue's bar after warm-up: no more processes, and the tree's own memory grown by less than this. */
const TARGET_GROWTH_PERCENT = 10;

/** Whether the tree kept to the targets from `from` to `to`: its processes and its own (anonymous) memory. */
function targetLine(label: string, from: Figures, to: Figures): string {
  // Zombies are processes that have ended and wait for Chromium's zygote to reap them: not counted.
  const [before, after] = [from.collected.live, to.collected.live];
  const anon = change(from.collected.treeAnon, to.collected.treeAnon);
  const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');
  return (
    `targets from cycle ${EVERY} to ${label}: processes ${before} → ${after} (no growth: ${met(after <= before)}), ` +
    `tree anon ${growth(from.collected.treeAnon, to.collected.treeAnon)} (under ${TARGET_GROWTH_PERCENT}%: ${met(anon < TARGET_GROWTH_PERCENT)})`
  );
}
const growthLine = (label: string, from: Figures, to: Figures): string =>
  `growth from cycle ${EVERY} to ${label}: server rss ${growth(from.found.rootRss, to.found.rootRss)} (after gc ${growth(from.collected.rootRss, to.collected.rootRss)}),` +
  ` chromium rss ${growth(from.collected.childrenRss, to.collected.childrenRss)}, tree pss ${growth(from.collected.treePss, to.collected.treePss)}, tree anon ${growth(from.collected.treeAnon, to.collected.treeAnon)}`;

/** Runs the cycles, reporting every EVERY of them and once more idle, then the growth from the first report. */
async function soak(): Promise<void> {
  // Node wrote the inspector's address to stderr (the log file) before the server said it listens.
  const inspectorUrl = /Debugger listening on (ws:\/\/\S+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
  if (!inspectorUrl) throw new Error(`the server's inspector did not say where it listens (see ${logFile})`);
  inspector = await Inspector.connect(inspectorUrl);
  console.log(`soak: ${CYCLES} cycles (create with url, fill + click + observe, delete), ${CONCURRENCY} at a time, server pid ${pid} at ${base}`);
  let measured = await report('start');
  let first: Figures | undefined;
  for (let done = 0; done < CYCLES; ) {
    let next = done;
    const end = Math.min(done + EVERY, CYCLES);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < end) {
          const n = ++next;
          await cycle(n).catch((error: unknown) => {
            errors++;
            if (firstErrors.length < 5) firstErrors.push(`cycle ${n}: ${error instanceof Error ? error.message : String(error)}`);
          });
        }
      }),
    );
    done = end;
    measured = await report(`cycle ${done}`);
    first ??= measured;
    if (HEAP_AT.has(done)) console.log(`  heap snapshot: ${await heapSnapshot()}`);
  }
  const last = measured;
  await sleep(IDLE_MS);
  const idle = await report(`idle ${IDLE_MS / 1000} s`);
  if (first && first !== last) {
    console.log(growthLine(`cycle ${CYCLES}`, first, last));
    console.log(growthLine('idle', first, idle));
    console.log(targetLine(`cycle ${CYCLES}`, first, last));
    console.log(targetLine('idle', first, idle));
    if (heapDir) console.log('(heap snapshots were written during the run: the memory that took is in these figures)');
  }
  for (const line of firstErrors) console.log(`error: ${line}`);
}

/** Stops the server by its pid (SIGTERM, SIGKILL after STOP_CAP_MS) and kills any of `tree` that outlived it; true when all went cleanly. */
async function stopServer(tree: number[]): Promise<boolean> {
  // Identities now, while they are known to be the server's: the ids may be reused once they end.
  const ours = tree.filter((p) => p !== pid).map(identity).filter((id): id is string => id !== undefined);
  // A process with an inspector client attached waits for it to leave before it exits.
  await inspector?.close();
  const exited = new Promise<number | null>((resolve) => (server.exitCode !== null ? resolve(server.exitCode) : server.once('exit', resolve)));
  server.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(STOP_CAP_MS, 'timeout' as const)]);
  if (code === 'timeout') {
    console.log(`the server did not stop within ${STOP_CAP_MS / 1000} s of SIGTERM: killed`);
    server.kill('SIGKILL');
    await exited;
  }
  await sleep(500);
  const left = ours.filter((id) => identity(Number.parseInt(id)) === id).map((id) => Number.parseInt(id));
  if (left.length) console.log(`processes left behind (now killed): ${left.join(' ')}`);
  for (const p of left) process.kill(p, 'SIGKILL');
  const warnings = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(40|50|60)/.test(line));
  console.log(`server exit ${code}; its log: ${warnings.length} warning or error line(s)${warnings.length ? `, the first: ${warnings[0]}` : ''}`);
  const clean = code === 0 && left.length === 0;
  if (clean && !errors && !warnings.length && !NODE_FLAGS.length) rmSync(logDir, { recursive: true, force: true });
  else console.log(`server log kept: ${logFile}`);
  return clean;
}

let clean: boolean;
try {
  await soak();
} finally {
  // Whatever happened, the server and its Chromium go.
  clean = await stopServer(treeMemory(pid).pids);
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (heapDir) {
  const sizes = readdirSync(heapDir).map((name) => `${name} (${mb(statSync(join(heapDir, name)).size / 1024)})`);
  console.log(`heap snapshots kept in ${heapDir}: ${sizes.join(', ')}; compare two with: node dist/bench/heap-summary.js A B`);
}
process.exitCode = errors === 0 && clean ? 0 : 1;
