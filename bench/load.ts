// npm run bench:load — many sessions at once. The same small flow (create with a url, fill by
// label, click the submit, read the result page, delete) through the HTTP API and through raw
// Playwright (the service's own browser, one context per flow), at BENCH_LEVELS (10,25,50)
// concurrent workers. At each level the API and raw phases alternate (BENCH_ROUNDS rounds, 2 by
// default, so the order is API, raw, raw, API and a drift of the shared machine falls on both
// alike). Each phase starts flows for BENCH_PHASE_S seconds; its rate is taken in its steady
// state: from the moment every worker has finished its first flow (the workers all start at
// once, so the first flows end in a burst) to the end of the phase, counting the flows done in
// that window, each for the share of its time that fell in it. The flows under way at the end
// then finish and their errors count, but the drain does not: while ever fewer flows run, it
// measures how long a flow takes, not how many the machine sustains. Printed per level:
// flows/s, p50 and p95 flow time, errors, the CPU time the process tree spent a flow in the
// window, and the API/raw throughput ratio; then the PSS of the whole process tree (this
// process, which is the server, and its Chromium) per idle bare session and per idle session
// on a page.
// TABWRIGHT_ENGINE_CONCURRENCY sizes the service's engine gate as it does for serve (0: no gate).
import { setTimeout as sleep } from 'node:timers/promises';
import { TestSite, html } from '../spec/support/site.js';
import { defaultSlots, EngineGate } from '../lib/platform/capacity/gate.js';
import { systemClock } from '../lib/platform/clock.js';
import { treeCpuMs, treeMemory } from './process-tree.js';
import { startBenchService } from './service.js';
import { loadAverage, percentile } from './stats.js';
import { setting } from './settings.js';

const LEVELS = (process.env.BENCH_LEVELS ?? '10,25,50').split(',').map((level) => {
  const value = Number(level);
  if (!Number.isInteger(value) || value < 1) throw new Error(`BENCH_LEVELS must be positive whole numbers, got '${level}'`);
  return value;
});
// A phase must hold many flows per worker: at 50 workers a flow takes 10 to 15 s here, and in a
// 20 s phase the burst of first creates and the drain of the last flows made up half of it,
// which measured the edges rather than the rate the machine sustains.
const PHASE_MS = setting('BENCH_PHASE_S', 60) * 1000;
const ROUNDS = setting('BENCH_ROUNDS', 2);
/** How many idle sessions the memory figures are measured over. */
const IDLE_SESSIONS = setting('BENCH_IDLE_SESSIONS', 20);
/** How long idle sessions are left before their memory is read: pages finish loading, caches fill. */
const IDLE_SETTLE_MS = 5_000;
const TARGET_RATIO = 0.85;
const TARGET_PSS_MB = 60;

const site = await TestSite.start({
  '/': {
    body: html(
      'Load form',
      '<main><h1>Load form</h1><p>One form per session, filled once.</p>' +
        '<form action="/done" method="get"><label>Name <input name="name"></label> <button>Send</button></form></main>',
    ),
  },
  '/done': (req, res) => {
    const name = new URL(req.url ?? '/', site.origin).searchParams.get('name') ?? '';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html('Load done', `<main><h1>Thanks</h1><p>Received from ${name}.</p></main>`));
  },
});
const slots = process.env.TABWRIGHT_ENGINE_CONCURRENCY === undefined ? defaultSlots() : Number(process.env.TABWRIGHT_ENGINE_CONCURRENCY);
if (!Number.isInteger(slots) || slots < 0) throw new Error(`TABWRIGHT_ENGINE_CONCURRENCY must be a whole number from 0, got '${process.env.TABWRIGHT_ENGINE_CONCURRENCY}'`);
const { engine, base, headers, stop } = await startBenchService({ gate: new EngineGate(slots, systemClock) });
const browser = engine.browser();

let flowNumber = 0;

/** What a flow's result page must say: the name it was filled with. */
const received = (name: string): string => `Received from ${name}.`;

async function call(method: string, path: string, body?: object): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const apiError = (what: string, answer: { status: number; json: Record<string, unknown> | null }): Error => {
  const error = answer.json?.error as { code?: string; message?: string } | null | undefined;
  return new Error(`${what} ${answer.status}${error ? ` ${error.code}: ${error.message}` : ''}`);
};

/** How long each API request of the flows took, in ms, to see where a flow's time goes. */
const requestTimes = { create: [] as number[], act: [] as number[], delete: [] as number[] };
async function timed<T>(kind: keyof typeof requestTimes, request: () => Promise<T>): Promise<T> {
  const begun = performance.now();
  try {
    return await request();
  } finally {
    requestTimes[kind].push(performance.now() - begun);
  }
}

