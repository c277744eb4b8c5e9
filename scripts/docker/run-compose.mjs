// deploy/compose.yaml brought up with docker-compose 1.29 against podman's Docker-compatible API
// (`podman system service` on a socket of our own, stopped by its pid), the flow run through nginx,
// and `down -v` leaving nothing behind.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runFlow, waitHealthy } from './flow.mjs';
import { Failure, run, say, stream } from './host.mjs';
import { checkStopLog, keyFrom } from './run-image.mjs';

/** Starts `podman system service` on a socket in `tmp`; resolves once it answers, with its child process. */
export async function startService(tmp) {
  const socket = join(tmp, 'podman.sock');
  say(`$ podman system service --time=0 unix://${socket}`);
  const child = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  const start = Date.now();
  while (Date.now() - start < 20_000) {
    if (child.exitCode !== null) throw new Failure(`podman system service exited with ${child.exitCode}`);
    if (existsSync(socket)) {
      const ping = run('curl', ['-s', '--unix-socket', socket, 'http://podman/_ping'], { quiet: true, allowFail: true });
      if (ping.stdout === 'OK') return { child, host: `unix://${socket}` };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Failure('podman system service did not answer within 20 s');
}

/** Stops the service we started, by its pid, and waits for it to exit. */
export async function stopService(service) {
  if (!service || service.child.exitCode !== null) return;
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  say(`stopping podman system service (pid ${service.child.pid})`);
  service.child.kill('SIGTERM');
  const timer = setTimeout(() => service.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const projectContainers = (project) =>
  run('podman', ['ps', '-a', '--filter', `label=com.docker.compose.project=${project}`, '--format', '{{.Names}}'], { quiet: true }).split('\n').filter(Boolean);

/** Milliseconds in a Go duration as podman prints one ("5s", "1m30s", "500ms"); undefined when it is none. */
export function goDuration(text) {
  const units = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g)];
  if (parts.length === 0 || parts.map(([part]) => part).join('') !== text) return undefined;
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * units[unit], 0);
}

/**
 * podman 4.3 runs health checks from systemd timers; with no systemd (a container host, a CI
 * runner) they never run, a container stays "starting" and compose's `condition:
 * service_healthy` waits for ever. This runs each running container's check at its own
 * interval, as the timer would, until `stop` is called. On a Docker host the daemon does it.
 */
export function runHealthChecks(project) {
  const last = new Map();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    for (const name of projectContainers(project)) {
      const [running, interval] = run('podman', ['inspect', '--format', '{{.State.Running}} {{if .Config.Healthcheck}}{{.Config.Healthcheck.Interval}}{{end}}', name], { quiet: true, allowFail: true }).stdout.trim().split(' ');
      if (running !== 'true' || !interval) continue;
      const every = Math.max(1000, goDuration(interval) ?? 30_000);
      if (Date.now() - (last.get(name) ?? 0) < every) continue;
      last.set(name, Date.now());
      run('podman', ['healthcheck', 'run', name], { quiet: true, allowFail: true, both: true });
    }
    timer = setTimeout(tick, 1000);
  };
  let timer = setTimeout(tick, 1000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** NODE_ID → {container, service, port} of the project's tabwright nodes, from their containers' environment. */
function nodesOf(project) {
  const nodes = new Map();
  for (const name of projectContainers(project)) {
    const [env, service] = run('podman', ['inspect', '--format', '{{json .Config.Env}}\t{{index .Config.Labels "com.docker.compose.service"}}', name], { quiet: true }).trim().split('\t');
    const value = (key) => JSON.parse(env).find((entry) => entry.startsWith(`${key}=`))?.slice(key.length + 1);
    if (value('NODE_ID')) nodes.set(value('NODE_ID'), { container: name, service, port: value('PORT') });
  }
  return nodes;
}

/** The same act sent straight to a node that does not own the session: it must refuse (421 wrong_node). */
function checkOtherNodeRefuses(nodes, owner, id, key) {
  const other = [...nodes.entries()].find(([node]) => node !== owner);
  if (!other) throw new Failure(`only one node in the compose set`);
  const [otherNode, { container, port }] = other;
  const script = `fetch('http://127.0.0.1:${port}/v1/sessions/${id}/act', {method: 'POST', headers: {authorization: 'Bearer ${key}', 'content-type': 'application/json'}, body: JSON.stringify({steps: [{observe: {}}]})}).then(async (r) => console.log(r.status, (await r.json()).error?.code))`;
  const answer = run('podman', ['exec', container, 'node', '-e', script], { quiet: true }).trim();
  say(`the act sent straight to node ${otherNode} (127.0.0.1:${port}): ${answer}`);
  if (!answer.startsWith('421 wrong_node')) throw new Failure(`node ${otherNode} answered an act on ${owner}'s session with ${answer}, not 421 wrong_node`);
}

/** Runs the compose phase; `track` says what to bring down however the test ends. */
export async function runCompose({ root, project, page, track, service, file, variables, port }) {
  const env = { DOCKER_HOST: service.host, COMPOSE_PROJECT_NAME: project, ...variables };
  const compose = (args, options = {}) => run('docker-compose', ['-f', file, ...args], { cwd: root, env, ...options });
  track.compose = () => compose(['down', '-v', '--remove-orphans', '-t', '10'], { show: true, allowFail: true });
  const stopChecks = runHealthChecks(project);
  try {
    const started = Date.now();
    say(`podman's "unable to get systemd connection" errors below are the health-check timers runHealthChecks stands in for`);
    const code = await stream('docker-compose', ['-f', file, 'up', '-d'], { cwd: root, env });
    if (code !== 0) throw new Failure(`docker-compose up exited with ${code}`);
    const base = `http://127.0.0.1:${port}`;
    const waited = await waitHealthy(`${base}/health`, 180_000);
    say(`compose up to first 200 on /health through nginx: ${((Date.now() - started) / 1000).toFixed(1)} s (${(waited / 1000).toFixed(1)} s after up returned)`);
    compose(['ps'], { show: true });

    const nodes = nodesOf(project);
    const [first] = nodes.keys();
    const key = keyFrom(compose(['exec', '-T', nodes.get(first).service, 'tabwright', 'keys', 'create', '--plan', 'starter']));
    say(`key made on node ${first}: ${key.slice(0, 16)}…`);
    const pageUrl = `http://host.containers.internal:${page.port}/`;
    await runFlow(base, key, pageUrl, {
      whileOpen: (sessionId) => {
        const owner = /^ses_([0-9a-z]+)_/.exec(sessionId)?.[1];
        if (!owner || !nodes.has(owner)) throw new Failure(`the session id ${sessionId} names no node of the set (${[...nodes.keys()].join(', ')})`);
        say(`the session is on node ${owner}; its act answered 200 through nginx`);
        checkOtherNodeRefuses(nodes, owner, sessionId, key);
      },
    });

    const stopping = Date.now();
    compose(['stop', '-t', '10'], { show: true });
    say(`docker-compose stop: ${((Date.now() - stopping) / 1000).toFixed(1)} s`);
    for (const { container } of nodes.values()) {
      const code = run('podman', ['inspect', '--format', '{{.State.ExitCode}}', container], { quiet: true }).trim();
      if (code !== '0' && code !== '143') throw new Failure(`${container} exited with ${code} on SIGTERM`);
      checkStopLog(run('podman', ['logs', container], { quiet: true, both: true }), container);
    }
  } finally {
    stopChecks();
  }
}

const leftovers = (project) => [
  ...projectContainers(project).map((name) => `container ${name}`),
  ...run('podman', ['volume', 'ls', '--format', '{{.Name}}'], { quiet: true }).split('\n').filter((name) => name.startsWith(`${project}_`)).map((name) => `volume ${name}`),
  ...run('podman', ['network', 'ls', '--format', '{{.Name}}'], { quiet: true }).split('\n').filter((name) => name.startsWith(`${project}_`)).map((name) => `network ${name}`),
];

/**
 * Brings the project down and checks that none of its containers, volumes or networks is left.
 * podman refuses to remove a container whose network namespace another one still uses, and
 * docker-compose 1.29 removes them all at once, so nginx may outlive its nodes by a moment and be
 * left with the network: a second `down` then removes them, and the test says so.
 */
export function downAndCheck(track, project) {
  if (!track.compose) return;
  const down = track.compose;
  track.compose = undefined;
  down();
  let left = leftovers(project);
  if (left.length > 0) {
    say(`docker-compose down -v left ${left.join(', ')}; a second down`);
    down();
    left = leftovers(project);
  }
  if (left.length > 0) throw new Failure(`docker-compose down -v left ${left.join(', ')}`);
  say(`docker-compose down -v: no container, volume or network of ${project} left`);
}
