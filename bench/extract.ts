// npm run bench:extract — a repeating-structure extraction over the largest fixture pages through
// the API (one extract step on a loaded `page: light` session), against the same query written by
// hand with Playwright's $$eval on the same page in the same run.
import { TestSite } from '../spec/support/site.js';
import { largestPages, pageSource } from '../spec/support/pages.js';
import { startBenchService } from './service.js';
import { percentile } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const largest = largestPages(5);
const site = await TestSite.start(Object.fromEntries(largest.map((name) => [`/${name}/`, { body: pageSource(name) }])));
const { engine, base, headers, stop } = await startBenchService({ offline: true });

/** Every paragraph with its text and the targets of its links: one object per parent. */
const QUERY = { paragraphs: [{ _parent: 'p', text: ':scope >> text', links: ['a >> href'] }] };
const byHand = (ps: Element[]) =>
  ps.map((p) => ({
    text: (p as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
    links: Array.from(p.querySelectorAll('a'), (a) => a.href),
  }));

const fmt = (n: number): string => n.toFixed(1).padStart(8);
console.log(`bench:extract — ${largest.length} largest fixture pages, median of ${RUNS} runs after 1 warm-up`);
console.log('page                 items   api wall  api server    $$eval   ratio (server / $$eval)');
let sumServer = 0;
let sumHand = 0;
for (const name of largest) {
  const created = await fetch(`${base}/v1/sessions`, { method: 'POST', headers, body: JSON.stringify({ url: site.url(`/${name}/`), page: 'light' }) });
  const { session_id } = (await created.json()) as { session_id: string };
  const wall: number[] = [];
  const server: number[] = [];
  let items = 0;
  for (let i = 0; i <= RUNS; i++) {
    const start = performance.now();
    const res = await fetch(`${base}/v1/sessions/${session_id}/act`, { method: 'POST', headers, body: JSON.stringify({ steps: [{ extract: QUERY }] }) });
    const body = (await res.json()) as { extraction: { paragraphs: unknown[] } | null; error: unknown };
    if (body.error) throw new Error(JSON.stringify(body.error));
    items = body.extraction?.paragraphs.length ?? 0;
    if (i === 0) continue;
    wall.push(performance.now() - start);
    server.push(Number(/act;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN));
  }
  await fetch(`${base}/v1/sessions/${session_id}`, { method: 'DELETE', headers });

  const context = await engine.browser().newContext();
  const page = await context.newPage();
  await page.goto(site.url(`/${name}/`));
  const hand: number[] = [];
  let handItems = 0;
  for (let i = 0; i <= RUNS; i++) {
    const start = performance.now();
    const rows = await page.$$eval('p', byHand);
    if (i > 0) hand.push(performance.now() - start);
    handItems = rows.length;
  }
  await context.close();
  const s = percentile(server, 50);
  const h = percentile(hand, 50);
  sumServer += s;
  sumHand += h;
  console.log(`${name.padEnd(18)} ${String(items).padStart(6)}${items === handItems ? ' ' : '≠'} ${fmt(percentile(wall, 50))}  ${fmt(s)}  ${fmt(h)}   ${(s / h).toFixed(2)}x`);
}
console.log(`total server-side extraction / total $$eval: ${(sumServer / sumHand).toFixed(2)}x   (target ≤ 1.5x; wall time adds the HTTP round trip)`);

await stop();
await site.stop();
