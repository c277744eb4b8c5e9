#!/usr/bin/env node
// npm run bench: every benchmark in bench/ that has been built, one after another.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const name of ['create', 'observe', 'act', 'extract', 'net', 'heavy', 'mcp', 'fork']) {
  const file = join(root, 'dist', 'bench', `${name}.js`);
  if (existsSync(file)) execFileSync(process.execPath, [file], { stdio: 'inherit', cwd: root });
}
