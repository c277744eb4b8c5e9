// node dist/bench/heap-summary.js A.heapsnapshot [B.heapsnapshot]: live objects of a V8 heap
// snapshot (Chrome DevTools' format, as --heapsnapshot-signal writes it) counted by constructor;
// with two, what grew from A to B, the largest growth first. What the soak uses to tell a leak
// (a count that follows the sessions served) from a cache (a count that stops).
import { readFileSync } from 'node:fs';

/** Objects and their own bytes under one constructor (or node kind). */
export interface HeapGroup {
  count: number;
  bytes: number;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

// Kinds whose name is their constructor or function; the others (strings, arrays, code, ...) are
// grouped under the kind alone, their names being contents.
const NAMED_KINDS = new Set(['object', 'closure', 'native', 'regexp']);

/** Counts the snapshot's nodes by `kind:name` (objects, closures, native objects) or by kind. */
export function summarise(path: string): Map<string, HeapGroup> {
  const heap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const kinds = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field)) as [number, number, number];
  const groups = new Map<string, HeapGroup>();
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const kind = kinds[heap.nodes[i + typeAt]!] ?? 'unknown';
    const key = NAMED_KINDS.has(kind) ? `${kind}:${heap.strings[heap.nodes[i + nameAt]!]}` : kind;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count++;
    group.bytes += heap.nodes[i + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}

/** Rows of `after` minus `before`, the largest growth in bytes first; only groups that grew. */
export function growth(before: Map<string, HeapGroup>, after: Map<string, HeapGroup>): Array<[string, HeapGroup]> {
  const rows: Array<[string, HeapGroup]> = [];
  for (const [key, group] of after) {
    const was = before.get(key) ?? { count: 0, bytes: 0 };
    if (group.count > was.count || group.bytes > was.bytes) rows.push([key, { count: group.count - was.count, bytes: group.bytes - was.bytes }]);
  }
  return rows.sort(([, a], [, b]) => b.bytes - a.bytes);
}

const total = (groups: Map<string, HeapGroup>): HeapGroup =>
  [...groups.values()].reduce((sum, group) => ({ count: sum.count + group.count, bytes: sum.bytes + group.bytes }), { count: 0, bytes: 0 });

const line = (key: string, group: HeapGroup): string => `${String(group.count).padStart(9)} ${(group.bytes / 1024).toFixed(1).padStart(10)} kB  ${key.slice(0, 100)}`;

const isMain = process.argv[1]?.endsWith('heap-summary.js');
if (isMain) {
  const [first, second] = process.argv.slice(2);
  const limit = Number(process.env.HEAP_ROWS ?? 40);
  if (!first) {
    process.stderr.write('usage: node dist/bench/heap-summary.js A.heapsnapshot [B.heapsnapshot]\n');
    process.exit(2);
  }
  const a = summarise(first);
  const sum = total(a);
  console.log(`${first}: ${sum.count} objects, ${(sum.bytes / 1024 / 1024).toFixed(1)} MB`);
  if (!second) {
    console.log('    count       self  constructor');
    for (const [key, group] of [...a].sort(([, x], [, y]) => y.bytes - x.bytes).slice(0, limit)) console.log(line(key, group));
  } else {
    const b = summarise(second);
    const after = total(b);
    console.log(`${second}: ${after.count} objects, ${(after.bytes / 1024 / 1024).toFixed(1)} MB`);
    console.log('   +count      +self  constructor');
    for (const [key, group] of growth(a, b).slice(0, limit)) console.log(line(key, group));
  }
}
