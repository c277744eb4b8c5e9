// Word metrics for checking an observation against a reference text: how much of the article
// the markdown holds (recall) and how much of the markdown is article (precision), counted in
// word occurrences, so a page that says "the" forty times must show it forty times.

/** Scripts written without spaces between words, where each character counts as a word. */
const ONE_CHARACTER_WORDS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** A word: a letter or digit of any script, then letters, digits and combining marks (Devanagari, Arabic vowels). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/** A link or image target `](url "title")`, allowing one level of parentheses inside (Wikipedia's `Foo_(bar)`). */
const LINK_TARGET = /\]\((?:[^()]|\([^()]*\))*\)/g;
/** A GFM table separator row such as `| --- | :---: |`. */
const TABLE_SEPARATOR = /^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?$/gm;

/**
 * The lower-cased words of a text, in order, after stripping markdown syntax (link and image
 * targets, `#`, `*`, `_`, `|`, `>`, backticks, table separator rows). Han, hiragana and katakana
 * characters are one word each, since those scripts put no spaces between words.
 */
export function words(text: string): string[] {
  const plain = text
    .replace(LINK_TARGET, ']')
    .replace(TABLE_SEPARATOR, ' ')
    .replace(/[#*_|>`]/g, ' ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(ONE_CHARACTER_WORDS, ' $& ');
  return plain.match(WORD) ?? [];
}

/** How many occurrences the two word lists share (the size of their multiset intersection). */
function shared(expected: readonly string[], actual: readonly string[]): number {
  const left = new Map<string, number>();
  for (const word of expected) left.set(word, (left.get(word) ?? 0) + 1);
  let matched = 0;
  for (const word of actual) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      left.set(word, count - 1);
      matched++;
    }
  }
  return matched;
}

/** Share of the expected word occurrences found in `actual`, 0 to 1 (1 when nothing was expected). */
export function recall(expected: readonly string[], actual: readonly string[]): number {
  return expected.length === 0 ? 1 : shared(expected, actual) / expected.length;
}

/** Share of `actual`'s word occurrences that the expected text accounts for, 0 to 1 (1 when `actual` is empty). */
export function precision(expected: readonly string[], actual: readonly string[]): number {
  return actual.length === 0 ? 1 : shared(expected, actual) / actual.length;
}

/** Word shingles scored: runs of this many words, as the article-extraction benchmarks count them. */
export const SHINGLE = 4;

/** The overlapping runs of `size` words of a word list, each joined by a space (the whole list when it is shorter). */
export function shingles(list: readonly string[], size = SHINGLE): string[] {
  if (list.length === 0) return [];
  if (list.length <= size) return [list.join(' ')];
  const runs: string[] = [];
  for (let i = 0; i + size <= list.length; i++) runs.push(list.slice(i, i + size).join(' '));
  return runs;
}

/** Precision, recall and their harmonic mean F1 of `actual` against `expected`, counted in occurrences. */
export interface Scores {
  precision: number;
  recall: number;
  f1: number;
}

/** Shingle counts of one comparison: expected, found, and shared by both (as multisets). */
export interface ShingleCounts {
  expected: number;
  actual: number;
  matched: number;
}

/** Counts the shingles of two word lists and those they share, the sums that `scoresOf` turns into figures. */
export function shingleCounts(expected: readonly string[], actual: readonly string[]): ShingleCounts {
  const want = shingles(expected);
  const got = shingles(actual);
  return { expected: want.length, actual: got.length, matched: shared(want, got) };
}

/** Precision, recall and F1 of counts (of one page, or added up over many); nothing expected and nothing found scores 1. */
export function scoresOf(counts: ShingleCounts): Scores {
  const p = counts.actual === 0 ? 1 : counts.matched / counts.actual;
  const r = counts.expected === 0 ? 1 : counts.matched / counts.expected;
  return { precision: p, recall: r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

/**
 * Word-shingle scores: `expected` and `actual` are word lists, compared as multisets of runs of
 * SHINGLE words, so text in the wrong order or stitched from elsewhere scores lower than the
 * same words in the article's own order.
 */
export const shingleScores = (expected: readonly string[], actual: readonly string[]): Scores => scoresOf(shingleCounts(expected, actual));

/** The median of per-page figures (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Elements whose content a reader never sees as text: dropped whole. */
const UNSEEN = /<(script|style|noscript|template|svg|math|head|title|iframe|object|audio|video|canvas|select|datalist)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Tags that end a line of text; every other tag is inline and joins its neighbours (`foo<b>bar</b>` is one word). */
const BLOCK =
  /^(address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)$/i;
/** The entities HTML text commonly uses; any other named entity is dropped rather than read as letters. */
const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '', zwj: '', zwnj: '',
  ndash: '–', mdash: '—', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»',
  bull: '•', middot: '·', copy: '©', reg: '®', trade: '™', deg: '°', times: '×', euro: '€', pound: '£',
};

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z][a-z0-9]*));/gi, (_, dec?: string, hex?: string, name?: string) => {
    const code = dec !== undefined ? Number.parseInt(dec, 10) : hex !== undefined ? Number.parseInt(hex, 16) : undefined;
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    return ENTITIES[(name ?? '').toLowerCase()] ?? ' ';
  });
}

/**
 * The reader's text of an HTML fragment such as a fixture's expected.html: comments, scripts,
 * styles and other unseen elements removed, block tags turned into line breaks, images read as
 * their alt text (the observation renders images as alt text too), entities decoded.
 * A regex reading, dependency-free; it is exact enough for counting words in Readability's
 * well-formed output, not a general HTML parser.
 */
export function expectedText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(UNSEEN, ' ')
    .replace(/<([a-z][a-z0-9-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|<\/([a-z][a-z0-9-]*)\s*>/gi, (_, open?: string, attributes?: string, close?: string) => {
      if (open?.toLowerCase() === 'img') {
        const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(attributes ?? '');
        return alt ? ` ${alt[1] ?? alt[2] ?? ''} ` : ' ';
      }
      return BLOCK.test(open ?? close ?? '') ? '\n' : '';
    });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
