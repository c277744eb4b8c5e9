// npm run bench:observe: the 24 real pages of spec/fixtures/pages, each opened in a session
// through the real HTTP server and, in the same run, in a raw Playwright page of the same browser.
// Per page: the time of an act [{observe: {}}] on the loaded, settled page (HTTP round trip
// included, as a client sees it), markdown bytes, element count, word recall and precision
// against expected.html; and the time and size of page.ariaSnapshot({mode: 'ai'}) on the raw page.
// Observe is timed with controls in place (the default) and as a list; then element recall and
// click reach (bench/element-recall.ts) on the same pages and on spec/fixtures/controls; then
// main-content scores over the whole development set (bench/content-score.ts).
import { StabilityTracker } from '../lib/browser/observe/stability.js';
import { controlPage, controlPages } from '../spec/support/control-pages.js';
import { contentPages, devSet, realPages } from '../spec/support/pages.js';
import { TestSite, html } from '../spec/support/site.js';
import { expectedText, median, precision, recall, words } from '../spec/support/words.js';
import { printContentScores } from './content-score.js';
import { elementRecall } from './element-recall.js';
import { startBenchService } from './service.js';
import { percentile, sample } from './stats.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = 1;
/** Runs of the stable check on a quiet page, which takes milliseconds. */
const QUIET_RUNS = Number(process.env.BENCH_QUIET_RUNS ?? 30);
const pages = realPages();
const dev = devSet();
const site = await TestSite.start({
  ...Object.fromEntries(dev.map((page) => [`/${page.name}/`, { body: page.source }])),
  ...Object.fromEntries(controlPages().map((name) => [`/controls/${name}`, { body: controlPage(name) }])),
  '/quiet': { body: html('Quiet', '<h1>A quiet page</h1><p>Nothing moves here.</p><a href="/quiet">Again</a>') },
});

const { engine, base, headers, stop } = await startBenchService({ offline: true });

interface Envelope {
  session_id: string;
  error: { code: string; message: string } | null;
  page: { markdown?: { content: string }; interactive_elements?: unknown[] } | null;
}

async function call(method: string, path: string, body?: object): Promise<Envelope> {
  const res = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? {} : await res.json()) as Envelope;
}

interface Row {
  name: string;
  observeMs: number;
  bytes: number;
  elements: number;
  recall: number;
  precision: number;
  ariaMs: number;
  ariaBytes: number;
  /** With controls: list (the default is in_place). */
  listMs: number;
  listBytes: number;
}

/** Each page's whole main-mode markdown (no length cut), for the content scores. */
const markdowns = new Map<string, string>();
/** Past any article's length: the content scores measure the extraction, not the default cut of 12,000 characters. */
const WHOLE = 1_000_000;

/** Our figures for one page: a session opened on it, then the median of RUNS observe acts. */
async function observePage(name: string, runs = RUNS): Promise<Omit<Row, 'ariaMs' | 'ariaBytes'>> {
  const list = await observeList(name, runs);
  const created = await call('POST', '/v1/sessions', { url: site.url(`/${name}/`) });
  if (created.error) throw new Error(`${name}: create failed: ${created.error.code} ${created.error.message}`);
  const id = created.session_id;
  try {
    let last: Envelope | undefined;
    const times = await sample(runs, WARMUP, async () => {
      last = await call('POST', `/v1/sessions/${id}/act`, { steps: [{ observe: {} }] });
    });
    if (!last || last.error) throw new Error(`${name}: observe failed: ${last?.error?.code ?? 'no answer'}`);
    const content = last.page?.markdown?.content ?? '';
    const whole = await call('POST', `/v1/sessions/${id}/act`, { steps: [{ observe: { max_text_length: WHOLE } }] });
    markdowns.set(name, whole.page?.markdown?.content ?? '');
    const expected = words(expectedText(dev.find((page) => page.name === name)?.expected ?? ''));
    const actual = words(content);
    return {
      name,
      observeMs: percentile(times, 50),
      bytes: Buffer.byteLength(content),
      elements: last.page?.interactive_elements?.length ?? 0,
      recall: recall(expected, actual),
      precision: precision(expected, actual),
      ...list,
    };
  } finally {
    await call('DELETE', `/v1/sessions/${id}`);
  }
}

/** The same with observe's controls: list, in a session of its own. */
async function observeList(name: string, runs: number): Promise<Pick<Row, 'listMs' | 'listBytes'>> {
  const created = await call('POST', '/v1/sessions', { url: site.url(`/${name}/`) });
  let last: Envelope | undefined;
  const times = await sample(runs, WARMUP, async () => {
    last = await call('POST', `/v1/sessions/${created.session_id}/act`, { steps: [{ observe: { controls: 'list' } }] });
  });
  await call('DELETE', `/v1/sessions/${created.session_id}`);
  return { listMs: percentile(times, 50), listBytes: Buffer.byteLength(last?.page?.markdown?.content ?? '') };
}

