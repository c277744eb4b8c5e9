// Writes what is generated from the code: docs/openapi.json, README.md's request reference and
// docs/api.md's plan and rate tables. Run by scripts/build.mjs after tsc; `--check` only lists
// the stale files and exits 1.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiJson } from '../http/openapi/document.js';
import { plansTable, ratesTable } from '../lib/billing/reference.js';
import { replaceSection } from '../lib/generated-section.js';
import { requestReference } from '../lib/request/reference.js';

/** A generated file: where it is, what it should hold, and what it holds now. */
export interface GeneratedFile {
  path: string;
  want: string;
  have: string | undefined;
}

/** The generated files of the repository at `root`. */
export function generated(root: string): GeneratedFile[] {
  const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
  const file = (path: string, make: (have: string) => string): GeneratedFile => {
    const full = join(root, path);
    const have = read(full);
    return { path: full, want: make(have ?? ''), have };
  };
  return [
    file('docs/openapi.json', () => openApiJson()),
    file('README.md', (have) => replaceSection(have, 'request-reference', requestReference())),
    file('docs/api.md', (have) => replaceSection(replaceSection(have, 'plans', plansTable()), 'rates', ratesTable())),
  ];
}

/** Writes the stale files (or with `--check` lists them and returns 1). */
export function main(argv: string[]): number {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const stale = generated(root).filter((file) => file.want !== file.have);
  if (argv.includes('--check')) {
    for (const file of stale) process.stderr.write(`stale: ${file.path} (regenerate with node scripts/build.mjs)\n`);
    return stale.length ? 1 : 0;
  }
  for (const file of stale) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.want);
    process.stderr.write(`docs: wrote ${file.path}\n`);
  }
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
