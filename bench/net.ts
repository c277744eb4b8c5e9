// npm run bench:net — the largest fixture pages loaded with and without a session's local proxy
// (guard and meter on), in the same run and browser; prints per-page medians and the ratio.
import { launchChromium } from '../actors/engine.js';
import { ByteMeter } from '../lib/network/meter.js';
import { contextProxy, startSessionProxy } from '../lib/network/proxy.js';
import { testChromium } from '../spec/support/chromium.js';
import { localNetwork } from '../spec/support/network.js';
import { TestSite } from '../spec/support/site.js';
import { largestPages, pageSource } from '../spec/support/pages.js';
import { OFFLINE_DNS } from './service.js';
import { percentile } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const largest = largestPages(5);
const site = await TestSite.start(Object.fromEntries(largest.map((name) => [`/${name}/`, { body: pageSource(name) }])));
const browser = await launchChromium({ executablePath: testChromium(), extraArgs: [OFFLINE_DNS] });
const { guard } = localNetwork();

/** One load of `url` in a fresh context, with or without a session proxy; its time, this process's CPU time (the proxy runs here) and the bytes metered. */
async function load(url: string, proxied: boolean): Promise<{ ms: number; cpu: number; bytes: number }> {
  const meter = new ByteMeter();
  const proxy = proxied ? await startSessionProxy({ upstream: null, guard, meter }) : null;
  const context = await browser.newContext(proxy ? { proxy: contextProxy(proxy) } : {});
  const page = await context.newPage();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await page.goto(url, { waitUntil: 'load' });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpuStart);
  await context.close();
  const bytes = proxy?.bytes().datacenter ?? 0;
  await proxy?.close();
  return { ms, cpu: (used.user + used.system) / 1000, bytes };
}

/**
 * Median load times of `url` direct and proxied. The two alternate, starting side swapped each
 * round, so a slow spell of this shared machine falls on both alike.
 */
async function measure(url: string): Promise<{ direct: number; proxied: number; proxyCpu: number; bytes: number }> {
  const direct: number[] = [];
  const proxied: number[] = [];
  const cpu = { direct: [] as number[], proxied: [] as number[] };
  let bytes = 0;
  for (let i = 0; i <= RUNS; i++) {
    for (const withProxy of i % 2 === 0 ? [false, true] : [true, false]) {
      const run = await load(url, withProxy);
      if (withProxy) bytes = run.bytes;
      if (i === 0) continue;
      (withProxy ? proxied : direct).push(run.ms);
      cpu[withProxy ? 'proxied' : 'direct'].push(run.cpu);
    }
  }
  const proxyCpu = percentile(cpu.proxied, 50) - percentile(cpu.direct, 50);
  return { direct: percentile(direct, 50), proxied: percentile(proxied, 50), proxyCpu, bytes };
}

console.log(`bench:net — ${largest.length} largest fixture pages, median of ${RUNS} loads each after 1 warm-up, direct and proxied alternating, Chromium ${browser.version()}`);
console.log('page                  direct ms   proxied ms   ratio   proxy CPU ms   metered bytes   page bytes');
let direct = 0;
let proxied = 0;
for (const name of largest) {
  const url = site.url(`/${name}/`);
  const m = await measure(url);
  direct += m.direct;
  proxied += m.proxied;
  const size = Buffer.byteLength(pageSource(name));
  console.log(`${name.padEnd(20)} ${m.direct.toFixed(1).padStart(9)}  ${m.proxied.toFixed(1).padStart(10)}   ${(m.proxied / m.direct).toFixed(2)}x  ${m.proxyCpu.toFixed(1).padStart(12)}  ${String(m.bytes).padStart(13)}  ${String(size).padStart(11)}`);
}
console.log(`total proxied / direct: ${(proxied / direct).toFixed(2)}x   (target ≤ 1.15x)`);
console.log('proxy CPU: CPU time of this process per load, proxied minus direct (medians); the proxy runs here, beside the site and Playwright');
await browser.close();
await site.stop();
