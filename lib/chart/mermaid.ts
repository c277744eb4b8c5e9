// The chart as Mermaid `stateDiagram-v2` text, drawn from chartGraph's walk.
import type { AnyStateMachine } from 'xstate';
import { chartGraph, chartStates, type ChartEdge, type ChartNode } from './graph.js';

/** The states whose path strictly contains `id`'s, innermost first ('' is the root). */
function ancestors(id: string): string[] {
  const parts = id.split('.');
  return parts.map((_, i) => parts.slice(0, parts.length - 1 - i).join('.'));
}

/** The deepest state strictly containing both ends: the only block where Mermaid can draw the arrow. */
function containerOf(edge: ChartEdge): string {
  const toAncestors = new Set(ancestors(edge.to));
  return ancestors(edge.from).find((id) => toAncestors.has(id)) ?? '';
}

/**
 * Mermaid keeps one namespace for all states, however nested, so a key used twice in the
 * machine (say two `idle` states) is spelled by its path instead.
 */
function mermaidIds(nodes: ChartNode[]): Map<string, string> {
  const clean = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_');
  const counts = new Map<string, number>();
  for (const node of nodes) counts.set(clean(node.label), (counts.get(clean(node.label)) ?? 0) + 1);
  return new Map(
    nodes.map((node) => [node.id, counts.get(clean(node.label)) === 1 ? clean(node.label) : clean(node.id.replaceAll('.', '_'))]),
  );
}

/** Renders a machine definition as a Mermaid `stateDiagram-v2`. */
export function toMermaid(machine: AnyStateMachine): string {
  const graph = chartGraph(machine);
  const ids = mermaidIds(chartStates(graph.root));
  const lines = ['stateDiagram-v2', ...renderContainer(graph.root, '  ', ids, graph.edges)];
  return `${lines.join('\n')}\n`;
}

function renderContainer(node: ChartNode, indent: string, ids: Map<string, string>, edges: ChartEdge[]): string[] {
  const id = (state: string) => ids.get(state) ?? state;
  const lines: string[] = [];
  // A state first named in an outer block would be created there, so every child is named
  // at least once inside its own block.
  const named = new Set<string>();
  const mention = (...states: string[]) => states.forEach((state) => named.add(state));

  if (node.kind === 'compound' || node.kind === 'root') {
    for (const initial of node.children.filter((child) => child.initial)) {
      lines.push(`${indent}[*] --> ${id(initial.id)}`);
      mention(initial.id);
    }
  }
  for (const child of node.children) {
    if (child.children.length === 0) continue;
    lines.push(`${indent}state ${id(child.id)} {`, ...renderContainer(child, `${indent}  `, ids, edges), `${indent}}`);
    mention(child.id);
  }
  for (const edge of edges.filter((candidate) => containerOf(candidate) === node.id)) {
    lines.push(`${indent}${id(edge.from)} --> ${id(edge.to)} : ${edge.label}`);
    mention(edge.from, edge.to);
  }
  for (const child of node.children) {
    if (child.kind === 'final') {
      lines.push(`${indent}${id(child.id)} --> [*]`);
      mention(child.id);
    }
  }
  for (const child of node.children) {
    if (!named.has(child.id)) lines.push(`${indent}${id(child.id)}`);
  }
  return lines;
}
