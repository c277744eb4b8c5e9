import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** One drawn arrow: `from --> to : label`, printed inside `container`'s block. */
interface Edge {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
  container: AnyStateNode;
}

/** Renders a machine definition as a Mermaid `stateDiagram-v2`, walking its state nodes. */
export function toMermaid(machine: AnyStateMachine): string {
  const nodes = descendants(machine.root);
  const ids = mermaidIds(nodes);
  const edges = [machine.root, ...nodes].flatMap(edgesOf);
  const lines = ['stateDiagram-v2', ...renderContainer(machine.root, '  ', ids, edges)];
  return `${lines.join('\n')}\n`;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...descendants(child)]);
}

/**
 * Mermaid keeps one namespace for all states, however nested, so a key used twice in the
 * machine (say two `idle` states) is spelled by its path instead.
 */
function mermaidIds(nodes: AnyStateNode[]): Map<AnyStateNode, string> {
  const clean = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_');
  const counts = new Map<string, number>();
  for (const node of nodes) counts.set(clean(node.key), (counts.get(clean(node.key)) ?? 0) + 1);
  return new Map(
    nodes.map((node) => [node, counts.get(clean(node.key)) === 1 ? clean(node.key) : clean(node.path.join('_'))]),
  );
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  return node.parent ? [node.parent, ...ancestors(node.parent)] : [];
}

/** The deepest state strictly containing both ends: the only block where Mermaid can draw the arrow. */
function containerOf(from: AnyStateNode, to: AnyStateNode): AnyStateNode {
  const toAncestors = new Set(ancestors(to));
  const found = ancestors(from).find((node) => toAncestors.has(node));
  return found ?? from.machine.root;
}

function guardLabel(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'function') return ` [${guard.name || 'guard'}]`;
  const type = (guard as { type?: unknown }).type;
  return ` [${typeof type === 'string' ? type : 'guard'}]`;
}

/** Turns XState's internal event names (delays, invoke results) back into what the author wrote. */
function eventLabel(node: AnyStateNode, eventType: string): string {
  for (const delayed of node.after) {
    if (delayed.eventType === eventType) {
      return `after ${typeof delayed.delay === 'number' ? `${delayed.delay}ms` : String(delayed.delay)}`;
    }
  }
  for (const invoke of node.invoke) {
    const name = typeof invoke.src === 'string' ? invoke.src : invoke.id;
    if (eventType === `xstate.done.actor.${invoke.id}`) return `done: ${name}`;
    if (eventType === `xstate.error.actor.${invoke.id}`) return `error: ${name}`;
    if (eventType === `xstate.snapshot.${invoke.id}`) return `snapshot: ${name}`;
  }
  if (eventType === `xstate.done.state.${node.id}`) return 'done';
  return eventType;
}

function edgesOf(node: AnyStateNode): Edge[] {
  const root = node.machine.root;
  const transitions = [
    ...[...node.transitions.entries()].flatMap(([eventType, list]) =>
      list.map((transition) => ({ transition, label: eventLabel(node, eventType) })),
    ),
    ...(node.always ?? []).map((transition) => ({ transition, label: 'always' })),
  ];
  // A root transition applies in every state; Mermaid has no box for the root, so draw it
  // from each top-level state that can still take it.
  const sources = node === root ? children(root).filter((child) => child.type !== 'final') : [node];
  return transitions.flatMap(({ transition, label }) => {
    const text = `${label}${guardLabel(transition.guard)}`;
    // A targetless transition stays put: shown as a loop on its source.
    return sources.flatMap((from) =>
      (transition.target ?? [from]).map((to) => ({ from, to, label: text, container: containerOf(from, to) })),
    );
  });
}

function renderContainer(
  node: AnyStateNode,
  indent: string,
  ids: Map<AnyStateNode, string>,
  edges: Edge[],
): string[] {
  const id = (state: AnyStateNode) => ids.get(state) ?? state.key;
  const lines: string[] = [];
  // A state first named in an outer block would be created there, so every child is named
  // at least once inside its own block.
  const named = new Set<AnyStateNode>();
  const mention = (...states: AnyStateNode[]) => states.forEach((state) => named.add(state));

  if (node.type === 'compound') {
    for (const initial of node.initial.target) {
      lines.push(`${indent}[*] --> ${id(initial)}`);
      mention(initial);
    }
  }
  for (const child of children(node)) {
    if (children(child).length === 0) continue;
    lines.push(`${indent}state ${id(child)} {`, ...renderContainer(child, `${indent}  `, ids, edges), `${indent}}`);
    mention(child);
  }
  for (const edge of edges.filter((candidate) => candidate.container === node)) {
    lines.push(`${indent}${id(edge.from)} --> ${id(edge.to)} : ${edge.label}`);
    mention(edge.from, edge.to);
  }
  for (const child of children(node)) {
    if (child.type === 'final') {
      lines.push(`${indent}${id(child)} --> [*]`);
      mention(child);
    }
  }
  for (const child of children(node)) {
    if (!named.has(child)) lines.push(`${indent}${id(child)}`);
  }
  return lines;
}
