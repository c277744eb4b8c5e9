#!/usr/bin/env node
// Bundles the in-page scripts with esbuild into self-contained IIFE files under dist/, which the
// node side reads and injects (context.addInitScript). Run by scripts/build.mjs after tsc.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundles = [
  { entry: 'lib/observe/page/hooks.ts', out: 'dist/lib/observe/hooks.bundle.js' },
  { entry: 'lib/observe/page/index.ts', out: 'dist/lib/observe/page.bundle.js' },
  // Exposes `start` under a global name, which the consent init script keeps inside its own function scope.
  { entry: 'lib/blockers/page/consent.ts', out: 'dist/lib/blockers/consent.bundle.js', globalName: '__tabwrightConsentKit' },
];

for (const { entry, out, globalName } of bundles) {
  if (!existsSync(join(root, entry))) continue;
  await build({
    entryPoints: [join(root, entry)],
    outfile: join(root, out),
    bundle: true,
    format: 'iife',
    ...(globalName ? { globalName } : {}),
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
