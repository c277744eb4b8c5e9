// What this machine lets Chromium have: its own sandbox, and shared memory for its pages.
import { spawnSync } from 'node:child_process';
import { statfsSync } from 'node:fs';

/** CHROMIUM_SANDBOX's values. */
export const SANDBOX_MODES = ['auto', 'on', 'off'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];
/** CHROMIUM_SANDBOX when unset. */
export const DEFAULT_SANDBOX_MODE: SandboxMode = 'auto';

/** Whether Chromium runs in its sandbox, and why: serve logs it at start. */
export interface SandboxSetting {
  on: boolean;
  why: string;
}

/** How long the probe for user namespaces may take (it is one fork and exec). */
const PROBE_MS = 5_000;

/**
 * True when this process can make what Chromium's sandbox is made of: a user namespace holding a
 * PID and a network namespace. Docker's default seccomp profile refuses it; podman's and a plain
 * Debian or Ubuntu host's allow it (Ubuntu 24.04's AppArmor only for programs it names).
 */
function namespacesWork(): boolean {
  const probe = spawnSync('unshare', ['--user', '--pid', '--net', '--fork', 'true'], { stdio: 'ignore', timeout: PROBE_MS });
  return probe.status === 0;
}

/**
 * The sandbox of `mode` for a process of `uid`. Chromium refuses its sandbox to root, so `on` as
 * root is a configuration problem (returned as `problem`); `auto` takes it whenever it can work.
 */
export function sandboxSetting(mode: SandboxMode, uid: number | undefined, probe: () => boolean = namespacesWork): SandboxSetting & { problem?: string } {
  const root = uid === 0;
  if (mode === 'off') return { on: false, why: 'CHROMIUM_SANDBOX=off' };
  if (mode === 'on') return root ? { on: false, why: 'root', problem: 'CHROMIUM_SANDBOX=on needs the service to run as a user other than root: Chromium refuses its sandbox to root' } : { on: true, why: 'CHROMIUM_SANDBOX=on' };
  if (root) return { on: false, why: 'the service runs as root, where Chromium refuses its sandbox; run it as another user to have one' };
  if (!probe()) return { on: false, why: 'this system refuses the user namespaces the sandbox is made of (Docker does by default: see the README, "In a container")' };
  return { on: true, why: 'not root, and user namespaces work' };
}

/** Below this much shared memory Chromium's pages go short of it (Docker gives a container 64 MiB). */
const MIN_SHARED_MEMORY = 512 * 2 ** 20;

/**
 * Flags for this machine's shared memory: with a small /dev/shm (a container's default) Chromium
 * keeps what it would put there in /tmp instead, where a full /dev/shm would crash its renderers.
 */
export function sharedMemoryArgs(path = '/dev/shm', min = MIN_SHARED_MEMORY): string[] {
  try {
    const { bsize, blocks } = statfsSync(path);
    return bsize * blocks < min ? ['--disable-dev-shm-usage'] : [];
  } catch {
    return ['--disable-dev-shm-usage'];
  }
}
