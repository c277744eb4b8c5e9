// npm run bench:act — the same flow (goto, fill, fill, select, click, read) through the HTTP API
// and through raw Playwright in-process, in the same run and browser. Each API step is its own act,
// so its time is measured per step; the Server-Timing header says how much of it was the page walk.
// The contract's observation also waits for the page to be stable (network idle 300 ms, DOM quiet
// 500 ms), which plain Playwright does not: the raw flow is timed both alone and with that same
// wait after each step (Playwright's request events and a MutationObserver init script), so the
// API's own cost is  API − (raw + its stability wait) − page walk. The defaults run once more with
// one /live viewer connected (a CDP screencast at up to 10 frames/s), to show what watching costs an act.
// Then acts of 1, 2 and 5 clicks on a page that never goes quiet (bench/never-quiet.ts).
// BENCH_CASES=flow or BENCH_CASES=quiet runs one part only.
// It also prints the journal's cost per step (bench/journal-cost.ts): measured in the API flows,
// and modelled; BENCH_JOURNAL_PARTS=1 splits the measured time by Journal method.
import { StabilityTracker } from '../lib/browser/observe/stability.js';
import { TestSite, html } from '../spec/support/site.js';
import { meterJournal, modelledStepCost } from './journal-cost.js';
import { startBenchService } from './service.js';
import { benchNeverQuiet } from './never-quiet.js';
import { watchSession, type BenchViewer } from './viewer.js';
import { percentile } from './stats.js';

const FLOWS = Number(process.env.BENCH_RUNS ?? 15);
const CASES = (process.env.BENCH_CASES ?? 'flow,quiet').split(',');
const WARMUP = 2;
const STEPS = ['goto', 'fill', 'fill', 'select', 'click', 'read'] as const;

const FORM = html(
  'Order',
  `<h1>Order</h1><form action="/done" method="post"><label>Name <input name="name"></label>
   <label>Email <input name="email" type="email"></label>
   <label>Size <select name="size"><option value="s">Small</option><option value="m">Medium</option></select></label>
   <button type="submit">Send</button></form><p>${'Some text on the page. '.repeat(40)}</p>`,
);

const site = await TestSite.start({
  '/form': { body: FORM },
  '/done': (req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html('Done', '<h1>Thank you</h1><p>Order received.</p>')));
  },
});
const { engine, base, headers, stop } = await startBenchService();

/** The flow as an agent runs it: goto, then refs picked from the observation it got back. */
function stepBody(index: number, refs: Map<string, string>): unknown[] {
  const ref = (label: string): string => refs.get(label) ?? label;
  return [
    [{ goto: { url: site.url('/form') } }],
    [{ fill: { ref: ref('Name'), value: 'Ada Lovelace' } }],
    [{ fill: { ref: ref('Email'), value: 'ada@example.com' } }],
    [{ select: { ref: ref('Size'), value: 'm' } }],
    [{ click: { ref: ref('Send') } }],
    [{ observe: {} }],
  ][index]!;
}

interface StepTime {
  wall: number;
  /** API: Server-Timing's stability wait; raw: the same wait done after the step. */
  stable: number;
  /** API: Server-Timing's page walk (raw: 0). */
  observe: number;
}

/** One API flow on a fresh session; returns per-step wall time and the Server-Timing parts. */
async function apiFlow(options: object, viewer: boolean): Promise<StepTime[]> {
  const created = await fetch(`${base}/v1/sessions`, { method: 'POST', headers, body: JSON.stringify(options) });
  const { session_id } = (await created.json()) as { session_id: string };
  const watching: BenchViewer | null = viewer ? await watchSession(base, headers, session_id) : null;
  const times: StepTime[] = [];
  const refs = new Map<string, string>();
  for (const index of STEPS.keys()) {
    const steps = stepBody(index, refs);
    const start = performance.now();
    const res = await fetch(`${base}/v1/sessions/${session_id}/act`, { method: 'POST', headers, body: JSON.stringify({ steps }) });
    const body = (await res.json()) as { error: unknown; page?: { interactive_elements?: Array<{ ref: string; label: string }> } };
    for (const element of body.page?.interactive_elements ?? []) refs.set(element.label, element.ref);
    const wall = performance.now() - start;
    if (body.error) throw new Error(`step failed: ${JSON.stringify(body.error)}`);
    const timing = res.headers.get('server-timing') ?? '';
    const part = (name: string): number => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? 0);
    times.push({ wall, stable: part('stable'), observe: part('observe') });
  }
  if (watching) framesSeen += watching.frames;
  watching?.close();
  await fetch(`${base}/v1/sessions/${session_id}`, { method: 'DELETE', headers });
  return times;
}

/** The same flow with Playwright alone, on a fresh context; `stable` is the contract's wait after each step. */
async function rawFlow(): Promise<StepTime[]> {
  const context = await engine.browser().newContext();
  const tracker = await StabilityTracker.attach(context);
  const page = await context.newPage();
  const steps: Array<() => Promise<unknown>> = [
    () => page.goto(site.url('/form')),
    () => page.getByLabel('Name').fill('Ada Lovelace'),
    () => page.getByLabel('Email').fill('ada@example.com'),
    () => page.getByLabel('Size').selectOption('m'),
    () => Promise.all([page.waitForURL('**/done'), page.getByText('Send').click()]),
    () => page.innerText('body'),
  ];
  const times: StepTime[] = [];
  for (const step of steps) {
    const start = performance.now();
    await step();
    const done = performance.now();
    await tracker.waitForStable(page, 3_000);
    times.push({ wall: done - start, stable: performance.now() - done, observe: 0 });
  }
  await context.close();
  return times;
}

