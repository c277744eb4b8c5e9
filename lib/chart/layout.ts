// Lays a chart graph out with ELK's layered algorithm: compound states become containers that
// hold their children, and every box, route and label position comes back in one coordinate space.
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { chartStates, type ChartEdge, type ChartGraph, type ChartNode } from './graph.js';

/** A point in the laid-out chart, in SVG user units. */
export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned rectangle in the laid-out chart. */
export interface Rect extends Point {
  width: number;
  height: number;
}

/** A state's box. */
export interface PlacedState extends Rect {
  node: ChartNode;
}

/** A transition's route (start, bends, end) and where its label goes. */
export interface PlacedEdge {
  edge: ChartEdge;
  points: Point[];
  label: Rect | null;
}

/** The dot and arrow that mark `of`'s initial child ('' is the root). */
export interface PlacedInitial {
  of: string;
  dot: Rect;
  points: Point[];
}

/** A chart with every position decided. */
export interface ChartLayout extends Rect {
  states: PlacedState[];
  edges: PlacedEdge[];
  initials: PlacedInitial[];
}

/** Text is drawn in a monospace font, so its width is known here without a browser to measure it. */
export const FONT_SIZE = 12;
const CHAR_WIDTH = FONT_SIZE * 0.62;
const LABEL_HEIGHT = FONT_SIZE + 4;
/** Height of a compound state's title band, above its children. */
export const TITLE_HEIGHT = 26;
const STATE_HEIGHT = 36;
const DOT = 12;

/** The width `text` takes in the chart's font. */
export const textWidth = (text: string): number => Math.ceil(text.length * CHAR_WIDTH);

const initialId = (parent: string) => `${parent}#initial`;

/**
 * Read per container, so each compound state carries them too. Depth-first cycle breaking walks
 * from the initial dot, so `idle ⇄ running` reads left to right in the order the machine enters them.
 */
const CONTAINER_OPTIONS = { 'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST' };

const OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelLabel': '6',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '10',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  ...CONTAINER_OPTIONS,
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
};

/** The state strictly containing both ends of an edge: ELK wants each edge in that node's list. */
function containerOf(edge: { from: string; to: string }): string {
  const up = (id: string) => {
    const parts = id.split('.');
    return parts.map((_, i) => parts.slice(0, parts.length - 1 - i).join('.'));
  };
  const toAncestors = new Set(up(edge.to));
  return up(edge.from).find((id) => toAncestors.has(id)) ?? '';
}

function elkNode(node: ChartNode): ElkNode {
  const name = textWidth(node.label) + 28;
  if (node.children.length === 0) return { id: node.id, width: Math.max(name, 64), height: STATE_HEIGHT };
  const initial = node.children.find((child) => child.initial);
  return {
    id: node.id,
    layoutOptions: {
      ...CONTAINER_OPTIONS,
      'elk.padding': `[top=${TITLE_HEIGHT + 12},left=14,bottom=14,right=14]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${name}, ${TITLE_HEIGHT + 24})`,
    },
    children: [
      ...(initial ? [{ id: initialId(node.id), width: DOT, height: DOT, layoutOptions: { 'elk.layered.layering.layerConstraint': 'FIRST' } }] : []),
      ...node.children.map(elkNode),
    ],
    edges: [],
  };
}

/** Builds ELK's input: the state tree, initial dots, and each edge in its container's list. */
function elkGraph(graph: ChartGraph): ElkNode {
  const top = elkNode(graph.root);
  // ELK wants a non-empty id; a dotted path never holds '#'.
  const root: ElkNode = { id: '#chart', layoutOptions: OPTIONS, children: top.children ?? [], edges: [] };
  const byId = new Map<string, ElkNode>();
  const index = (node: ElkNode) => {
    byId.set(node.id, node);
    node.children?.forEach(index);
  };
  index(root);
  const add = (container: string, edge: ElkExtendedEdge) => {
    const owner = byId.get(container) ?? root;
    (owner.edges ??= []).push(edge);
  };
  graph.edges.forEach((edge, i) => {
    const label = { text: edge.label, width: textWidth(edge.label) + 6, height: LABEL_HEIGHT };
    add(containerOf(edge), { id: `e${i}`, sources: [edge.from], targets: [edge.to], labels: [label] });
  });
  for (const parent of [graph.root, ...chartStates(graph.root)]) {
    const initial = parent.children.find((child) => child.initial);
    if (initial) add(parent.id, { id: `i:${parent.id}`, sources: [initialId(parent.id)], targets: [initial.id] });
  }
  return root;
}

type ElkLayout = { layout(graph: ElkNode): Promise<ElkNode> };
let elk: Promise<ElkLayout> | undefined;

/** ELK's bundled build runs in this thread (no worker); loaded on first use, it is a large script. */
function loadElk(): Promise<ElkLayout> {
  // The CommonJS constructor carries itself as `.default`, so `.default.default` is the constructor
  // whether the loader (Node, esbuild) hands over module.exports or honours its __esModule flag.
  elk ??= import('elkjs/lib/elk.bundled.js').then((module) => new module.default.default());
  return elk;
}

const pointsOf = (edge: ElkExtendedEdge): Point[] =>
  (edge.sections ?? []).flatMap((section, i) => [...(i ? [] : [section.startPoint]), ...(section.bendPoints ?? []), section.endPoint]);

const rectOf = (shape: { x?: number; y?: number; width?: number; height?: number }): Rect => ({
  x: shape.x ?? 0,
  y: shape.y ?? 0,
  width: shape.width ?? 0,
  height: shape.height ?? 0,
});

/** Lays out a chart graph; every coordinate of the answer is absolute. */
export async function layoutChart(graph: ChartGraph): Promise<ChartLayout> {
  const laid = await (await loadElk()).layout(elkGraph(graph));
  const shapes = new Map<string, ElkNode>();
  const edges = new Map<string, ElkExtendedEdge>();
  const collect = (node: ElkNode) => {
    shapes.set(node.id, node);
    node.edges?.forEach((edge) => edges.set(edge.id, edge));
    node.children?.forEach(collect);
  };
  collect(laid);
  const placed = (id: string): Rect => rectOf(shapes.get(id) ?? {});
  const parents = [graph.root, ...chartStates(graph.root)].filter((parent) => parent.children.some((child) => child.initial));
  return {
    ...rectOf(laid),
    states: chartStates(graph.root).map((node) => ({ node, ...placed(node.id) })),
    edges: graph.edges.map((edge, i) => {
      const laidEdge = edges.get(`e${i}`);
      const label = laidEdge?.labels?.[0];
      return { edge, points: laidEdge ? pointsOf(laidEdge) : [], label: label ? rectOf(label) : null };
    }),
    initials: parents.map((parent) => {
      const laidEdge = edges.get(`i:${parent.id}`);
      return { of: parent.id, dot: placed(initialId(parent.id)), points: laidEdge ? pointsOf(laidEdge) : [] };
    }),
  };
}
