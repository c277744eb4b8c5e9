#!/usr/bin/env node
// Bundles the injected program (lib/browser/injected) with esbuild into self-contained IIFE files
// next to dist/lib/browser/program.js, which reads and injects them: the program itself, its
// bootstrap init scripts, and the consent kit evaluated on demand. And the dashboard (dashboard/ →
// dist/dashboard/: app.js, app.css and index.html, which http/routes/dashboard.ts serves). Run by
// scripts/build.mjs after tsc.
import { build } from 'esbuild';
import { appendFileSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const injected = (entry, name, globalName) => ({ entry: `lib/browser/injected/${entry}`, out: `dist/lib/browser/${name}.bundle.js`, globalName });
const bundles = [
  injected('index.ts', 'program'),
  injected('boot/hooks.ts', 'hooks'),
  injected('boot/clock.ts', 'clock'),
  // These two expose `boot` under a global name, which the script node wraps them in keeps inside its own function scope.
  injected('boot/blockers.ts', 'blockers', '__tabwrightBlockers'),
  injected('consent-kit.ts', 'consent', '__tabwrightConsentKit'),
  // The dashboard's page script, marked included: it is served at /dashboard/app.js, nothing from a CDN.
  { entry: 'dashboard/main.ts', out: 'dist/dashboard/app.js' },
  { entry: 'dashboard/app.css', out: 'dist/dashboard/app.css' },
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

mkdirSync(join(root, 'dist', 'dashboard'), { recursive: true });
copyFileSync(join(root, 'dashboard', 'index.html'), join(root, 'dist', 'dashboard', 'index.html'));
// The chart's own stylesheet joins the dashboard's: the CSP refuses the <style> inside the SVG.
const chart = join(root, 'dist', 'lib', 'chart', 'index.js');
if (existsSync(chart)) {
  const { CHART_CSS } = await import(pathToFileURL(chart).href);
  appendFileSync(join(root, 'dist', 'dashboard', 'app.css'), `\n/* lib/chart's CHART_CSS */\n${CHART_CSS.trim()}\n`);
}
