// The host side of `npm run test:docker`: Debian's packages it needs, podman's configuration, and
// running commands with what they print shown. Plain Node with no dependencies (it runs before
// anything is installed).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installServices } from '../apt.mjs';

export const say = (line) => process.stderr.write(`test:docker: ${line}\n`);

/** A failure of the test, with the reason its last line gives. */
export class Failure extends Error {}

/**
 * Runs `command` with `args` and returns its stdout; what it writes on stderr, and its stdout
 * when `show`, pass through (`both` returns stderr after stdout instead). `quiet` leaves the
 * command line out of the output; `allowFail` returns {status, stdout} whatever the exit code.
 */
export function run(command, args, { env, cwd, show = false, quiet = false, both = false, input, allowFail = false } = {}) {
  if (!quiet) say(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: [input === undefined ? 'ignore' : 'pipe', show ? 'inherit' : 'pipe', both ? 'pipe' : 'inherit'],
  });
  if (result.error) throw result.error;
  if (result.status !== 0 && !allowFail) throw new Failure(`${command} ${args.slice(0, 3).join(' ')} exited with ${result.status ?? result.signal}`);
  const stdout = (result.stdout ?? '') + (both ? (result.stderr ?? '') : '');
  return allowFail ? { status: result.status, stdout } : stdout;
}

/** Like run, for a command that takes long and prints as it goes (a build); resolves with its exit code. */
export function stream(command, args, { env, cwd } = {}) {
  say(`$ ${[command, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
}

// What each package gives, by the file it installs. catatonit is podman's `--init` (compose's
// `init: true`); podman only recommends it, so an install without recommends leaves it out.
const PACKAGES = {
  podman: '/usr/bin/podman',
  runc: '/usr/sbin/runc',
  catatonit: '/usr/libexec/podman/catatonit',
  debootstrap: '/usr/sbin/debootstrap',
  'docker-compose': '/usr/bin/docker-compose',
};
// With the CNI network backend (Debian's podman 4.3 picks it when netavark is absent), containers
// find each other by name (compose's `postgres`) only through the dnsname plugin; netavark has
// aardvark-dns instead.
const DNSNAME = ['golang-github-containernetworking-plugin-dnsname', '/usr/lib/cni/dnsname'];

/** Installs `packages` with apt as root, without starting their services (scripts/apt.mjs). */
function aptInstall(packages) {
  if (process.getuid?.() !== 0) throw new Failure(`run as root: ${packages.join(', ')} must be installed with apt`);
  try {
    installServices(packages, (line) => say(`$ ${line}`));
  } catch (error) {
    throw new Failure(`apt-get install ${packages.join(' ')} failed: ${String(error.message).split('\n')[0]}`);
  }
}

/** Installs what test:docker needs and the machine lacks, and says what it found. */
export function installPackages() {
  const missing = Object.entries(PACKAGES).filter(([, path]) => !existsSync(path)).map(([name]) => name);
  if (missing.length > 0) aptInstall(missing);
  const backend = run('podman', ['info', '--format', '{{.Host.NetworkBackend}}'], { quiet: true }).trim();
  if (backend === 'cni' && !existsSync(DNSNAME[1])) aptInstall([DNSNAME[0]]);
  say(`${run('podman', ['--version'], { quiet: true }).trim()} (network backend ${backend}), ${run('docker-compose', ['--version'], { quiet: true }).trim()}`);
}

/**
 * Writes the containers.conf every podman call here reads (through CONTAINERS_CONF, which
 * replaces the system's file for this process and its children only): runc, since crun refuses
 * this kind of host's mixed cgroup v1/v2 mounts, and ulimits within root's own hard limits
 * (podman's default asks for a million open files, which a root that cannot raise its hard
 * limits may not give, and every container then fails to start).
 */
export function containersConf(dir) {
  const hard = (flag) => Number(run('bash', ['-c', `ulimit -H${flag}`], { quiet: true }).trim()) || Infinity;
  const nofile = Math.min(hard('n'), 1048576);
  const nproc = Math.min(hard('u'), 32768);
  const path = join(dir, 'containers.conf');
  writeFileSync(
    path,
    ['[containers]', `default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=${nproc}:${nproc}"]`, '', '[engine]', 'runtime = "runc"', ''].join('\n'),
  );
  say(`containers.conf: runc, nofile ${nofile}, nproc ${nproc} (${path})`);
  return path;
}

/** The id of `image` in podman's store, or undefined. */
export const imageId = (image) => run('podman', ['image', 'inspect', '--format', '{{.Id}}', image], { quiet: true, allowFail: true }).stdout.trim() || undefined;

/**
 * Removes the image `previous` named before a build replaced it, so runs do not pile up old
 * images; its layers the new one shares stay. A build stage's intermediate images stay: they are
 * the cache the next build starts from.
 */
export function dropReplaced(previous, image) {
  if (previous && previous !== imageId(image)) run('podman', ['rmi', previous], { quiet: true, allowFail: true, both: true });
}
