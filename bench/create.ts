// npm run bench:create: p50/p95 of POST /v1/sessions (bare, and with a local page's url) through
// the real HTTP server, against raw Playwright newContext()+newPage() (+goto) in the same run.
import { TestSite, html } from '../spec/support/site.js';
import { startBenchService } from './service.js';
import { percentile, row, sampleTogether } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 5;

const { engine, base, headers, stop } = await startBenchService();
const site = await TestSite.start({ '/': { body: html('Bench', '<h1>Bench page</h1><p>Some text to read.</p>') } });

/** Creates a session through the API, then deletes it outside the timed part. */
async function apiCreate(body: object): Promise<() => Promise<void>> {
  const res = await fetch(`${base}/v1/sessions`, { method: 'POST', headers, body: JSON.stringify(body) });
  const { session_id } = (await res.json()) as { session_id: string };
  if (res.status !== 201) throw new Error(`create answered ${res.status}`);
  return async () => {
    await fetch(`${base}/v1/sessions/${session_id}`, { method: 'DELETE', headers });
  };
}

const browser = engine.browser();
console.log(`bench:create — ${RUNS} runs each after ${WARMUP} warm-up, raw and API taken in turn, Chromium ${browser.version()}`);
const [rawBare, apiBare] = await sampleTogether(RUNS, WARMUP, [
  async () => {
    const context = await browser.newContext();
    await context.newPage();
    return () => context.close();
  },
  () => apiCreate({}),
]);
console.log(row('raw Playwright newContext+newPage', rawBare!));
console.log(row('POST /v1/sessions (bare)', apiBare!));
const [rawUrl, apiUrl, apiLight] = await sampleTogether(RUNS, WARMUP, [
  async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(site.url('/'));
    return () => context.close();
  },
  () => apiCreate({ url: site.url('/') }),
  () => apiCreate({ url: site.url('/'), page: 'light' }),
]);
console.log(row('raw Playwright newContext+newPage+goto', rawUrl!));
console.log(row('POST /v1/sessions (url, observed)', apiUrl!));
console.log(row('POST /v1/sessions (url, page: light)', apiLight!));

const ratio = (a: number[] | undefined, b: number[] | undefined): string => (percentile(a ?? [], 50) / percentile(b ?? [], 50)).toFixed(2);
console.log(`ratio bare create / raw floor (p50): ${ratio(apiBare, rawBare)}x   (target ≤ 1.2x)`);
console.log(`ratio url create / raw goto (p50):   ${ratio(apiUrl, rawUrl)}x   (includes the 300 ms network / 500 ms DOM stability wait)`);
console.log(`ratio light create / raw goto (p50): ${ratio(apiLight, rawUrl)}x`);

await stop();
await site.stop();
