// How much memory this machine can still give, as Linux tells it: MemAvailable of /proc/meminfo
// (free memory plus the caches the kernel would drop), or less when the process runs in a cgroup
// with a memory limit (a container), where the limit is what the OOM killer goes by.
import { readFileSync } from 'node:fs';

/** Megabytes of memory that can still be had now; null where it cannot be read (not Linux). */
export type MemoryReader = () => number | null;

/** Reads a file's text, undefined when it cannot be read. */
export type ReadText = (path: string) => string | undefined;

const MB = 1024 * 1024;
/** A cgroup v1 "no limit" is a huge number rounded to the page size; anything past this is none. */
const NO_LIMIT = 2 ** 60;

const readText: ReadText = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** A `Name: value` figure of a /proc or cgroup stat file. */
function figure(text: string | undefined, name: string, separator: string): number | undefined {
  const match = new RegExp(`^${name}${separator}\\s*(\\d+)`, 'm').exec(text ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The cgroup folder of this process's memory controller (v2 unified, or v1 `memory`), with its version. */
function memoryCgroup(read: ReadText): { dir: string; v2: boolean } | undefined {
  const lines = (read('/proc/self/cgroup') ?? '').split('\n');
  const v1 = lines.map((line) => line.split(':')).find((parts) => parts[1]?.split(',').includes('memory'));
  if (v1) return { dir: `/sys/fs/cgroup/memory${v1.slice(2).join(':')}`, v2: false };
  const v2 = lines.find((line) => line.startsWith('0::'));
  if (v2) return { dir: `/sys/fs/cgroup${v2.slice(3)}`, v2: true };
  return undefined;
}

/**
 * Bytes the cgroup may still use: its limit less its working set (usage without the inactive
 * file cache, which the kernel reclaims before it kills). Undefined without a limit. Inside a
 * container the path /proc names may not exist in its own view: the mount's root is then its cgroup.
 */
function cgroupRoom(read: ReadText): number | undefined {
  const group = memoryCgroup(read);
  if (!group) return undefined;
  const root = group.v2 ? '/sys/fs/cgroup' : '/sys/fs/cgroup/memory';
  for (const dir of [group.dir.replace(/\/$/, ''), root]) {
    const limitText = read(`${dir}/${group.v2 ? 'memory.max' : 'memory.limit_in_bytes'}`)?.trim();
    if (limitText === undefined) continue;
    const limit = Number(limitText);
    if (!Number.isFinite(limit) || limit >= NO_LIMIT) return undefined;
    const usage = Number(read(`${dir}/${group.v2 ? 'memory.current' : 'memory.usage_in_bytes'}`)?.trim());
    if (!Number.isFinite(usage)) return undefined;
    const inactive = figure(read(`${dir}/memory.stat`), group.v2 ? 'inactive_file' : 'total_inactive_file', ' ') ?? 0;
    return Math.max(0, limit - Math.max(0, usage - inactive));
  }
  return undefined;
}

/** Megabytes that can still be had, from the files `read` gives (the real ones by default); null when none say. */
export function availableMemoryMb(read: ReadText = readText): number | null {
  const meminfo = figure(read('/proc/meminfo'), 'MemAvailable', ':');
  const machine = meminfo === undefined ? undefined : meminfo * 1024;
  const cgroup = cgroupRoom(read);
  const bytes = machine === undefined ? cgroup : cgroup === undefined ? machine : Math.min(machine, cgroup);
  return bytes === undefined ? null : Math.floor(bytes / MB);
}

/** The machine's memory, read afresh on every call (a small file or three: microseconds). */
export const systemMemory: MemoryReader = () => availableMemoryMb();

/**
 * The memory a server keeps free by default before it refuses new sessions: room for the live
 * pages to grow (a session's page takes about 60 MB idle, a busy one several times that).
 */
export const DEFAULT_MIN_FREE_MEMORY_MB = 256;
