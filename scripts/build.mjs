#!/usr/bin/env node
// Compiles the TypeScript tree to dist/ (and bundles the injected program and the dashboard with esbuild), then
// writes what is generated from the codecs: docs/openapi.json and README.md's request reference. Each part is
// checked with its own tsconfig: the service (tsconfig.json) without DOM types, the injected program and the
// dashboard with them (they run in a page), the specs and the benchmarks with both (they drive pages too), each with its own.
// With --if-stale it does nothing when no source is newer than the last build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const sources = ['client', 'mcp', 'bin', 'http', 'actors', 'machines', 'lib', 'spec', 'bench', 'scripts', 'dashboard'];
const inputs = ['tsconfig.json', 'package-lock.json'];
const tsc = (project) => execSync(`npx tsc -p ${project}`, { cwd: root, stdio: 'inherit' });

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

if (process.argv.includes('--if-stale') && existsSync(stamp)) {
  const last = statSync(stamp).mtimeMs;
  const changed = [...sources, ...inputs].some((name) => newest(join(root, name)) > last);
  if (!changed) process.exit(0);
}

process.stderr.write('build: tsc\n');
tsc('tsconfig.json');
tsc('lib/browser/injected/tsconfig.json');
tsc('dashboard/tsconfig.json');
tsc('spec/tsconfig.json');
tsc('bench/tsconfig.json');
// tabwright/client's declarations, for the package's "exports" (the rest of dist/ needs none).
tsc('client/tsconfig.json');
const bundles = join(root, 'scripts', 'bundles.mjs');
if (existsSync(bundles)) execSync(`node ${bundles}`, { cwd: root, stdio: 'inherit' });
execSync(`node ${join(root, 'dist', 'bin', 'docs.js')}`, { cwd: root, stdio: 'inherit' });
mkdirSync(dirname(stamp), { recursive: true });
writeFileSync(stamp, new Date().toISOString());