/** Playwright's reference on the same page in a raw context of the same browser: median of RUNS snapshots. */
async function ariaPage(name: string): Promise<Pick<Row, 'ariaMs' | 'ariaBytes'>> {
  const context = await engine.browser().newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await page.goto(site.url(`/${name}/`), { waitUntil: 'load', timeout: 30_000 });
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    let snapshot = '';
    const times = await sample(RUNS, WARMUP, async () => {
      snapshot = await page.ariaSnapshot({ mode: 'ai' });
    });
    return { ariaMs: percentile(times, 50), ariaBytes: Buffer.byteLength(snapshot) };
  } finally {
    await context.close();
  }
}

const browser = engine.browser();
console.log(`bench:observe — ${pages.length} pages, median of ${RUNS} runs after ${WARMUP} warm-up, Chromium ${browser.version()}`);
const ms = (value: number): string => value.toFixed(1).padStart(8);
const pct = (value: number): string => `${(value * 100).toFixed(1)}%`.padStart(8);
const num = (value: number, width = 9): string => String(value).padStart(width);
console.log(`${'page'.padEnd(18)} observe ms  md bytes elements   recall  precis.  aria ms aria bytes  ratio`);
const rows: Row[] = [];
for (const name of pages) {
  const row = { ...(await observePage(name)), ...(await ariaPage(name)) };
  rows.push(row);
  console.log(
    `${name.padEnd(18)}${ms(row.observeMs)}   ${num(row.bytes)}${num(row.elements)}${pct(row.recall)}${pct(row.precision)}` +
      `${ms(row.ariaMs)}  ${num(row.ariaBytes)}${(row.observeMs / row.ariaMs).toFixed(2).padStart(6)}x`,
  );
}

const sum = (pick: (row: Row) => number): number => rows.reduce((total, row) => total + pick(row), 0);
const observeTotal = sum((row) => row.observeMs);
const ariaTotal = sum((row) => row.ariaMs);
console.log(
  `${'total'.padEnd(18)}${ms(observeTotal)}   ${num(sum((row) => row.bytes))}${num(sum((row) => row.elements))}` +
    `${pct(median(rows.map((row) => row.recall)))}${pct(median(rows.map((row) => row.precision)))}` +
    `${ms(ariaTotal)}  ${num(sum((row) => row.ariaBytes))}${(observeTotal / ariaTotal).toFixed(2).padStart(6)}x   (recall, precision: medians)`,
);
console.log(`total observe / total aria snapshot: ${(observeTotal / ariaTotal).toFixed(2)}x   (target ≤ 1.0x)`);
const ariaBytes = sum((row) => row.ariaBytes);
console.log(
  `controls in_place (default): time ${(observeTotal / ariaTotal).toFixed(2)}x, bytes ${(sum((row) => row.bytes) / ariaBytes).toFixed(2)}x;` +
    ` controls list: time ${(sum((row) => row.listMs) / ariaTotal).toFixed(2)}x, bytes ${(sum((row) => row.listBytes) / ariaBytes).toFixed(2)}x   (targets ≤ 0.5x, ≤ 0.3x)`,
);
await elementRecall(browser, [...pages.map((name) => ({ name, url: site.url(`/${name}/`) })), ...controlPages().map((name) => ({ name, url: site.url(`/controls/${name}`) }))]);
const wikipedia = rows.find((row) => row.name === 'wikipedia-2');
if (wikipedia) console.log(`wikipedia-2 observation: ${wikipedia.observeMs.toFixed(1)} ms   (target < 300 ms)`);

// The stable check on a quiet page. The API cannot isolate it: an act always ends with a full
// observation (the act route ignores the create's `page`), so an observe act and a wait act do the
// same work; and a create with `page: light` against a default create differs by the check plus
// the walk, lost in the ±60 ms jitter of the create's own settle wait (tried: 8 to 31 ms from run
// to run). So two figures: the check alone, StabilityTracker.waitForStable as every observation
// runs it first, on a settled quiet page in a raw context of the same browser; and a whole
// observe act on the same quiet page through the API, an upper bound of what the check can add.
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
const tracker = await StabilityTracker.attach(context);
const quietPage = await context.newPage();
await quietPage.goto(site.url('/quiet'));
const settled = await tracker.waitForStable(quietPage, 5_000);
const check = await sample(QUIET_RUNS, 3, async () => {
  await tracker.waitForStable(quietPage, 3_000);
});
await context.close();
const quiet = await call('POST', '/v1/sessions', { url: site.url('/quiet') });
const quietAct = await sample(QUIET_RUNS, 3, async () => {
  await call('POST', `/v1/sessions/${quiet.session_id}/act`, { steps: [{ observe: {} }] });
});
await call('DELETE', `/v1/sessions/${quiet.session_id}`);
console.log(
  `quiet page${settled ? '' : ' (never settled!)'}: stable check p50 ${percentile(check, 50).toFixed(1)} ms, p95 ${percentile(check, 95).toFixed(1)} ms;` +
    ` whole observe act p50 ${percentile(quietAct, 50).toFixed(1)} ms   (target: the check adds < 20 ms)`,
);

// The boilerplate pages were not timed above: one observe act each gives their markdown.
for (const name of contentPages()) await observePage(name, 1);
await printContentScores(
  { browser, origin: site.origin, url: (name) => site.url(`/${name}/`), ours: (name) => Promise.resolve(markdowns.get(name) ?? '') },
  dev,
);

await stop();
await site.stop();