/** The flow through the API; throws with what went wrong (the session is deleted whatever happened). */
async function apiFlow(): Promise<void> {
  const name = `flow ${++flowNumber}`;
  const created = await timed('create', () => call('POST', '/v1/sessions', { url: site.url('/') }));
  if (created.status !== 201) throw apiError('create', created);
  const id = created.json!.session_id as string;
  const failure = await (async () => {
    if (created.json!.error) return apiError('create', created);
    const acted = await timed('act', () => call('POST', `/v1/sessions/${id}/act`, { steps: [{ fill: { label: 'Name', value: name } }, { click: { text: 'Send' } }] }));
    if (acted.status !== 200 || acted.json?.error) return apiError('act', acted);
    const content = (acted.json!.page as { markdown?: { content?: string } } | null)?.markdown?.content ?? '';
    return content.includes(received(name)) ? undefined : new Error(`the result page did not say '${received(name)}'`);
  })();
  // Deleted whatever happened, so a failed flow leaves no session open; the first failure is the one told.
  const deleted = await timed('delete', () => call('DELETE', `/v1/sessions/${id}`));
  if (failure) throw failure;
  if (deleted.status !== 204) throw apiError('delete', deleted);
}

/** The same flow with Playwright alone. */
async function rawFlow(): Promise<void> {
  const name = `flow ${++flowNumber}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(site.url('/'));
    await page.getByLabel('Name').fill(name);
    await Promise.all([page.waitForURL('**/done?*'), page.getByRole('button', { name: 'Send' }).click()]);
    const text = await page.innerText('body');
    if (!text.includes(received(name))) throw new Error(`the result page did not say '${received(name)}'`);
  } finally {
    await context.close();
  }
}

/** What one phase measured. */
interface Phase {
  /** Flows done in the steady window: each successful flow counts the share of its time that fell in it. */
  flows: number;
  /** Length of the steady window, in ms. */
  ms: number;
  /** How long each successful flow that overlapped the window took, in ms. */
  times: number[];
  /** Flows that ended over the whole phase, its drain included, failed or not. */
  ended: number;
  /**
   * How long the whole phase took with its drain, in ms: with its successful flows (ended less
   * errors), the rate as this bench took it before it had a steady window, printed beside it.
   */
  wholeMs: number;
  /** Failed flows over the whole phase, its drain included. */
  errors: number;
  messages: Map<string, number>;
  /** CPU time of the process tree (server, its Chromium, this bench) over the steady window, in ms. */
  cpuMs: number;
}

/**
 * `workers` loops of `flow` that start flows for PHASE_MS, then let the flows under way finish.
 * The steady window opens once every worker has ended its first flow (all start at once, so the
 * first flows end in a burst) and closes at PHASE_MS. A flow counts for the share of its time
 * that fell in the window: the workers keep much of their first flows' rhythm, so counting only
 * the flows that ended in it would depend on where the window's edges fall among those waves.
 */
async function phase(workers: number, flow: () => Promise<void>): Promise<Phase> {
  const result: Phase = { flows: 0, ms: 0, times: [], ended: 0, wholeMs: 0, errors: 0, messages: new Map(), cpuMs: 0 };
  const started = performance.now();
  const end = started + PHASE_MS;
  const spans: Array<{ begun: number; ended: number }> = [];
  let firstsLeft = workers;
  let windowStart: number | undefined;
  let windowCpu = 0;
  let endCpu: number | undefined;
  const timer = setTimeout(() => (endCpu = treeCpuMs(process.pid)), PHASE_MS);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      let first = true;
      while (performance.now() < end) {
        const begun = performance.now();
        try {
          await flow();
          spans.push({ begun, ended: performance.now() });
        } catch (error) {
          result.errors++;
          const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/flow \d+/g, 'flow N').replace(/ses_\w+/g, 'ses_…').slice(0, 200);
          result.messages.set(message, (result.messages.get(message) ?? 0) + 1);
        } finally {
          result.ended++;
        }
        if (first && --firstsLeft === 0 && performance.now() < end) {
          windowStart = performance.now();
          windowCpu = treeCpuMs(process.pid);
        }
        first = false;
      }
    }),
  );
  clearTimeout(timer);
  endCpu ??= treeCpuMs(process.pid);
  if (windowStart === undefined) throw new Error(`a ${PHASE_MS / 1000} s phase ended before every one of ${workers} workers finished a flow: raise BENCH_PHASE_S`);
  const from = windowStart;
  for (const { begun, ended } of spans) {
    const inside = Math.min(ended, end) - Math.max(begun, from);
    if (inside <= 0) continue;
    result.flows += inside / (ended - begun);
    result.times.push(ended - begun);
  }
  result.ms = end - from;
  result.cpuMs = endCpu - windowCpu;
  result.wholeMs = performance.now() - started;
  return result;
}

function merge(a: Phase, b: Phase): Phase {
  const messages = new Map(a.messages);
  for (const [message, count] of b.messages) messages.set(message, (messages.get(message) ?? 0) + count);
  return { flows: a.flows + b.flows, ms: a.ms + b.ms, times: [...a.times, ...b.times], ended: a.ended + b.ended, wholeMs: a.wholeMs + b.wholeMs, errors: a.errors + b.errors, messages, cpuMs: a.cpuMs + b.cpuMs };
}
const empty = (): Phase => ({ flows: 0, ms: 0, times: [], ended: 0, wholeMs: 0, errors: 0, messages: new Map(), cpuMs: 0 });
const rate = (p: Phase): number => (p.flows / p.ms) * 1000;
/** The whole phase's rate, drain included: its successful flows over its whole length. */
const wholeRate = (p: Phase): number => ((p.ended - p.errors) / p.wholeMs) * 1000;
const line = (name: string, p: Phase): string =>
  `  ${name.padEnd(4)} ${rate(p).toFixed(2).padStart(6)} flows/s  (${p.flows.toFixed(0).padStart(4)} flows in ${(p.ms / 1000).toFixed(0)} s)  p50 ${(percentile(p.times, 50) / 1000).toFixed(2).padStart(6)} s` +
  `  p95 ${(percentile(p.times, 95) / 1000).toFixed(2).padStart(6)} s  errors ${p.errors} of ${p.ended}` +
  `  CPU ${(p.cpuMs / Math.max(1, p.flows)).toFixed(0).padStart(5)} ms a flow (${(p.cpuMs / p.ms).toFixed(2)} cores)`;

console.log(
  `bench:load — levels ${LEVELS.join(', ')} workers, ${ROUNDS} round(s) of API and raw phases of ${PHASE_MS / 1000} s each (rates in each phase's steady window), engine gate ${slots || 'off'}, ` +
    `Chromium ${browser.version()}, load average ${loadAverage()}`,
);
// Warm-up: the first flows of each kind pay for code loading and caches.
for (let i = 0; i < 3; i++) {
  await apiFlow();
  await rawFlow();
}

const verdicts: string[] = [];
for (const workers of LEVELS) {
  let api = empty();
  let raw = empty();
  for (const times of Object.values(requestTimes)) times.length = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Which goes first alternates, so neither always follows the other's leftovers.
    if ((round + LEVELS.indexOf(workers)) % 2 === 0) {
      api = merge(api, await phase(workers, apiFlow));
      raw = merge(raw, await phase(workers, rawFlow));
    } else {
      raw = merge(raw, await phase(workers, rawFlow));
      api = merge(api, await phase(workers, apiFlow));
    }
  }
  const ratio = rate(api) / rate(raw);
  const met = api.errors === 0 && ratio >= TARGET_RATIO;
  console.log(`${workers} workers  (load average ${loadAverage()})`);
  console.log(line('raw', raw));
  console.log(line('API', api));
  const p50s = Object.entries(requestTimes).map(([kind, times]) => `${kind} ${(percentile(times, 50) / 1000).toFixed(2)} s`);
  console.log(`  API requests, p50: ${p50s.join(', ')}`);
  const wholeRatio = wholeRate(api) / wholeRate(raw);
  console.log(`  ratio API/raw flows/s ${ratio.toFixed(2)}x  (target ≥ ${TARGET_RATIO}x with 0 API errors: ${met ? 'met' : 'NOT met'}; whole phases with their drain: ${wholeRatio.toFixed(2)}x)`);
  for (const [name, p] of [['API', api], ['raw', raw]] as const) {
    for (const [message, count] of p.messages) console.log(`  ${name} error ×${count}: ${message}`);
  }
  verdicts.push(`${workers}: ${met ? 'met' : 'not met'}`);
}

