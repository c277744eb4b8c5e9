// What a process and everything it started hold in memory, read from /proc (Linux only): the
// soak's measure of the server and its Chromium.
import { readdirSync, readFileSync } from 'node:fs';

/** Memory of one process tree, in kB as /proc reports it. */
export interface TreeMemory {
  /** VmRSS of the root process alone. */
  rootRss: number;
  /** VmRSS of the root's children (for the server: Chromium's browser process) without theirs. */
  childrenRss: number;
  /** File descriptors the root process holds open (sockets, pipes, files). */
  rootFds: number;
  /** VmRSS summed over the tree: pages shared between Chromium's processes count once per process. */
  treeRss: number;
  /**
   * Pss summed over the tree: shared pages split between their sharers. File pages (Chromium's
   * binary, libraries) are shared with every other process mapping them, so this moves when other
   * Chromiums on the machine start or stop.
   */
  treePss: number;
  /** Pss_Anon + Pss_Shmem summed over the tree: the memory the tree allocated itself, which other processes do not blur. */
  treeAnon: number;
  /** Every process id of the tree, the root first. */
  pids: number[];
  /** The processes that are running: the tree less its zombies (ended, not yet reaped by their parent). */
  live: number;
  /** How many processes of each kind the tree holds, e.g. `renderer 3, zygote 2, zombie 1`. */
  kinds: string;
}

/**
 * What a process of the tree is: `zombie` when it has ended and waits for its parent to reap it,
 * else Chromium's `--type=` (renderer, gpu-process, utility with its sub-type, zygote), `browser`
 * for Chromium's own process, `node` for the server.
 */
function kindOf(pid: number): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return 'zombie';
  // Chromium rewrites its processes' titles, which joins their arguments with spaces.
  const args = (read(`/proc/${pid}/cmdline`) ?? '').split(/[\0 ]/);
  const type = args.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  const subtype = args.find((arg) => arg.startsWith('--utility-sub-type='))?.split('.').at(-1);
  if (type) return subtype ? `${type} ${subtype}` : type;
  return /node$/.test(args[0] ?? '') ? 'node' : 'browser';
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The process ended between the listing and the read.
    return undefined;
  }
};

/** The parent of every process now running, from /proc/PID/stat (its fourth field, after the parenthesised name). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // The name may hold spaces and parentheses: the fields that follow start after its last ')'.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields?.[1]);
    if (Number.isInteger(parent)) parentOf.set(Number(entry), parent);
  }
  return parentOf;
}

/** `root` and every process descended from it, the root first, then its children, then theirs. */
export function descendants(root: number): { pids: number[]; children: number[] } {
  const parentOf = parents();
  const pids = [root];
  for (let i = 0; i < pids.length; i++) {
    for (const [pid, parent] of parentOf) if (parent === pids[i]) pids.push(pid);
  }
  return { pids, children: pids.filter((pid) => parentOf.get(pid) === root) };
}

/** A `Name:   1234 kB` figure of a /proc file's text, 0 when the process was gone. */
function kilobytes(text: string | undefined, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(text ?? '');
  return match ? Number(match[1]) : 0;
}

/** How many file descriptors `pid` holds, 0 when it is gone. */
function openFiles(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return 0;
  }
}

/** The memory of `root` and its descendants now. */
export function treeMemory(root: number): TreeMemory {
  const { pids, children } = descendants(root);
  const rss = (pid: number): number => kilobytes(read(`/proc/${pid}/status`), 'VmRSS');
  let treeRss = 0;
  let treePss = 0;
  let treeAnon = 0;
  for (const pid of pids) {
    treeRss += rss(pid);
    const rollup = read(`/proc/${pid}/smaps_rollup`);
    treePss += kilobytes(rollup, 'Pss');
    treeAnon += kilobytes(rollup, 'Pss_Anon') + kilobytes(rollup, 'Pss_Shmem');
  }
  const childrenRss = children.reduce((sum, pid) => sum + rss(pid), 0);
  const counts = new Map<string, number>();
  for (const kind of pids.map(kindOf)) if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  const kinds = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([kind, n]) => `${kind} ${n}`).join(', ');
  const live = pids.length - (counts.get('zombie') ?? 0);
  return { rootRss: rss(root), childrenRss, rootFds: openFiles(root), treeRss, treePss, treeAnon, pids, live, kinds };
}

/**
 * A process's identity over time: its id and its start time (field 22 of /proc/PID/stat), so a
 * later process that reuses the id is not taken for it. Undefined when it is gone or a zombie.
 */
export function identity(pid: number): string | undefined {
  const stat = read(`/proc/${pid}/stat`);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields || fields[0] === 'Z') return undefined;
  return `${pid}@${fields[19]}`;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time the tree of `root` has used so far, in ms: each process's own user and system time,
 * plus what its children that have ended used (Chromium's renderers end with their contexts, and
 * their time moves to the zygote that waited for them).
 */
export function treeCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of descendants(root).pids) {
    const stat = read(`/proc/${pid}/stat`);
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of the line, 11 to 14 after the name.
    if (fields) ticks += [11, 12, 13, 14].reduce((sum, at) => sum + Number(fields[at] ?? 0), 0);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
