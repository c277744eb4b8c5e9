// Writes what is generated from the codecs: docs/openapi.json and README.md's request reference.
// Run by scripts/build.mjs after tsc; `--check` only says whether the committed files are stale.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiJson } from '../http/openapi/document.js';
import { requestReference, withReference } from '../lib/request/reference.js';

/** The generated files and the content they should have, given the repository at `root`. */
export function generated(root: string): Array<{ path: string; want: string; have: string | undefined }> {
  const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);
  const openapi = join(root, 'docs', 'openapi.json');
  const readme = join(root, 'README.md');
  const readmeText = read(readme) ?? '';
  return [
    { path: openapi, want: openApiJson(), have: read(openapi) },
    { path: readme, want: withReference(readmeText, requestReference()), have: readmeText },
  ];
}

/** Writes the stale files (or with `--check` lists them and exits 1). */
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
