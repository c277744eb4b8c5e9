// npm run bench:content [FOLDER]: main mode's text scored on annotated pages, beside Mozilla's
// Readability run in a raw page of the same browser in the same run. FOLDER (or
// BENCH_CONTENT_SET) holds expectations.json and pages/<id>.html, as the development set of
// trafilatura's evaluation does; with none, the repository's own pages are scored. Pages are
// served from a loopback port with their charset, and nothing they ask for leaves 127.0.0.1.
// BENCH_CONTENT_OUT=DIR writes each page's two texts there; BENCH_CONTENT_ONLY=REGEX scores the
// matching pages only; BENCH_CONCURRENCY (2) pages are scored at a time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TestSite } from '../spec/support/site.js';
import { expectedText } from '../spec/support/words.js';
import { addCounts, annotatedSet, countSnippets, figures, readerText, repositorySet, type AnnotatedPage, type SnippetCounts } from './content-set.js';
import { readabilityText } from './content-score.js';
import { startBenchService } from './service.js';

const folder = process.argv[2] ?? process.env.BENCH_CONTENT_SET;
const only = process.env.BENCH_CONTENT_ONLY ? new RegExp(process.env.BENCH_CONTENT_ONLY) : null;
const out = process.env.BENCH_CONTENT_OUT;
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 2));
/** Past any article's length: the scores measure the extraction, not the default cut of 12,000 characters. */
const WHOLE = 1_000_000;

const set = (folder ? annotatedSet(folder) : repositorySet()).filter((page) => !only || only.test(page.id));
const paths = new Map(set.map((page, i) => [`/p${i}/`, page]));
const serve = (page: AnnotatedPage) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'Content-Type': `text/html; charset=${page.charset}` }).end(page.body);
};
const site = await TestSite.start(Object.fromEntries([...paths].map(([path, page]) => [path, serve(page)])));
const service = await startBenchService({ offline: true, loopbackOnly: true });
const { base, headers } = service;
const browser = service.engine.browser();

/** The parts of the API's answers read here. */
interface Answer {
  session_id?: string;
  page?: { url?: string; markdown?: { content?: string } } | null;
}

async function call(method: string, path: string, body?: object): Promise<Answer> {
  const res = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
  return res.status === 204 ? {} : ((await res.json()) as Answer);
}

/**
 * Main mode's whole markdown through the API, as a reader gets it (its title line dropped), and
 * whether the page had gone elsewhere by then ('' when it failed). An archived page's own script
 * may send it back to its site (`if (location.protocol != "https:") …`); offline, that is an error
 * page, which neither extractor can be scored on.
 */
async function ours(url: string): Promise<{ text: string; left: boolean }> {
  const created = await call('POST', '/v1/sessions', { url });
  if (!created.session_id) return { text: '', left: false };
  try {
    const act = await call('POST', `/v1/sessions/${created.session_id}/act`, { steps: [{ observe: { mode: 'main', max_text_length: WHOLE } }] });
    const at = (act.page?.url ?? url).replace(/#.*$/, '');
    return { text: readerText(act.page?.markdown?.content ?? '', true), left: at !== url };
  } finally {
    await call('DELETE', `/v1/sessions/${created.session_id}`);
  }
}

/** Readability alone in a raw context of the same browser, every request but the site's refused. */
async function readability(url: string): Promise<string> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    await context.route('**/*', (route) => (route.request().url().startsWith(site.origin) ? route.continue() : route.abort()));
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 }).catch(() => undefined);
    // Images left out, as from ours: a picture's alt is not text a reader reads.
    const html = (await readabilityText(page).catch(() => '')).replace(/<img\b[^>]*>/gi, ' ');
    return readerText(expectedText(html), false);
  } finally {
    await context.close();
  }
}

interface Result {
  page: AnnotatedPage;
  ours: SnippetCounts;
  readability: SnippetCounts;
  texts: { ours: string; readability: string };
}

