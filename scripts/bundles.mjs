#!/usr/bin/env node
// Bundles the in-page scripts with esbuild into self-contained IIFE files under dist/, which the
// node side reads and injects (context.addInitScript), and the dashboard (dashboard/ → dist/dashboard/:
// app.js, app.css and index.html, which http/routes/dashboard.ts serves). Run by scripts/build.mjs after tsc.
import { build } from 'esbuild';
import { appendFileSync, copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundles = [
  { entry: 'lib/browser/injected/hooks.ts', out: 'dist/lib/browser/observe/hooks.bundle.js' },
  { entry: 'lib/browser/injected/index.ts', out: 'dist/lib/browser/observe/page.bundle.js' },
  // Exposes `start` under a global name, which the consent init script keeps inside its own function scope.
  { entry: 'lib/browser/injected/consent-kit.ts', out: 'dist/lib/browser/blockers/consent.bundle.js', globalName: '__tabwrightConsentKit' },
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
