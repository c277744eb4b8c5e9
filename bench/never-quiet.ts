// bench:act's case of a page that never goes quiet (a clock ticking every 100 ms, a poll every
// 200 ms): one act of N clicks through the API against raw Playwright doing the same N clicks and
// one read of the page, interleaved on the same browser. Such a page never passes the contract's
// stability check, so the act's observation waits out its cap once; a click must not wait for
// that quiet too, or the act would cost N caps.
import type { Engine } from '../actors/engine.js';
import { STABLE_CAP_MS } from '../lib/browser/observe/observer.js';
import { html, type TestSite } from '../spec/support/site.js';
import { percentile } from './stats.js';

const RUNS = Number(process.env.BENCH_QUIET_RUNS ?? 5);
const CLICKS = [1, 2, 5];
/**
 * What the act may cost beyond the cap besides raw Playwright's clicks: the HTTP round trip, the
 * page walk and, per click, finding its target and the short look for what the click caused.
 */
const FIXED_MS = 150;
const PER_CLICK_MS = 100;

/** The page: a counter the clicks raise, a clock and a poll that never stop. */
export const NEVER_QUIET = html(
  'Never quiet',
  `<h1>Dashboard</h1><p>Time: <span id="clock"></span></p><p>Polled <span id="polls">0</span> times</p>
   <button id="add">Add one</button><p>Count: <output id="count">0</output></p>
   <script>
     const clock = document.getElementById('clock');
     setInterval(() => { clock.textContent = new Date().toISOString(); }, 100);
     let polls = 0;
     setInterval(() => fetch('/poll').then((r) => r.text()).then(() => { document.getElementById('polls').textContent = String(++polls % 10); }), 200);
     document.getElementById('add').addEventListener('click', () => { const out = document.getElementById('count'); out.textContent = String(Number(out.textContent) + 1); });
   </script>`,
);

interface Times {
  api: number[];
  raw: number[];
}

/** Runs the case and prints, per N, the API's act and raw Playwright's clicks and the target check. */
export async function benchNeverQuiet(engine: Engine, site: TestSite, base: string, headers: Record<string, string>): Promise<void> {
  site.route('/busy', { body: NEVER_QUIET });
  site.route('/poll', { type: 'text/plain', body: 'ok' });
  const times = new Map<number, Times>(CLICKS.map((n) => [n, { api: [], raw: [] }]));
  // One warm-up of each, then API and raw alternate so that both see the same load.
  for (let run = -1; run < RUNS; run++) {
    for (const n of CLICKS) {
      const api = await apiAct(n, site, base, headers);
      const raw = await rawClicks(n, engine, site);
      if (run < 0) continue;
      times.get(n)!.api.push(api);
      times.get(n)!.raw.push(raw);
    }
  }
  console.log(`\nnever-quiet page (clock every 100 ms, poll every 200 ms): one act of N clicks vs raw Playwright's N clicks and a read, ${RUNS} runs each`);
  console.log(`the act's observation waits out the stability cap once (${STABLE_CAP_MS} ms) and answers stable: false`);
  console.log('clicks  raw p50  api p50  api p95  api−raw p50  allowed  target');
  for (const [n, { api, raw }] of times) {
    const extra = percentile(api, 50) - percentile(raw, 50);
    const allowed = STABLE_CAP_MS + FIXED_MS + n * PER_CLICK_MS;
    const f = (ms: number): string => ms.toFixed(0).padStart(7);
    console.log(`${String(n).padStart(6)}  ${f(percentile(raw, 50))}  ${f(percentile(api, 50))}  ${f(percentile(api, 95))}  ${f(extra)}      ${f(allowed)}  ${extra <= allowed ? 'met' : 'NOT met'}`);
  }
  console.log(`target: api − raw ≤ one cap (${STABLE_CAP_MS} ms) + ${FIXED_MS} ms + ${PER_CLICK_MS} ms per click (HTTP, the walk, targeting), not N caps`);
}

/** The act's wall time on a session already on the page; checks every click was done. */
async function apiAct(n: number, site: TestSite, base: string, headers: Record<string, string>): Promise<number> {
  const created = await fetch(`${base}/v1/sessions`, { method: 'POST', headers, body: JSON.stringify({ url: site.url('/busy'), auto_dismiss_blockers: false, block_resources: [] }) });
  const { session_id } = (await created.json()) as { session_id: string };
  const steps = Array.from({ length: n }, () => ({ click: { text: 'Add one' } }));
  const start = performance.now();
  const res = await fetch(`${base}/v1/sessions/${session_id}/act`, { method: 'POST', headers, body: JSON.stringify({ steps }) });
  const wall = performance.now() - start;
  const body = (await res.json()) as { completed: number; error: unknown; page: { stable: boolean; markdown: { content: string } } };
  await fetch(`${base}/v1/sessions/${session_id}`, { method: 'DELETE', headers });
  if (body.error || body.completed !== n || !body.page.markdown.content.includes(`Count: ${n}`)) throw new Error(`the act of ${n} clicks failed: ${JSON.stringify(body).slice(0, 500)}`);
  return wall;
}

/** Raw Playwright on a fresh context already on the page: N clicks by text, then the page's text. */
async function rawClicks(n: number, engine: Engine, site: TestSite): Promise<number> {
  const context = await engine.browser().newContext();
  const page = await context.newPage();
  await page.goto(site.url('/busy'));
  const start = performance.now();
  for (let i = 0; i < n; i++) await page.getByText('Add one').click();
  const text = await page.innerText('body');
  const wall = performance.now() - start;
  await context.close();
  if (!text.includes(`Count: ${n}`)) throw new Error(`raw Playwright's ${n} clicks did not count: ${text}`);
  return wall;
}
