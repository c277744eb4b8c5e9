// npm run bench:heavy — a page with heavy scripts (bench/heavy-page.ts: MBs of JS, long tasks,
// dozens of timers, beacons, a ticker and a carousel, a big DOM), opened and acted on through the
// API and with raw Playwright in the same run and browser. Then the same navigation taken apart
// with the service's own pieces on a plain page (load, access check, blocker pass, stability wait,
// walk), so the figures say where an act's time goes.
import { installBlockers } from '../lib/browser/blockers/index.js';
import { inspectAccess } from '../lib/browser/captcha/index.js';
import { hooksScript } from '../lib/browser/program.js';
import { PageObserver } from '../lib/browser/observe/observer.js';
import { StabilityTracker } from '../lib/browser/observe/stability.js';
import { TestSite } from '../spec/support/site.js';
import { heavyRoutes } from './heavy-page.js';
import { startBenchService } from './service.js';
import { percentile } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LATER = 3;

const site = await TestSite.start(heavyRoutes());
const url = site.url('/heavy');
const { engine, base, headers, stop } = await startBenchService();

const p50 = (values: number[]): number => percentile(values, 50);
const fmt = (n: number): string => n.toFixed(0).padStart(6);
const timing = (header: string | null, name: string): number => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header ?? '')?.[1] ?? 0);

interface Act {
  wall: number;
  stable: number;
  walk: number;
}

async function post(path: string, body: object): Promise<{ act: Act; json: { session_id?: string; error: unknown; page?: { stable?: boolean } } }> {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { session_id?: string; error: unknown; page?: { stable?: boolean } };
  const wall = performance.now() - start;
  if (json.error) throw new Error(`${path} failed: ${JSON.stringify(json.error)}`);
  const header = res.headers.get('server-timing');
  return { act: { wall, stable: timing(header, 'stable'), walk: timing(header, 'observe') }, json };
}

/** Through the API: create with the url (the first act), then later visits (goto again) and clicks. */
async function apiRun(): Promise<{ first: Act; visits: Act[]; clicks: Act[]; stable: boolean[] }> {
  const created = await post('/v1/sessions', { url });
  const id = created.json.session_id!;
  const stable = [created.json.page?.stable ?? false];
  const visits: Act[] = [];
  const clicks: Act[] = [];
  for (let i = 0; i < LATER; i++) {
    const visit = await post(`/v1/sessions/${id}/act`, { steps: [{ goto: { url } }] });
    visits.push(visit.act);
    stable.push(visit.json.page?.stable ?? false);
    clicks.push((await post(`/v1/sessions/${id}/act`, { steps: [{ click: { text: 'Load more' } }] })).act);
  }
  await fetch(`${base}/v1/sessions/${id}`, { method: 'DELETE', headers });
  return { first: created.act, visits, clicks, stable };
}

/** Raw Playwright on a fresh context: goto until load, later visits likewise, and the same click. */
async function rawRun(): Promise<{ first: number; visits: number[]; clicks: number[] }> {
  const context = await engine.browser().newContext();
  const page = await context.newPage();
  const time = async (fn: () => Promise<unknown>): Promise<number> => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  const first = await time(() => page.goto(url, { waitUntil: 'load' }));
  const visits: number[] = [];
  const clicks: number[] = [];
  for (let i = 0; i < LATER; i++) {
    visits.push(await time(() => page.goto(url, { waitUntil: 'load' })));
    clicks.push(await time(() => page.getByText('Load more').click()));
  }
  await context.close();
  return { first, visits, clicks };
}

/** A navigation as lib/browser/act/navigation/navigate.ts makes it, each part timed, on a plain context with the service's trackers. */
async function partsRun(): Promise<Record<string, number>> {
  const context = await engine.browser().newContext();
  const tracker = await StabilityTracker.attach(context);
  const blockers = await installBlockers(context, { enabled: true });
  await context.addInitScript({ content: hooksScript() });
  const page = await context.newPage();
  const observer = new PageObserver(page, tracker);
  const parts: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string): void => {
    const now = performance.now();
    parts[name] = now - mark;
    mark = now;
  };
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  lap('DOMContentLoaded');
  await page.waitForLoadState('load');
  lap('load');
  await inspectAccess(page, response);
  lap('access check');
  await blockers.settle(page, 1_500);
  lap('blocker pass');
  parts['stable?'] = (await observer.waitForStable(3_000)) ? 1 : 0;
  lap('stability wait');
  const state = await observer.observe();
  lap('observation (wait + walk)');
  const { walk } = observer.takeTimings();
  parts['of which the walk'] = walk;
  parts['elements listed'] = state.interactive_elements?.length ?? 0;
  await context.close();
  return parts;
}

console.log(`bench:heavy — ${RUNS} runs (${LATER} later visits and clicks each), Chromium ${engine.browser().version()}`);
await rawRun();
await apiRun();
const raw: Awaited<ReturnType<typeof rawRun>>[] = [];
const api: Awaited<ReturnType<typeof apiRun>>[] = [];
const parts: Record<string, number>[] = [];
for (let i = 0; i < RUNS; i++) {
  raw.push(await rawRun());
  api.push(await apiRun());
  parts.push(await partsRun());
}

const row = (name: string, r: number[], a: Act[]): void => {
  const ratio = p50(a.map((x) => x.wall)) / p50(r);
  console.log(
    `${name.padEnd(12)} raw p50 ${fmt(p50(r))}   api p50 ${fmt(p50(a.map((x) => x.wall)))} (stable ${fmt(p50(a.map((x) => x.stable)))}, walk ${fmt(p50(a.map((x) => x.walk)))})   ratio ${ratio.toFixed(2)}x`,
  );
};
console.log('\nms            raw Playwright     API (Server-Timing parts)');
row('first act', raw.map((r) => r.first), api.map((a) => a.first));
row('later visit', raw.flatMap((r) => r.visits), api.flatMap((a) => a.visits));
row('click', raw.flatMap((r) => r.clicks), api.flatMap((a) => a.clicks));
const stableShare = api.flatMap((a) => a.stable);
console.log(`observations stable: ${stableShare.filter(Boolean).length} of ${stableShare.length}`);
console.log('\nwhere a navigation goes (p50 ms, service pieces on a plain context):');
for (const name of Object.keys(parts[0] ?? {})) console.log(`  ${name.padEnd(26)} ${fmt(p50(parts.map((p) => p[name] ?? 0)))}`);

await stop();
await site.stop();
