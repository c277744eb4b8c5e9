// npm run bench:create: p50/p95 of POST /v1/sessions (bare, and with a local page's url) through
// the real HTTP server, against raw Playwright newContext()+newPage() (+goto) in the same run;
// then the bare create with the warm pool (issue 16), against the same floor, and what each page
// the pool keeps ready costs in memory.
import { setTimeout as sleep } from 'node:timers/promises';
import { TestSite, html } from '../spec/support/site.js';
import { treeMemory } from './process-tree.js';
import { refilled, startBenchService, type BenchService } from './service.js';
import { loadAverage, percentile, row, sample, sampleTogether } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;
/** Pages the warm service keeps ready (TABWRIGHT_WARM_SESSIONS). */
const WARM = Number(process.env.BENCH_WARM ?? 2);
/** Pages kept ready while their memory is measured: enough that the figure per page is not noise. */
const MEASURED = Number(process.env.BENCH_WARM_MEASURED ?? 8);

const site = await TestSite.start({ '/': { body: html('Bench', '<h1>Bench page</h1><p>Some text to read.</p>') } });
const ratio = (a: number[] | undefined, b: number[] | undefined): number => percentile(a ?? [], 50) / percentile(b ?? [], 50);
const verdict = (value: number, target: number): string => `(target ≤ ${target}x: ${value <= target ? 'met' : 'NOT met'})`;

/** Creates a session through the API, then deletes it outside the timed part, and waits for `after` too. */
function apiCreate(service: BenchService, body: object, after?: () => Promise<void>): () => Promise<() => Promise<void>> {
  return async () => {
    const res = await fetch(`${service.base}/v1/sessions`, { method: 'POST', headers: service.headers, body: JSON.stringify(body) });
    const { session_id } = (await res.json()) as { session_id: string };
    if (res.status !== 201) throw new Error(`create answered ${res.status}`);
    return async () => {
      await fetch(`${service.base}/v1/sessions/${session_id}`, { method: 'DELETE', headers: service.headers });
      await after?.();
    };
  };
}

/** Raw Playwright's floor on the service's own browser: a new context and page, closed outside the timing. */
const rawFloor = (service: BenchService) => async () => {
  const context = await service.engine.browser().newContext();
  await context.newPage();
  return () => context.close();
};


console.log(`bench:create — ${RUNS} runs each after ${WARMUP} warm-up, raw and API taken in turn; load average ${loadAverage()}`);

// Without a warm pool: every create builds its context on the request's path (TABWRIGHT_WARM_SESSIONS=0).
const cold = await startBenchService();
console.log(`Chromium ${cold.engine.browser().version()}; warm pool off`);
const [rawBare, apiBare] = await sampleTogether(RUNS, WARMUP, [rawFloor(cold), apiCreate(cold, {})]);
console.log(row('raw Playwright newContext+newPage', rawBare!));
console.log(row('POST /v1/sessions (bare)', apiBare!));
const [rawUrl, apiUrl, apiLight] = await sampleTogether(RUNS, WARMUP, [
  async () => {
    const context = await cold.engine.browser().newContext();
    const page = await context.newPage();
    await page.goto(site.url('/'));
    return () => context.close();
  },
  apiCreate(cold, { url: site.url('/') }),
  apiCreate(cold, { url: site.url('/'), page: 'light' }),
]);
console.log(row('raw Playwright newContext+newPage+goto', rawUrl!));
console.log(row('POST /v1/sessions (url, observed)', apiUrl!));
console.log(row('POST /v1/sessions (url, page: light)', apiLight!));
console.log(`ratio bare create / raw floor (p50): ${ratio(apiBare, rawBare).toFixed(2)}x   (target ≤ 1.2x)`);
console.log(`ratio url create / raw goto (p50):   ${ratio(apiUrl, rawUrl).toFixed(2)}x   (includes the 300 ms network / 500 ms DOM stability wait)`);
console.log(`ratio light create / raw goto (p50): ${ratio(apiLight, rawUrl).toFixed(2)}x`);
await cold.stop();

// With the warm pool: a bare create takes a ready page. Between two creates the client waits until
// the pool has refilled (it refills once a create has answered, one page at a time), as traffic
// spaced further apart than one build (~ a raw newContext+newPage) leaves it; back-to-back creates
// are measured too, each sent as soon as the previous one was answered and deleted.
const warm = await startBenchService({ warmSessions: WARM });
await refilled(warm, WARM);
console.log(`\nwarm pool of ${WARM} (TABWRIGHT_WARM_SESSIONS=${WARM}); load average ${loadAverage()}`);
const [rawWarm, apiWarm] = await sampleTogether(RUNS, WARMUP, [rawFloor(warm), apiCreate(warm, {}, () => refilled(warm, WARM))]);
console.log(row('raw Playwright newContext+newPage', rawWarm!));
console.log(row('POST /v1/sessions (bare, warm, refilled)', apiWarm!));
const backToBack = await sample(RUNS, WARMUP, apiCreate(warm, {}));
console.log(row('POST /v1/sessions (bare, warm, back-to-back)', backToBack));
const { hit = 0, miss = 0 } = Object.fromEntries((await warm.telemetry.metrics.warmTakes.get()).values.map(({ labels, value }) => [String(labels.result), value]));
console.log(`pool takes: ${hit} hits, ${miss} misses (a miss builds the context as without a pool)`);
const warmRatio = ratio(apiWarm, rawWarm);
console.log(`ratio warm bare create / raw floor (p50):              ${warmRatio.toFixed(2)}x   ${verdict(warmRatio, 0.5)}`);
console.log(`ratio warm bare create, back-to-back / raw floor (p50): ${ratio(backToBack, rawWarm).toFixed(2)}x`);
await warm.stop();

// What a ready page costs: the whole tree (this process and its Chromium) with MEASURED pages ready,
// then once the pool has closed them, each read after the tree settled.
const measured = await startBenchService({ warmSessions: MEASURED });
await refilled(measured, MEASURED);
await sleep(2_000);
const full = treeMemory(process.pid);
await measured.driver.shutdown();
await sleep(2_000);
const empty = treeMemory(process.pid);
const perPage = (kb: number): string => `${(kb / MEASURED / 1024).toFixed(1)} MB`;
console.log(
  `\nmemory of a ready page (${MEASURED} ready, then none): PSS ${perPage(full.treePss - empty.treePss)} each, ` +
    `anonymous ${perPage(full.treeAnon - empty.treeAnon)}; processes ${full.pids.length} → ${empty.pids.length}`,
);
await measured.stop();
await site.stop();
console.log(`load average at the end ${loadAverage()}`);
