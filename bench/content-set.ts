// The pages npm run bench:content scores, and how it scores them. Either an annotated set in a
// folder (expectations.json and pages/<id>.html: snippets that must and must not be in each
// page's main text, as trafilatura's evaluation set has them), or, with no folder, the
// repository's own pages, whose snippets are drawn from their expected.html.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { devSet } from '../spec/support/pages.js';
import { expectedText } from '../spec/support/words.js';

/** One page to score: its bytes as archived, the charset to serve them in, and its snippets. */
export interface AnnotatedPage {
  id: string;
  body: Buffer;
  charset: string;
  /** Snippets of the main content. */
  with: string[];
  /** Snippets of boilerplate. */
  without: string[];
}

interface Expectations {
  pages: Array<{ id: string; charset?: string; with?: string[]; without?: string[] }>;
}

/** The annotated set in `folder`; throws when it has no expectations.json or a page file is missing. */
export function annotatedSet(folder: string): AnnotatedPage[] {
  const file = join(folder, 'expectations.json');
  if (!existsSync(file)) throw new Error(`${folder} has no expectations.json`);
  const { pages } = JSON.parse(readFileSync(file, 'utf8')) as Expectations;
  return pages.map((page) => ({
    id: page.id,
    body: readFileSync(join(folder, 'pages', `${page.id}.html`)),
    charset: page.charset ?? 'utf-8',
    with: page.with ?? [],
    without: page.without ?? [],
  }));
}

/** Most snippets of each kind drawn from a repository page, as the annotated set has one to six. */
const SNIPPETS = 6;
/** Shortest line taken as a snippet: shorter ones ("Share", "Next") are also in many articles' text. */
const MIN_SNIPPET = 25;

const lines = (text: string): string[] => text.split('\n').map(normalise).filter((line) => line.length >= MIN_SNIPPET);

/** Up to `count` items spread evenly over `list`, first and last included. */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  return Array.from({ length: count }, (_, i) => list[Math.round((i * (list.length - 1)) / (count - 1))]!);
}

/**
 * The repository's pages (the real pages and the boilerplate pages) as an annotated set: `with`
 * snippets are lines of the expected article, `without` snippets lines of the page's text that the
 * article does not hold.
 */
export function repositorySet(): AnnotatedPage[] {
  return devSet().map((page) => {
    const article = normalise(expectedText(page.expected));
    const body = page.source.replace(/^[\s\S]*?<body\b[^>]*>/i, '');
    const outside = lines(expectedText(body)).filter((line) => !article.includes(line));
    return {
      id: page.name,
      body: Buffer.from(page.source),
      charset: 'utf-8',
      with: spread(lines(expectedText(page.expected)), SNIPPETS),
      without: spread([...new Set(outside)], SNIPPETS),
    };
  });
}

/** Every run of whitespace to one space, trimmed: how text and snippets are compared. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A markdown image `![alt](url)` or link `[text](url "title")`, one level of brackets allowed in the text and of parentheses in the url. */
const IMAGE = /!\[((?:[^[\]]|\[[^\]]*\])*)\]\((?:[^()]|\([^()]*\))*\)/g;
const LINK = /\[((?:[^[\]]|\[[^\]]*\])*)\]\((?:[^()]|\([^()]*\))*\)/g;
/** Emphasis by underscores, at a word's edge only (snake_case stays). */
const UNDERSCORES = /(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu;

/** A control as main mode marks it in place, `[e12: button "Share"]`: an agent's handle, not the page's text. */
const CONTROL = /\[e\d+: [a-z]+(?: "(?:[^"\\]|\\.)*")?[^\]]*\]/g;

/**
 * What a reader gets from markdown: link syntax replaced by its text; images (a picture, not
 * text: their alt is left out here as it is from Readability's side), controls' marks, headings',
 * lists' and quotes' markers, emphasis, code marks, table pipes and separator rows and escapes
 * removed; the first line too when it is the title heading the extractor adds.
 */
export function readerText(markdown: string, dropTitle: boolean): string {
  let text = dropTitle ? markdown.replace(/^# [^\n]*\n?/, '') : markdown;
  text = text
    .replace(CONTROL, ' ')
    .replace(IMAGE, ' ')
    .replace(LINK, '$1')
    .replace(/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*(?::?-+:?[ \t]*)?$/gm, ' ')
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:>[ \t]?)+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/(\*\*|\*|`)/g, '')
    .replace(UNDERSCORES, '')
    .replace(/[ \t]*\|[ \t]*/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, '$1');
  return normalise(text);
}

/** Snippet counts of one page, or summed over many (trafilatura's evaluation). */
export interface SnippetCounts {
  tp: number;
  fn: number;
  fp: number;
  tn: number;
}

/** Counts `page`'s snippets found in and missing from `text` (both normalised). */
export function countSnippets(page: AnnotatedPage, text: string): SnippetCounts {
  const found = (snippet: string): boolean => text.includes(normalise(snippet));
  const tp = page.with.filter(found).length;
  const fp = page.without.filter(found).length;
  return { tp, fn: page.with.length - tp, fp, tn: page.without.length - fp };
}

export const addCounts = (a: SnippetCounts, b: SnippetCounts): SnippetCounts => ({ tp: a.tp + b.tp, fn: a.fn + b.fn, fp: a.fp + b.fp, tn: a.tn + b.tn });

/** Precision, recall, accuracy and F of summed counts, as trafilatura computes them. */
export function figures(c: SnippetCounts): { precision: number; recall: number; accuracy: number; f: number } {
  const all = c.tp + c.fn + c.fp + c.tn;
  return {
    precision: c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp),
    recall: c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn),
    accuracy: all === 0 ? 1 : (c.tp + c.tn) / all,
    f: 2 * c.tp + c.fp + c.fn === 0 ? 1 : (2 * c.tp) / (2 * c.tp + c.fp + c.fn),
  };
}
