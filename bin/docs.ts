// Writes what is generated from the code: docs/openapi.json, README.md's request reference,
// docs/api.md's plan and rate tables and the typed client's types (client/schema.ts). Run by
// scripts/build.mjs after tsc; `--check` only lists the stale files and exits 1.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { openApiJson } from '../http/openapi/document.js';
import { plansTable, ratesTable } from '../lib/platform/billing/reference.js';
import { replaceSection } from '../lib/platform/generated-section.js';
import { requestReference } from '../lib/api/reference.js';

/** A generated file: where it is, what it should hold, and what it holds now. */
export interface GeneratedFile {
  path: string;
  want: string;
  have: string | undefined;
}

/**
 * The client's types, from the same document. Committed rather than made under dist/ because tsc
 * type-checks client/ before this runs, and a reader of the client should see what it is typed by.
 */
export async function clientSchema(): Promise<string> {
  // A field with a default is optional to send; the generator would otherwise make it required.
  const nodes = await openapiTS(JSON.parse(openApiJson()) as OpenAPI3, { defaultNonNullable: false });
  return `// Generated from docs/openapi.json by openapi-typescript (bin/docs.ts): do not edit, run node scripts/build.mjs.\n${astToString(nodes)}`;
}

/** The generated files of the repository at `root`. */
export async function generated(root: string): Promise<GeneratedFile[]> {
  const schema = await clientSchema();
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
    file('client/schema.ts', () => schema),
  ];
}

/** Writes the stale files (or with `--check` lists them and returns 1). */
export async function main(argv: string[]): Promise<number> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const stale = (await generated(root)).filter((file) => file.want !== file.have);
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main(process.argv.slice(2));