async function collect(run: () => Promise<StepTime[]>, afterWarmup?: () => void): Promise<StepTime[][]> {
  for (let i = 0; i < WARMUP; i++) await run();
  afterWarmup?.();
  const flows: StepTime[][] = [];
  for (let i = 0; i < FLOWS; i++) flows.push(await run());
  return flows;
}

const p50 = (values: number[]): number => percentile(values, 50);
const p95 = (values: number[]): number => percentile(values, 95);
const fmt = (n: number): string => n.toFixed(1).padStart(7);

console.log(`bench:act — ${FLOWS} flows each after ${WARMUP} warm-up, Chromium ${engine.browser().version()}`);
let framesSeen = 0;
/** The flow, raw and through the API in each configuration, step by step. */
async function benchFlow(): Promise<void> {
  const raw = await collect(rawFlow);
  const configs: Array<[string, object, boolean]> = [
    ['API, like raw (no blockers, nothing blocked)', { auto_dismiss_blockers: false, block_resources: [] }, false],
    ['API, defaults', {}, false],
    ['API, defaults, one /live viewer connected', {}, true],
  ];
  /** Each step's p50 wall time by configuration, to compare with and without a viewer. */
  const stepP50 = new Map<string, number[]>();
  for (const [name, options, viewer] of configs) {
    const meter = meterJournal();
    const api = await collect(() => apiFlow(options, viewer), () => meter.reset());
    meter.restore();
    const stepsRun = FLOWS * STEPS.length;
    stepP50.set(name, STEPS.map((_, i) => p50(api.map((flow) => flow[i]!.wall))));
    console.log(`\n${name}`);
    console.log('step      raw p50  +stable p50  raw+stable p95  api p50  api p95  walk p50  api−walk−(raw+stable) p50');
    let overheadSum = 0;
    for (const [i, step] of STEPS.entries()) {
      const r = raw.map((flow) => flow[i]!.wall);
      const rs = raw.map((flow) => flow[i]!.wall + flow[i]!.stable);
      const a = api.map((flow) => flow[i]!.wall);
      const walk = api.map((flow) => flow[i]!.observe);
      const overhead = p50(api.map((flow) => flow[i]!.wall - flow[i]!.observe)) - p50(rs);
      overheadSum += overhead;
      console.log(
        `${step.padEnd(8)} ${fmt(p50(r))}  ${fmt(p50(rs) - p50(r))}      ${fmt(p95(rs))}     ${fmt(p50(a))}  ${fmt(p95(a))}  ${fmt(p50(walk))}   ${fmt(overhead)} ms`,
      );
    }
    const sum = (flow: StepTime[], part: (t: StepTime) => number): number => flow.reduce((s, t) => s + part(t), 0);
    const flowRaw = raw.map((flow) => sum(flow, (t) => t.wall));
    const flowRawStable = raw.map((flow) => sum(flow, (t) => t.wall + t.stable));
    const flowApi = api.map((flow) => sum(flow, (t) => t.wall));
    const flowWalk = api.map((flow) => sum(flow, (t) => t.observe));
    console.log(
      `flow     raw p50 ${fmt(p50(flowRaw))}   raw+stable p50 ${fmt(p50(flowRawStable))}   api p50 ${fmt(p50(flowApi))} p95 ${fmt(p95(flowApi))}   of which page walks ${fmt(p50(flowWalk))}`,
    );
    console.log(
      `ratio api/(raw+stable) (flow p50): ${(p50(flowApi) / p50(flowRawStable)).toFixed(2)}x; api/raw ${(p50(flowApi) / p50(flowRaw)).toFixed(2)}x; ` +
        `mean added per step beyond raw + observation: ${(overheadSum / STEPS.length).toFixed(1)} ms (target ≤ 5 ms)`,
    );
    console.log(`journal per step (in these flows, create and delete included: events and batched writes): ${(meter.ms() / stepsRun).toFixed(3)} ms (target ≤ 1 ms)`);
    if (process.env.BENCH_JOURNAL_PARTS) console.log(meter.parts());
  }
  console.log(`\njournal per step, modelled (one step per act, its 7 events and the act's one write): ${(await modelledStepCost()).toFixed(3)} ms (target ≤ 1 ms)`);

  const watched = stepP50.get('API, defaults, one /live viewer connected') ?? [];
  const unwatched = stepP50.get('API, defaults') ?? [];
  const added = watched.map((ms, i) => ms - (unwatched[i] ?? 0));
  console.log(
    `\nlive view: act overhead with one viewer connected, p50 per step ${added.map((ms, i) => `${STEPS[i]} ${ms.toFixed(1)}`).join(', ')} ms; ` +
      `mean ${(added.reduce((s, ms) => s + ms, 0) / Math.max(1, added.length)).toFixed(1)} ms per act; ${framesSeen} frames received by the viewers`,
  );
}

if (CASES.includes('flow')) await benchFlow();
if (CASES.includes('quiet')) await benchNeverQuiet(engine, site, base, headers);

await stop();
await site.stop();
