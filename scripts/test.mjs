#!/usr/bin/env node
// Runs the compiled suite with mocha and ends with the plain line `N passed, N failed`,
// so a run that executed nothing is visible. Arguments narrow the run to folders or files
// under dist/spec (for example `node scripts/test.mjs machines http`); --slowest=N ends with
// the N slowest tests and files, hooks included in a file's time (the suite has a time budget).
import Mocha from 'mocha';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Quiet logs unless asked (LOG_LEVEL=debug npm test).
process.env.NODE_ENV ??= 'test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const specRoot = join(root, 'dist', 'spec');

function specFiles(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return path.endsWith('.spec.js') ? [path] : [];
  return readdirSync(path).sort().flatMap((name) => specFiles(join(path, name)));
}

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const grep = process.argv.find((arg) => arg.startsWith('--grep='))?.slice('--grep='.length);
const slowest = Number(process.argv.find((arg) => arg.startsWith('--slowest='))?.slice('--slowest='.length) ?? 0);
// A bare name means a folder or file under dist/spec (`machines`, `http/auth.spec.js`); a path is taken as given.
const roots = args.length ? args.map((arg) => (existsSync(join(specRoot, arg)) ? join(specRoot, arg) : resolve(arg))) : [specRoot];
const files = roots.flatMap(specFiles);

const mocha = new Mocha({ timeout: 60_000, reporter: 'spec', grep });
files.forEach((file) => mocha.addFile(file));
await mocha.loadFilesAsync();
const runner = mocha.run();
const tests = [];
const fileTimes = new Map();
if (slowest > 0) {
  const started = new Map();
  runner.on('test end', (test) => tests.push({ ms: test.duration ?? 0, title: test.fullTitle() }));
  runner.on('suite', (suite) => started.set(suite, Date.now()));
  runner.on('suite end', (suite) => {
    if (!suite.parent?.root || !suite.file) return;
    const file = suite.file.slice(specRoot.length + 1);
    fileTimes.set(file, (fileTimes.get(file) ?? 0) + Date.now() - started.get(suite));
  });
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
runner.on('end', () => {
  if (slowest > 0) {
    console.log(`\nslowest tests:\n${tests.sort((a, b) => b.ms - a.ms).slice(0, slowest).map((t) => `${seconds(t.ms)}  ${t.title}`).join('\n')}`);
    console.log(`\nslowest files:\n${[...fileTimes].sort((a, b) => b[1] - a[1]).slice(0, slowest).map(([file, ms]) => `${seconds(ms)}  ${file}`).join('\n')}`);
  }
  const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
  console.log(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}`);
  process.exitCode = failures > 0 || passes === 0 ? 1 : 0;
  // Give stdout a moment to flush, then stop even if a test leaked a handle.
  setTimeout(() => process.exit(process.exitCode), 200).unref();
});
