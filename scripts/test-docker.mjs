#!/usr/bin/env node
// `npm run test:docker` (not part of `npm test`): the Dockerfile and deploy/compose.yaml tried as
// people run them, on a Debian machine as root with no image registry in reach. It installs podman,
// runc, catatonit, debootstrap and docker-compose with apt when missing; makes local stand-ins for
// the official images they name (scripts/docker/bases.mjs); builds the Dockerfile unchanged; runs
// the image as `docker run -p` would and a real flow against it (run-image.mjs); brings up the
// compose set with docker-compose against podman's API and runs the flow through nginx
// (run-compose.mjs); and removes every container, volume, network, service and folder it made,
// however it ends. `--rebuild-bases` makes the stand-ins again.
//
// podman keeps its default store (/var/lib/containers/storage): the stand-ins and the build's
// layers are cached there between runs and between clones, which is what makes a second run fast,
// and `podman image ls` shows the built image to whoever looks next.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeBases } from './docker/bases.mjs';
import { servePage } from './docker/flow.mjs';
import { Failure, containersConf, dropReplaced, imageId, installPackages, run, say, stream } from './docker/host.mjs';
import { downAndCheck, runCompose, startService, stopService } from './docker/run-compose.mjs';
import { freePort, runImage } from './docker/run-image.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const IMAGE = 'localhost/tabwright:test';
const rebuild = process.argv.includes('--rebuild-bases');
const tmp = mkdtempSync(join(tmpdir(), 'tabwright-docker-'));
const name = `tabwright-test-${process.pid}`;
const project = `twtest${process.pid}`;
const track = { containers: [], volumes: [], compose: undefined, service: undefined, page: undefined };
const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function phase(title, body) {
  const start = Date.now();
  say(`---- ${title}`);
  try {
    return await body();
  } finally {
    times.push([title, Date.now() - start]);
    say(`---- ${title}: ${seconds(Date.now() - start)}`);
  }
}

/** The build, as the README says to run it, with the host's extra CA (a TLS-inspecting proxy's) as a build secret. */
async function buildImage() {
  const secret = process.env.NODE_EXTRA_CA_CERTS ? ['--secret', `id=extra_ca,src=${process.env.NODE_EXTRA_CA_CERTS}`] : [];
  const previous = imageId(IMAGE);
  const code = await stream('podman', ['build', '--pull=never', '--network=host', '--format', 'docker', ...secret, '-t', IMAGE, '.'], { cwd: root });
  if (code !== 0) throw new Failure(`podman build exited with ${code}`);
  dropReplaced(previous, IMAGE);
  say(`image: ${run('podman', ['image', 'ls', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}', IMAGE], { quiet: true }).trim()}`);
}

/** Removes what this run made and still stands, each step on its own so one failure stops no other. */
async function removeAll() {
  const attempt = (what, body) => {
    try {
      body();
    } catch (error) {
      say(`cleaning up ${what} failed: ${error.message}`);
    }
  };
  if (track.compose) attempt('the compose set', () => downAndCheck(track, project));
  for (const container of track.containers) attempt(container, () => run('podman', ['rm', '-f', '-v', '--ignore', container], { quiet: true }));
  for (const volume of track.volumes) attempt(volume, () => run('podman', ['volume', 'rm', '-f', volume], { quiet: true, allowFail: true }));
  await stopService(track.service);
  await track.page?.close();
  rmSync(tmp, { recursive: true, force: true });
}
// Once, whether the run ends or a signal ends it first.
let cleaning;
const cleanUp = () => (cleaning ??= removeAll());

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    say(`${signal}: cleaning up`);
    void cleanUp().finally(() => {
      process.stdout.write(`test:docker: failed: interrupted by ${signal}\n`);
      process.exit(1);
    });
  });
}

const started = Date.now();
let verdict = 'passed';
try {
  process.env.CONTAINERS_CONF = containersConf(tmp);
  await phase('install', () => installPackages());
  await phase('base images', () => makeBases(tmp, { rebuild }));
  await phase('build', buildImage);
  track.page = await servePage();
  await phase('image', () => runImage({ image: IMAGE, page: track.page, track, name }));
  await phase('compose', async () => {
    track.service = await startService(tmp);
    const port = await freePort();
    // The variables deploy/compose.yaml reads: the image just built, a free port for nginx, the
    // host the test page is on, and throw-away secrets.
    const variables = {
      TABWRIGHT_IMAGE: IMAGE,
      TABWRIGHT_PORT: String(port),
      TABWRIGHT_ALLOW_HOSTS: 'host.containers.internal',
      POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
      TABWRIGHT_PROFILE_KEY: randomBytes(32).toString('hex'),
    };
    await runCompose({ root, project, page: track.page, track, service: track.service, file: 'deploy/compose.yaml', variables, port });
    downAndCheck(track, project);
  });
} catch (error) {
  verdict = `failed: ${error instanceof Failure ? error.message : (error?.stack ?? error)}`;
} finally {
  await cleanUp();
}
// A signal's handler prints the verdict and exits once the clean-up is done.
if (interrupted) await new Promise(() => {});
for (const [title, ms] of times) say(`${title.padEnd(12)} ${seconds(ms)}`);
say(`${'total'.padEnd(12)} ${seconds(Date.now() - started)}`);
process.stdout.write(`test:docker: ${verdict}\n`);
process.exit(verdict === 'passed' ? 0 : 1);
