// The image alone, started as `docker run -p PORT:8080 -v VOLUME:/data` would: first 200 on
// /health, a key made inside it, the flow from the host, who runs what inside (a non-root server,
// Chromium with its sandbox), and a clean stop on SIGTERM.
import { createServer } from 'node:net';
import { runFlow, waitHealthy } from './flow.mjs';
import { Failure, run, say } from './host.mjs';

/** A port free on this host now (the kernel's pick, released for podman to bind). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The last line of `keys create`'s stdout, the key (it is shown once). */
export function keyFrom(stdout) {
  const key = stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (!/^sk_(live|test)_\S+$/.test(key)) throw new Failure(`keys create printed no key: ${stdout.slice(0, 300)}`);
  return key;
}

/** Every process in `container` as {user, args}, read from /proc inside it. */
function processes(container) {
  const script = 'for p in /proc/[0-9]*; do [ -r "$p/cmdline" ] || continue; printf "%s\\t%s\\t%s\\n" "$(stat -c %U "$p")" "$(readlink "$p/ns/user")" "$(tr "\\0" " " < "$p/cmdline")"; done';
  return run('podman', ['exec', container, 'sh', '-c', script], { quiet: true })
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [user, userns, args] = line.split('\t');
      return { user, userns, args };
    })
    .filter(({ args }) => args.trim() !== '');
}

/**
 * Checks, while a session is open, that nothing in `container` runs as root and that Chromium runs
 * with its sandbox: no --no-sandbox anywhere, and its renderers in a user namespace of their own
 * (the namespace sandbox; the setuid one is not in Debian's package).
 */
export function checkUsersAndSandbox(container) {
  const all = processes(container);
  const users = [...new Set(all.map(({ user }) => user))];
  say(`processes in ${container}: ${all.length}, run by ${users.join(', ')}`);
  if (users.includes('root')) throw new Failure(`a process runs as root in ${container}: ${all.find(({ user }) => user === 'root').args}`);
  const chromium = all.filter(({ args }) => /chrom/i.test(args.split(' ')[0]));
  if (chromium.length === 0) throw new Failure(`no Chromium process in ${container}`);
  const unsandboxed = chromium.filter(({ args }) => args.includes('--no-sandbox'));
  if (unsandboxed.length > 0) throw new Failure(`Chromium runs with --no-sandbox in ${container}: ${unsandboxed[0].args.slice(0, 300)}`);
  const outer = all.find(({ args }) => !/chrom/i.test(args.split(' ')[0]))?.userns;
  const renderers = chromium.filter(({ args }) => args.includes('--type=renderer'));
  const inOwnNamespace = renderers.filter(({ userns }) => userns !== outer);
  say(`chromium: ${chromium.length} processes, none with --no-sandbox; ${inOwnNamespace.length} of ${renderers.length} renderers in their own user namespace`);
  if (renderers.length === 0 || inOwnNamespace.length !== renderers.length) throw new Failure(`Chromium's renderers are not in a sandbox namespace of their own in ${container}`);
}

/** Checks a stopped server's output: it heard the signal and closed without a failure; shows what it said of the sandbox. */
export function checkStopLog(output, name) {
  const lines = output.split('\n');
  const sandbox = lines.find((line) => line.includes("Chromium's sandbox is"));
  if (sandbox) say(`${name}'s log: ${sandbox.slice(0, 200)}`);
  const stop = lines.filter((line) => line.includes('shutting down') || line.includes('shutdown failed'));
  if (!stop.some((line) => line.includes('shutting down'))) throw new Failure(`${name}'s log does not say it was shutting down`);
  if (stop.some((line) => line.includes('shutdown failed'))) throw new Failure(`${name}'s log says its shutdown failed`);
  say(`${name}'s log: ${stop[0].slice(0, 160)}`);
}

/** Runs the image phase; `track` records what to remove however the test ends. */
export async function runImage({ image, page, track, name }) {
  const volume = `${name}-data`;
  const port = await freePort();
  run('podman', ['volume', 'create', volume]);
  track.volumes.push(volume);
  const started = Date.now();
  run('podman', ['run', '-d', '--name', name, '-p', `${port}:8080`, '-v', `${volume}:/data`, '-e', 'TABWRIGHT_ALLOW_HOSTS=host.containers.internal', image]);
  track.containers.push(name);
  let lastLook = 0;
  const alive = () => {
    if (Date.now() - lastLook < 2000) return true;
    lastLook = Date.now();
    return run('podman', ['inspect', '--format', '{{.State.Running}}', name], { quiet: true }).trim() === 'true';
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${base}/health`, 120_000, { alive });
  } catch (error) {
    run('podman', ['logs', '--tail', '40', name], { show: true, allowFail: true });
    throw error;
  }
  const firstOk = Date.now() - started;
  say(`start to first 200 on /health: ${(firstOk / 1000).toFixed(1)} s (podman run -d included)`);
  // The image's HEALTHCHECK, kept by the docker format, run once by hand (podman's timer for it
  // needs systemd; see run-compose.mjs).
  const health = run('podman', ['healthcheck', 'run', name], { allowFail: true, both: true });
  if (health.status !== 0) throw new Failure(`the image's health check did not pass: ${health.stdout.trim() || `exit ${health.status}`}`);
  say(`the image's HEALTHCHECK passes (podman healthcheck run)`);

  const key = keyFrom(run('podman', ['exec', name, 'tabwright', 'keys', 'create', '--plan', 'starter']));
  say(`key made inside the container: ${key.slice(0, 16)}…`);
  await runFlow(base, key, `http://host.containers.internal:${page.port}/`, { whileOpen: () => checkUsersAndSandbox(name) });

  const stopping = Date.now();
  run('podman', ['stop', name]);
  const stopMs = Date.now() - stopping;
  const code = run('podman', ['inspect', '--format', '{{.State.ExitCode}}', name], { quiet: true }).trim();
  say(`podman stop: ${(stopMs / 1000).toFixed(1)} s, exit code ${code}`);
  if (stopMs > 5000) throw new Failure(`podman stop took ${stopMs} ms: SIGTERM did not stop the server well before the 10 s kill`);
  if (code !== '0' && code !== '143') throw new Failure(`the container exited with ${code} on SIGTERM`);
  checkStopLog(run('podman', ['logs', name], { quiet: true, both: true }), name);
  return { firstOk, stopMs };
}