const results: Result[] = [];
/** Pages that had left their address by the time they were read: scored for neither extractor. */
const left: string[] = [];
const queue = [...paths];
const started = Date.now();
console.log(`bench:content: ${set.length} pages from ${folder ?? 'the repository (spec/fixtures)'}; load average at start ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [path, page] = next;
      const mine = await ours(site.url(path));
      const texts = { ours: mine.text, readability: await readability(site.url(path)) };
      if (mine.left) left.push(page.id);
      else results.push({ page, ours: countSnippets(page, texts.ours), readability: countSnippets(page, texts.readability), texts });
      if (out) {
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, `${page.id}.ours.txt`), texts.ours);
        writeFileSync(join(out, `${page.id}.readability.txt`), texts.readability);
      }
      if ((results.length + left.length) % 50 === 0) console.log(`  ${results.length + left.length} pages read`);
    }
  }),
);

const zero: SnippetCounts = { tp: 0, fn: 0, fp: 0, tn: 0 };
const total = (pick: (r: Result) => SnippetCounts): SnippetCounts => results.map(pick).reduce(addCounts, zero);
const row = (name: string, counts: SnippetCounts): string => {
  const f = figures(counts);
  return `${name.padEnd(14)}${[f.precision, f.recall, f.accuracy, f.f].map((n) => n.toFixed(3).padStart(10)).join('')}`;
};
if (left.length > 0) console.log(`\n${left.length} pages went elsewhere before they were read (their own scripts, offline), scored for neither: ${left.join(', ')}`);
const mine = figures(total((r) => r.ours));
const theirs = figures(total((r) => r.readability));
console.log(`\n${'extractor'.padEnd(14)}${['precision', 'recall', 'accuracy', 'F'].map((h) => h.padStart(10)).join('')}`);
console.log(row('tabwright', total((r) => r.ours)));
console.log(row('Readability', total((r) => r.readability)));

// A page's standing: snippets put right (a `with` found, a `without` left out).
const right = (c: SnippetCounts): number => c.tp + c.tn;
const losses = results.filter((r) => right(r.readability) > right(r.ours)).sort((a, b) => right(b.readability) - right(b.ours) - (right(a.readability) - right(a.ours)));
const wins = results.filter((r) => right(r.ours) > right(r.readability)).length;
console.log(`\npages where tabwright is ahead: ${wins}, behind: ${losses.length}, level: ${results.length - wins - losses.length}`);
console.log('where tabwright loses most to Readability (snippets put right, tabwright / Readability; what differs):');
for (const r of losses.slice(0, 15)) {
  const differs = [
    ...r.page.with.filter((s) => !r.texts.ours.includes(s.replace(/\s+/g, ' ').trim()) && r.texts.readability.includes(s.replace(/\s+/g, ' ').trim())).map((s) => `missing "${s.slice(0, 60)}"`),
    ...r.page.without.filter((s) => r.texts.ours.includes(s.replace(/\s+/g, ' ').trim()) && !r.texts.readability.includes(s.replace(/\s+/g, ' ').trim())).map((s) => `kept "${s.slice(0, 60)}"`),
  ];
  console.log(`  ${r.page.id.padEnd(48)} ${right(r.ours)}/${right(r.readability)}  ${differs.join('; ')}`);
}
const margin = mine.f - theirs.f;
console.log(`\nF: tabwright ${mine.f.toFixed(3)}, Readability ${theirs.f.toFixed(3)} (margin ${margin >= 0 ? '+' : ''}${margin.toFixed(3)}, target ≥ +0.030);` +
  ` recall ${mine.recall.toFixed(3)} against ${theirs.recall.toFixed(3)} (target: not lower) — ${margin >= 0.03 && mine.recall >= theirs.recall ? 'target met' : 'target not met'}`);
console.log(`${results.length} pages scored, ${left.length} left out, in ${((Date.now() - started) / 1000).toFixed(0)} s; load average at end ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
await service.stop();
await site.stop();
