// The 24 saved real pages (Mozilla Readability's Apache-2.0 test pages) in spec/fixtures/pages,
// and the content development set (those plus the boilerplate pages of spec/fixtures/content),
// shared by the specs and the benchmarks. They are part of the repository: a missing folder is a
// broken checkout, so every accessor throws instead of letting a suite skip.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file runs as dist/spec/support/pages.js, three folders below the repository root.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The folder of the real pages: spec/fixtures/pages/NAME/{source,expected}.html. */
export const PAGES_DIR = join(ROOT, 'spec', 'fixtures', 'pages');

/** The page names (folders holding both source.html and expected.html), sorted; throws when there are none. */
export const realPages = (): string[] => pagesIn(PAGES_DIR);

/** A page's source.html, as the site served it. */
export const pageSource = (name: string): string => readFileSync(join(PAGES_DIR, name, 'source.html'), 'utf8');

/** A page's expected.html, its main article as a careful reader picks it. */
export const pageExpected = (name: string): string => readFileSync(join(PAGES_DIR, name, 'expected.html'), 'utf8');

/** The `count` pages with the largest source.html, largest first. */
export function largestPages(count: number): string[] {
  const size = (name: string): number => statSync(join(PAGES_DIR, name, 'source.html')).size;
  return realPages()
    .sort((a, b) => size(b) - size(a))
    .slice(0, count);
}

/** The folder of the boilerplate pages written for main-content extraction: spec/fixtures/content/NAME/{source,expected}.html. */
export const CONTENT_DIR = join(ROOT, 'spec', 'fixtures', 'content');

/** A page of the content development set: its name (unique over both folders) and its two files. */
export interface DevPage {
  name: string;
  source: string;
  expected: string;
}

function pagesIn(dir: string): string[] {
  const names = existsSync(dir)
    ? readdirSync(dir).filter((name) => existsSync(join(dir, name, 'source.html')) && existsSync(join(dir, name, 'expected.html')))
    : [];
  if (names.length === 0) throw new Error(`No pages in ${dir}: the checkout is incomplete`);
  return names.sort();
}

/** The boilerplate page names of spec/fixtures/content, sorted; throws when there are none. */
export const contentPages = (): string[] => pagesIn(CONTENT_DIR);

/** A boilerplate page of spec/fixtures/content, both files read. */
export function contentPage(name: string): DevPage {
  return { name, source: readFileSync(join(CONTENT_DIR, name, 'source.html'), 'utf8'), expected: readFileSync(join(CONTENT_DIR, name, 'expected.html'), 'utf8') };
}

/** The content development set: the real pages, then the boilerplate pages, both files read. */
export function devSet(): DevPage[] {
  return [
    ...realPages().map((name) => ({ name, source: pageSource(name), expected: pageExpected(name) })),
    ...contentPages().map(contentPage),
  ];
}
