// npm run bench:net — the largest fixture pages loaded with and without a session's local proxy
// (guard and meter on), in the same run and browser; prints per-page medians and the ratio.
import { launchChromium } from '../actors/engine.js';
import { ByteMeter } from '../lib/net/meter.js';
import { contextProxy, startSessionProxy } from '../lib/net/proxy.js';
import { localNetwork } from '../spec/support/network.js';
import { TestSite } from '../spec/support/site.js';
import { fixtureSource, largestFixturePages, OFFLINE_DNS } from './service.js';
import { percentile } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const largest = largestFixturePages(5);
const site = await TestSite.start(Object.fromEntries(largest.map((name) => [`/${name}/`, { body: fixtureSource(name) }])));
const browser = await launchChromium([OFFLINE_DNS]);
const { guard } = localNetwork();

/** Median load time of `url` in fresh contexts, with or without a session proxy; and the bytes metered. */
async function measure(url: string, proxied: boolean): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i <= RUNS; i++) {
    const meter = new ByteMeter();
    const proxy = proxied ? await startSessionProxy({ upstream: null, guard, meter }) : null;
    const context = await browser.newContext(proxy ? { proxy: contextProxy(proxy) } : {});
    const page = await context.newPage();
    const start = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    if (i > 0) times.push(performance.now() - start);
    await context.close();
    bytes = proxy?.bytes().datacenter ?? 0;
    await proxy?.close();
  }
  return { ms: percentile(times, 50), bytes };
}

console.log(`bench:net — ${largest.length} largest fixture pages, median of ${RUNS} loads after 1 warm-up, Chromium ${browser.version()}`);
console.log('page                  direct ms   proxied ms   ratio   metered bytes   page bytes');
let direct = 0;
let proxied = 0;
for (const name of largest) {
  const url = site.url(`/${name}/`);
  const a = await measure(url, false);
  const b = await measure(url, true);
  direct += a.ms;
  proxied += b.ms;
  const size = Buffer.byteLength(fixtureSource(name));
  console.log(`${name.padEnd(20)} ${a.ms.toFixed(1).padStart(9)}  ${b.ms.toFixed(1).padStart(10)}   ${(b.ms / a.ms).toFixed(2)}x  ${String(b.bytes).padStart(13)}  ${String(size).padStart(11)}`);
}
console.log(`total proxied / direct: ${(proxied / direct).toFixed(2)}x   (target ≤ 1.15x)`);
await browser.close();
await site.stop();
