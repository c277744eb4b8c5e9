// Debian packages the project's scripts install, without starting the services they hold: a
// package's own start (PostgreSQL's cluster on 5432, nginx on 80, podman's socket) would leave a
// server running that nobody asked for. policy-rc.d answering 101 is Debian's way to say so; ours
// goes once the install is done. Plain Node with no dependencies: it runs before anything is installed.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';

/** Installs `packages` with apt as root, saying each command through `say`; throws when apt fails. */
export function installServices(packages, say) {
  const policy = '/usr/sbin/policy-rc.d';
  const ours = !existsSync(policy);
  if (ours) writeFileSync(policy, '#!/bin/sh\n# tabwright: install, do not start.\nexit 101\n', { mode: 0o755 });
  try {
    for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
      say(`apt-get ${args.join(' ')}`);
      execFileSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    }
  } finally {
    if (ours) rmSync(policy, { force: true });
  }
}
