// The 24 saved real pages (Mozilla Readability's Apache-2.0 test pages) in spec/fixtures/pages,
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
export function realPages(): string[] {
  const names = existsSync(PAGES_DIR)
    ? readdirSync(PAGES_DIR).filter((name) => existsSync(join(PAGES_DIR, name, 'source.html')) && existsSync(join(PAGES_DIR, name, 'expected.html')))
    : [];
  if (names.length === 0) throw new Error(`No real pages in ${PAGES_DIR}: the checkout is incomplete`);
  return names.sort();
}

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