/** PSS of this process and its Chromium, in kB, once what was left behind has been collected. */
async function treePss(): Promise<number> {
  await sleep(IDLE_SETTLE_MS);
  return treeMemory(process.pid).treePss;
}

/** Opens IDLE_SESSIONS sessions with `body`, measures the tree, deletes them; kB per session. */
async function perSession(body: object): Promise<number> {
  const before = await treePss();
  const ids: string[] = [];
  for (let i = 0; i < IDLE_SESSIONS; i++) {
    const created = await call('POST', '/v1/sessions', body);
    if (created.status !== 201) throw apiError('create', created);
    ids.push(created.json!.session_id as string);
  }
  const after = await treePss();
  for (const id of ids) await call('DELETE', `/v1/sessions/${id}`);
  return (after - before) / IDLE_SESSIONS;
}

const bare = await perSession({});
const onPage = await perSession({ url: site.url('/') });
const mb = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;
const memoryMet = bare / 1024 <= TARGET_PSS_MB && onPage / 1024 <= TARGET_PSS_MB;
console.log(`PSS of the process tree (server + Chromium) per idle session, over ${IDLE_SESSIONS}: bare ${mb(bare)}, on a page ${mb(onPage)}  (target ≤ ${TARGET_PSS_MB} MB: ${memoryMet ? 'met' : 'NOT met'})`);
console.log(`targets by level: ${verdicts.join(', ')}; load average ${loadAverage()}`);

await stop();
await site.stop();
