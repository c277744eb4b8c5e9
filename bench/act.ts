// npm run bench:act — the same flow (goto, fill, fill, select, click, read) through the HTTP API
// and through raw Playwright in-process, in the same run and browser. Each API step is its own act,
// so its time is measured per step; the Server-Timing header says how much of it was stability
// waits and page walks (the observation), which raw Playwright does not do.
import { TestSite, html } from '../spec/support/site.js';
import { startBenchService } from './service.js';
import { percentile } from './stats.js';

const FLOWS = Number(process.env.BENCH_RUNS ?? 15);
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
  stable: number;
  observe: number;
}

/** One API flow on a fresh session; returns per-step wall time and the Server-Timing parts. */
async function apiFlow(options: object): Promise<StepTime[]> {
  const created = await fetch(`${base}/v1/sessions`, { method: 'POST', headers, body: JSON.stringify(options) });
  const { session_id } = (await created.json()) as { session_id: string };
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
  await fetch(`${base}/v1/sessions/${session_id}`, { method: 'DELETE', headers });
  return times;
}

/** The same flow with Playwright alone, on a fresh context. */
async function rawFlow(): Promise<StepTime[]> {
  const context = await engine.browser().newContext();
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
    times.push({ wall: performance.now() - start, stable: 0, observe: 0 });
  }
  await context.close();
  return times;
}

async function collect(run: () => Promise<StepTime[]>): Promise<StepTime[][]> {
  for (let i = 0; i < WARMUP; i++) await run();
  const flows: StepTime[][] = [];
  for (let i = 0; i < FLOWS; i++) flows.push(await run());
  return flows;
}

const p50 = (values: number[]): number => percentile(values, 50);
const p95 = (values: number[]): number => percentile(values, 95);
const fmt = (n: number): string => n.toFixed(1).padStart(7);

console.log(`bench:act — ${FLOWS} flows each after ${WARMUP} warm-up, Chromium ${engine.browser().version()}`);
const raw = await collect(rawFlow);
const configs: Array<[string, object]> = [
  ['API, like raw (no blockers, nothing blocked)', { auto_dismiss_blockers: false, block_resources: [] }],
  ['API, defaults', {}],
];
for (const [name, options] of configs) {
  const api = await collect(() => apiFlow(options));
  console.log(`\n${name}`);
  console.log('step      raw p50  raw p95  api p50  api p95  stable p50  observe p50  api−stable−observe−raw (p50)');
  let overheadSum = 0;
  for (const [i, step] of STEPS.entries()) {
    const r = raw.map((flow) => flow[i]!.wall);
    const a = api.map((flow) => flow[i]!.wall);
    const stable = api.map((flow) => flow[i]!.stable);
    const observe = api.map((flow) => flow[i]!.observe);
    const own = api.map((flow) => flow[i]!.wall - flow[i]!.stable - flow[i]!.observe);
    const overhead = p50(own) - p50(r);
    overheadSum += overhead;
    console.log(`${step.padEnd(8)} ${fmt(p50(r))}  ${fmt(p95(r))}  ${fmt(p50(a))}  ${fmt(p95(a))}  ${fmt(p50(stable))}     ${fmt(p50(observe))}      ${fmt(overhead)} ms`);
  }
  const flowRaw = raw.map((flow) => flow.reduce((s, t) => s + t.wall, 0));
  const flowApi = api.map((flow) => flow.reduce((s, t) => s + t.wall, 0));
  const flowObs = api.map((flow) => flow.reduce((s, t) => s + t.stable + t.observe, 0));
  console.log(`flow     raw p50 ${fmt(p50(flowRaw))} p95 ${fmt(p95(flowRaw))}   api p50 ${fmt(p50(flowApi))} p95 ${fmt(p95(flowApi))}   of which stability+observation p50 ${fmt(p50(flowObs))}`);
  console.log(`ratio api/raw (flow p50): ${(p50(flowApi) / p50(flowRaw)).toFixed(2)}x; mean added per step beyond raw + observation: ${(overheadSum / STEPS.length).toFixed(1)} ms (target ≤ 5 ms)`);
}

await stop();
await site.stop();
