import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { createRequire } from 'node:module';

// This file runs as dist/spec/architecture.spec.js; the sources are two folders up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const LAYERS = ['client', 'mcp', 'bin', 'http', 'actors', 'machines', 'lib'];

/** The import graph of the service's sources, with the house rules checked (.dependency-cruiser.cjs). */
async function cruised(): Promise<ICruiseResult> {
  const config = require(`${ROOT}.dependency-cruiser.cjs`) as IConfiguration;
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const reported = await cruise(LAYERS, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden ?? [] } });
    return reported.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
}

/**
 * The loops between folders: for every folder, its direct children (folders and files) are the
 * nodes and an import from anything under one child to anything under another is an arrow; a
 * strongly connected set of two or more children is a loop, reported with the imports that make it.
 */
export function folderLoops(imports: ReadonlyArray<[string, string]>): string[] {
  const folders = new Set<string>(['']);
  for (const pair of imports) {
    for (const path of pair) {
      const parts = path.split('/').slice(0, -1);
      for (let i = 1; i <= parts.length; i++) folders.add(parts.slice(0, i).join('/'));
    }
  }
  const loops: string[] = [];
  for (const folder of [...folders].sort()) {
    const prefix = folder ? `${folder}/` : '';
    const child = (path: string): string | null => (path.startsWith(prefix) ? path.slice(prefix.length).split('/')[0]! : null);
    const arrows = new Map<string, Set<string>>();
    const why = new Map<string, string>();
    for (const [from, to] of imports) {
      const a = child(from);
      const b = child(to);
      if (a === null || b === null || a === b) continue;
      if (!arrows.has(a)) arrows.set(a, new Set());
      arrows.get(a)!.add(b);
      if (!why.has(`${a}>${b}`)) why.set(`${a}>${b}`, `${from} → ${to}`);
    }
    for (const component of stronglyConnected(arrows)) {
      const members = new Set(component);
      const evidence = [...why].filter(([key]) => key.split('>').every((end) => members.has(end))).map(([, line]) => line);
      loops.push(`${folder || '(root)'}: ${component.sort().join(', ')} (${evidence.join('; ')})`);
    }
  }
  return loops;
}

/** Tarjan's strongly connected components of two or more nodes. */
function stronglyConnected(arrows: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of arrows.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component);
  };
  const nodes = new Set([...arrows.keys(), ...[...arrows.values()].flatMap((set) => [...set])]);
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of client, mcp, bin, http, actors, machines and lib', function () {
  this.timeout(60_000);
  let result: ICruiseResult;
  before(async () => {
    result = await cruised();
  });

  it('has no cycle and every arrow runs down the layers and lib\'s rooms (.dependency-cruiser.cjs)', () => {
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${[v.from, ...(v.cycle?.map((c) => c.name) ?? [v.to])].join(' → ')}`);
    expect(result.summary.totalCruised, 'modules cruised').to.be.above(100);
    expect(violations).to.deep.equal([]);
  });

  it('has no loop between folders, at any depth', () => {
    const imports = result.modules.flatMap((module) =>
      module.dependencies.filter((d) => !d.coreModule && !d.resolved.includes('node_modules')).map((d): [string, string] => [module.source, d.resolved]),
    );
    expect(imports.length, 'imports read').to.be.above(500);
    expect(folderLoops(imports)).to.deep.equal([]);
  });

  it('finds a loop between folders when one is there', () => {
    expect(folderLoops([['lib/a/x.ts', 'lib/b/y.ts'], ['lib/b/z.ts', 'lib/a/w.ts']])).to.deep.equal(['lib: a, b (lib/a/x.ts → lib/b/y.ts; lib/b/z.ts → lib/a/w.ts)']);
    expect(folderLoops([['lib/a/x.ts', 'lib/b/y.ts'], ['lib/b/z.ts', 'lib/c/w.ts']])).to.deep.equal([]);
    expect(folderLoops([['lib/a/p/x.ts', 'lib/a/q/y.ts'], ['lib/a/q/z.ts', 'lib/a/p/w.ts']])).to.deep.equal(['lib/a: p, q (lib/a/p/x.ts → lib/a/q/y.ts; lib/a/q/z.ts → lib/a/p/w.ts)']);
  });
});
