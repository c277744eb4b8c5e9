// Main-content scoring for npm run bench:observe: over the content development set (the real
// pages of spec/fixtures/pages and the boilerplate pages of spec/fixtures/content), word-shingle
// precision, recall and F1 of our main mode against each page's expected.html, beside those of
// Readability alone and defuddle alone run in a raw page of the same browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright';
import type { DevPage } from '../spec/support/pages.js';
import { expectedText, scoresOf, shingleCounts, words, type Scores, type ShingleCounts } from '../spec/support/words.js';

const require = createRequire(import.meta.url);
const READABILITY = readFileSync(require.resolve('@mozilla/readability/Readability.js'), 'utf8');
// defuddle's browser build (UMD): run where `exports` is undefined, it sets self.Defuddle.
const DEFUDDLE = readFileSync(require.resolve('defuddle'), 'utf8');

/** The extractors compared: our main mode through the API, and the two libraries alone. */
export const EXTRACTORS = ['ours', 'readability', 'defuddle'] as const;
type Extractor = (typeof EXTRACTORS)[number];

/** Readability alone, on a copy of the loaded page, as its own README runs it: the article's HTML. */
export async function readabilityText(page: Page): Promise<string> {
  const html = await page.evaluate(
    `(() => { const module = undefined; ${READABILITY}\n;return new Readability(document.cloneNode(true)).parse()?.content ?? ''; })()`,
  );
  return String(html);
}

/** defuddle alone, on the loaded page (it reads the live styles and works on its own copy): the article's text. */
async function defuddleText(page: Page): Promise<string> {
  const html = await page.evaluate(
    `(() => { const exports = undefined, module = undefined, define = undefined; ${DEFUDDLE}\n;` +
      `const D = self.Defuddle; const C = D.Defuddle ?? D.default ?? D; return new C(document).parse().content ?? ''; })()`,
  );
  return expectedText(String(html));
}

/**
 * Texts of the libraries alone on each page: a raw context of `browser` per page, every request
 * but `origin`'s refused, the page loaded, then Readability and defuddle in turn. A library that
 * throws scores as an empty text.
 */
async function libraryTexts(browser: Browser, origin: string, url: string): Promise<Record<'readability' | 'defuddle', string>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    const readability = expectedText(await readabilityText(page).catch(() => ''));
    const defuddle = await defuddleText(page).catch(() => '');
    return { readability, defuddle };
  } finally {
    await context.close();
  }
}

/** What the scoring needs from the benchmark: the browser, where each page is served, and our main-mode markdown of it. */
export interface ContentRun {
  browser: Browser;
  origin: string;
  url: (name: string) => string;
  ours: (name: string) => Promise<string>;
}

const pct = (value: number): string => `${(value * 100).toFixed(1)}`.padStart(6);
const cells = (s: Scores): string => `${pct(s.precision)}${pct(s.recall)}${pct(s.f1)}`;

/** Micro-averaged scores: the shingle counts of every page added up, so long pages weigh more. */
function pooled(rows: ShingleCounts[]): Scores {
  const sum = (pick: (row: ShingleCounts) => number): number => rows.reduce((n, row) => n + pick(row), 0);
  return scoresOf({ expected: sum((row) => row.expected), actual: sum((row) => row.actual), matched: sum((row) => row.matched) });
}

/**
 * Scores every page of `set` for each extractor and prints a table: per page, precision, recall
 * and F1 (in %) of ours, Readability and defuddle; then for each the mean of the pages' F1 (the
 * figure the issue's bar is set in) and the pooled scores. Returns the mean F1 of each.
 */
export async function printContentScores(run: ContentRun, set: DevPage[]): Promise<Record<Extractor, number>> {
  const per: Record<Extractor, ShingleCounts[]> = { ours: [], readability: [], defuddle: [] };
  console.log(`\nmain content, word shingles of 4 (%): ${set.length} pages`);
  console.log(`${'page'.padEnd(22)}${EXTRACTORS.map((e) => `${e.padStart(6)} P     R     F1`.padEnd(18)).join(' ')}`);
  for (const dev of set) {
    const expected = words(expectedText(dev.expected));
    const texts: Record<Extractor, string> = { ours: await run.ours(dev.name), ...(await libraryTexts(run.browser, run.origin, run.url(dev.name))) };
    const line = EXTRACTORS.map((extractor) => {
      const counts = shingleCounts(expected, words(texts[extractor]));
      per[extractor].push(counts);
      return cells(scoresOf(counts));
    });
    console.log(`${dev.name.padEnd(22)}${line.join('   ')}`);
  }
  const mean = (extractor: Extractor): number => per[extractor].reduce((n, counts) => n + scoresOf(counts).f1, 0) / Math.max(1, per[extractor].length);
  console.log(`${'mean F1'.padEnd(22)}${EXTRACTORS.map((e) => `${''.padStart(12)}${pct(mean(e))}`).join('   ')}`);
  console.log(`${'pooled'.padEnd(22)}${EXTRACTORS.map((e) => cells(pooled(per[e]))).join('   ')}`);
  console.log(`main mode mean word-shingle F1: ${mean('ours').toFixed(3)}   (target ≥ 0.95)`);
  return { ours: mean('ours'), readability: mean('readability'), defuddle: mean('defuddle') };
}
