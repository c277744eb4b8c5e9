// npm run bench:cdp: a session driven over its CDP endpoint, against what peers do and the floor,
// in one run on the same Chromium binary:
//   lifecycle (create, connect, goto a small page, close) through tabwright, against raw Playwright
//   launching a browser per session and connecting to it over CDP, and against a client that
//   connects to one running Chromium and opens a context there (the floor);
//   one page.evaluate('1') through the endpoint, against a direct connection to the same Chromium;
//   the memory of a connected idle session against an API-only one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright';
import { TestSite, html } from '../spec/support/site.js';
import { testChromium } from '../spec/support/chromium.js';
import { profileEndpoint } from '../lib/browser/cdp/endpoint.js';
import { treeMemory } from './process-tree.js';
import { refilled, startBenchService, type BenchService } from './service.js';
import { loadAverage, percentile, row, sampleTogether } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const EVALS = Number(process.env.BENCH_EVALS ?? 500);
/** Idle sessions the memory figures are measured over. */
const IDLE = Number(process.env.BENCH_IDLE ?? 8);

const site = await TestSite.start({ '/': { body: html('Bench', '<h1>Bench page</h1><p>Some text to read.</p>') } });
const p50 = (values: number[] | undefined): number => percentile(values ?? [], 50);
const verdict = (value: number, target: number): string => `${value.toFixed(2)}x (target ≤ ${target}x: ${value <= target ? 'met' : 'NOT met'})`;

interface Created {
  id: string;
  cdp: string;
}

async function create(service: BenchService): Promise<Created> {
  const res = await fetch(`${service.base}/v1/sessions`, { method: 'POST', headers: service.headers, body: '{}' });
  if (res.status !== 201) throw new Error(`create answered ${res.status}`);
  const body = (await res.json()) as { session_id: string; cdp_url: string };
  return { id: body.session_id, cdp: body.cdp_url };
}

const remove = (service: BenchService, id: string): Promise<Response> => fetch(`${service.base}/v1/sessions/${id}`, { method: 'DELETE', headers: service.headers });

/** A headless Chromium of its own with a debugging port, as a browser-per-session peer starts one; resolves once it listens. */
async function ownChromium(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tabwright-bench-cdp-'));
  const child = spawn(testChromium(), ['--headless', '--no-sandbox', '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--no-first-run', '--disable-gpu', 'about:blank'], { stdio: 'ignore', detached: true });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Killed at once (its close); the profile goes once the process is gone, outside the timing.
  const stop = async (): Promise<void> => {
    // The whole group: Chromium's helper processes go with it.
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  };
  const endpoint = await profileEndpoint(profile, 10_000, 5);
  if (endpoint) return { endpoint, stop };
  await stop();
  throw new Error('Chromium did not start listening');
}

/** Pages the service's warm pool keeps ready. */
const WARM = 2;


console.log(`bench:cdp — ${RUNS} lifecycles each after ${WARMUP} warm-up, taken in turn; ${EVALS} evaluate round trips; load average ${loadAverage()}`);
const service = await startBenchService({ warmSessions: WARM });
const endpoint = service.engine.debuggingEndpoint;
if (!endpoint) throw new Error('the engine has no debugging endpoint');
console.log(`Chromium ${service.engine.browser().version()}; warm pool of 2`);

const [ours, perSession, floor] = await sampleTogether(
  RUNS,
  WARMUP,
  [
    async () => {
      const session = await create(service);
      const browser = await chromium.connectOverCDP(session.cdp);
      const page = browser.contexts()[0]!.pages()[0]!;
      await page.goto(site.url('/'));
      await browser.close();
      await remove(service, session.id);
      // The pool refills outside the timing, and before the next measurement of any kind starts.
      // Then a moment for the build to settle.
      return () => refilled(service, WARM).then(() => sleep(50));
    },
    async () => {
      const own = await ownChromium();
      const browser = await chromium.connectOverCDP(own.endpoint);
      const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
      await page.goto(site.url('/'));
      await browser.close();
      const gone = own.stop();
      return () => gone;
    },
    async () => {
      const browser = await chromium.connectOverCDP(endpoint);
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(site.url('/'));
      await context.close();
      await browser.close();
    },
  ],
  { rotate: true },
);
console.log(row('tabwright: create, connect, goto, close', ours!));
console.log(row('browser per session: launch, connect, goto', perSession!));
console.log(row('floor: connect to Chromium, context, goto', floor!));
console.log(`lifecycle p50 tabwright / browser per session: ${verdict(p50(ours) / p50(perSession), 0.4)}`);
console.log(`lifecycle p50 tabwright / floor:               ${verdict(p50(ours) / p50(floor), 1.3)}`);

// Round trips: the same page.evaluate through the endpoint and through a direct connection.
const session = await create(service);
const bridged = await chromium.connectOverCDP(session.cdp);
const bridgedPage = bridged.contexts()[0]!.pages()[0]!;
const direct = await chromium.connectOverCDP(endpoint);
const directContext = await direct.newContext();
const directPage = await directContext.newPage();
const [throughUs, straight] = await sampleTogether(EVALS, 50, [() => bridgedPage.evaluate('1').then(() => undefined), () => directPage.evaluate('1').then(() => undefined)]);
console.log(row('page.evaluate("1") through the endpoint', throughUs!));
console.log(row('page.evaluate("1") direct to Chromium', straight!));
console.log(`round trip p50 endpoint / direct: ${verdict(p50(throughUs) / p50(straight), 1.2)}`);
await bridged.close();
await direct.close();
await remove(service, session.id);

// Memory: IDLE sessions with no client, then the same sessions each with a connected client.
async function settled(): Promise<ReturnType<typeof treeMemory>> {
  await sleep(2_000);
  return treeMemory(process.pid);
}
await service.driver.shutdown();
const empty = await settled();
const idle = await Promise.all(Array.from({ length: IDLE }, () => create(service)));
const apiOnly = await settled();
const clients: Browser[] = [];
for (const created of idle) clients.push(await chromium.connectOverCDP(created.cdp));
const connected = await settled();
const perSessionMb = (kb: number): number => kb / IDLE / 1024;
const apiMb = perSessionMb(apiOnly.treePss - empty.treePss);
const connectedMb = perSessionMb(connected.treePss - empty.treePss);
console.log(`memory per idle session (${IDLE}; PSS of the whole process tree, the clients' side in this process included): API only ${apiMb.toFixed(1)} MB, connected ${connectedMb.toFixed(1)} MB`);
console.log(`memory connected / API only: ${verdict(connectedMb / apiMb, 1.2)}`);
await Promise.all(clients.map((client) => client.close()));
await Promise.all(idle.map((created) => remove(service, created.id)));
await service.stop();
await site.stop();
console.log(`load average at the end ${loadAverage()}`);
