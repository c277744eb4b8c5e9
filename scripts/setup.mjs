#!/usr/bin/env node
// One set-up for `npm start`, `npm test` and the rest: installs what is missing (npm packages with
// the native build of better-sqlite3, Debian's chromium when no browser is found, Debian's postgresql
// for the tests of the PostgreSQL store), then builds.
// Plain Node with no dependencies, because it runs before anything is installed.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installServices } from './apt.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => process.stderr.write(`setup: ${line}\n`);
const run = (command) => {
  say(command);
  execSync(command, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
};
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

// 1. npm packages, when node_modules is absent or older than the lock file.
const installed = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || mtime(installed) < mtime(join(root, 'package-lock.json'))) {
  run(existsSync(join(root, 'package-lock.json')) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund');
}

// 2. The native build of better-sqlite3 (a prebuilt binary cannot be downloaded here, so node-gyp builds it).
const require = createRequire(join(root, 'package.json'));
const sqliteLoads = () => {
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root });
  return probe.status === 0;
};
if (!sqliteLoads()) {
  run('npm rebuild better-sqlite3');
  if (!sqliteLoads()) {
    say('better-sqlite3 did not build; see the output above (it needs python3, make and g++)');
    process.exit(1);
  }
}
void require;

// 3. A Chromium: CHROMIUM_PATH, else Debian's package, installed when missing.
const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
if (process.env.CHROMIUM_PATH) {
  if (!existsSync(process.env.CHROMIUM_PATH)) {
    say(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
    process.exit(1);
  }
} else if (!candidates.some((path) => existsSync(path))) {
  if (process.getuid?.() !== 0) {
    say('no Chromium found: run `sudo apt-get install -y chromium` or set CHROMIUM_PATH');
    process.exit(1);
  }
  run('apt-get update');
  run('DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium');
}

// 4. PostgreSQL's server binaries, which the tests of the PostgreSQL store start a throw-away
// server from (spec/support/postgres.ts); serving needs them only with a local DATABASE_URL.
const postgresInstalled = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((version) => existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb')));
if (!postgresInstalled()) {
  if (process.getuid?.() !== 0) {
    say('no PostgreSQL server found: the PostgreSQL store tests need it; run `sudo apt-get install -y postgresql`');
  } else {
    installServices(['postgresql'], say);
  }
}

// 4b. nginx, for the cluster test (setup.mjs --cluster: npm test and npm run test:cluster).
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (process.argv.includes('--cluster') && !existsSync(nginxPath)) {
  if (process.getuid?.() !== 0) {
    say('no nginx found: the cluster test needs it; run `sudo apt-get install -y nginx-light` or set NGINX_PATH');
    process.exit(1);
  }
  installServices(['nginx-light'], say);
}

// 5. Build when any source is newer than the last build.
run('node scripts/build.mjs --if-stale');
