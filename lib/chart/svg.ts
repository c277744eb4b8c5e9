// The chart as a standalone SVG drawn from ELK's layout. Styling lives in one <style> block of
// classes, so a page showing the chart highlights a state or an edge by toggling a class.
import type { AnyStateMachine } from 'xstate';
import { chartGraph } from './graph.js';
import { FONT_SIZE, layoutChart, TITLE_HEIGHT, type ChartLayout, type PlacedEdge, type PlacedState, type Point, type Rect } from './layout.js';

/** The chart's stylesheet; a page with a strict Content-Security-Policy can serve it as a file of its own. */
export const CHART_CSS = `
.tabwright-chart { font: ${FONT_SIZE}px 'DejaVu Sans Mono', ui-monospace, Menlo, Consolas, monospace; }
.tabwright-chart text { fill: #1f2933; }
.tabwright-chart .state .box { fill: #ffffff; stroke: #52606d; stroke-width: 1.5; }
.tabwright-chart .state.compound > .box { fill: #f5f7fa; }
.tabwright-chart .state.final .inner { fill: none; stroke: #52606d; stroke-width: 1.5; }
.tabwright-chart .state.compound > .name { font-weight: bold; }
.tabwright-chart .edge .line, .tabwright-chart .initial .line { fill: none; stroke: #7b8794; stroke-width: 1.3; }
.tabwright-chart .edge .head, .tabwright-chart .initial .head { fill: #7b8794; }
.tabwright-chart .edge.internal .line { stroke-dasharray: 4 3; }
.tabwright-chart .edge .label { fill: #3e4c59; }
.tabwright-chart .edge .label-bg { fill: #ffffff; }
.tabwright-chart .initial .dot { fill: #1f2933; }
.tabwright-chart .state.current > .box { fill: #fff3c4; stroke: #cb6e17; stroke-width: 3; }
.tabwright-chart .state.compound.current > .box { fill: #fffbea; }
.tabwright-chart .edge.last .line { stroke: #cb6e17; stroke-width: 2.5; }
.tabwright-chart .edge.last .head { fill: #cb6e17; }
.tabwright-chart .edge.last .label { fill: #8d2b0b; font-weight: bold; }
`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe for XML content and for double-quoted attributes. */
const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
/** Coordinates rounded to a tenth: enough for the eye, and the file stays small. */
const num = (value: number): string => String(Math.round(value * 10) / 10);

function line(points: Point[]): string {
  return points.map((point, i) => `${i ? 'L' : 'M'}${num(point.x)} ${num(point.y)}`).join(' ');
}

/** An arrowhead at the route's end, along its last segment; a path of its own so CSS can colour it. */
function head(points: Point[]): string {
  const end = points.at(-1);
  const before = points.at(-2);
  if (!end || !before) return '';
  const length = Math.hypot(end.x - before.x, end.y - before.y) || 1;
  const [dx, dy] = [(end.x - before.x) / length, (end.y - before.y) / length];
  const base = { x: end.x - dx * 8, y: end.y - dy * 8 };
  const side = (sign: number): Point => ({ x: base.x - dy * 4 * sign, y: base.y + dx * 4 * sign });
  return `<path class="head" d="${line([end, side(1), side(-1)])} Z"/>`;
}

function drawState({ node, x, y, width, height }: PlacedState): string {
  const box = `<rect class="box" x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" rx="${node.kind === 'compound' ? 10 : 8}"/>`;
  const inner =
    node.kind === 'final' ? `<rect class="inner" x="${num(x + 4)}" y="${num(y + 4)}" width="${num(width - 8)}" height="${num(height - 8)}" rx="5"/>` : '';
  // A container's name sits in its title band; a leaf's in its middle.
  const name =
    node.kind === 'compound'
      ? `<text class="name" x="${num(x + 12)}" y="${num(y + TITLE_HEIGHT / 2 + 5)}">${escape(node.label)}</text>`
      : `<text class="name" x="${num(x + width / 2)}" y="${num(y + height / 2)}" text-anchor="middle" dominant-baseline="central">${escape(node.label)}</text>`;
  return `<g class="state ${node.kind}" data-state="${escape(node.id)}">${box}${inner}${name}</g>`;
}

function drawEdge({ edge, points, label }: PlacedEdge): string {
  const classes = edge.internal ? 'edge internal' : 'edge';
  const attributes = `data-from="${escape(edge.from)}" data-to="${escape(edge.to)}" data-event="${escape(edge.event)}"`;
  const text = label
    ? `<rect class="label-bg" x="${num(label.x)}" y="${num(label.y)}" width="${num(label.width)}" height="${num(label.height)}" rx="3"/>` +
      `<text class="label" x="${num(label.x + label.width / 2)}" y="${num(label.y + label.height / 2)}" text-anchor="middle" dominant-baseline="central">${escape(edge.label)}</text>`
    : '';
  return `<g class="${classes}" ${attributes}><title>${escape(`${edge.from} → ${edge.to}: ${edge.label}`)}</title><path class="line" d="${line(points)}"/>${head(points)}${text}</g>`;
}

/** Whether any segment of `points` runs through `rect` (routes are orthogonal, so a segment is its own bounding box). */
function crosses(points: Point[], rect: Rect): boolean {
  return points.slice(1).some((end, i) => {
    const start = points[i] ?? end;
    return (
      Math.max(start.x, end.x) > rect.x && Math.min(start.x, end.x) < rect.x + rect.width &&
      Math.max(start.y, end.y) > rect.y && Math.min(start.y, end.y) < rect.y + rect.height
    );
  });
}

/**
 * ELK sometimes routes a line through another edge's label (stacked self-loops do). A label's
 * background hides only what is drawn before it, so each edge comes after every edge whose line
 * runs through its label: a topological order of "crosses my label", original order among equals.
 * Should routes ever cross each other's labels both ways, no order of whole edges can serve both;
 * the edge whose label the fewest undrawn lines cross goes first, so the fewest lines show.
 */
function drawingOrder(edges: PlacedEdge[]): PlacedEdge[] {
  const crossers = new Map(edges.map((edge) => [edge, new Set(edge.label ? edges.filter((other) => other !== edge && crosses(other.points, edge.label!)) : [])]));
  const order: PlacedEdge[] = [];
  const waiting = [...edges];
  while (waiting.length > 0) {
    const undrawn = (edge: PlacedEdge) => [...(crossers.get(edge) ?? [])].filter((other) => waiting.includes(other)).length;
    const next = waiting.reduce((best, edge) => (undrawn(edge) < undrawn(best) ? edge : best));
    order.push(next);
    waiting.splice(waiting.indexOf(next), 1);
  }
  return order;
}

/** A laid-out chart as SVG text. */
export function drawChart(layout: ChartLayout, title: string): string {
  const { width, height } = layout;
  const initials = layout.initials.map(
    ({ of, dot, points }) =>
      `<g class="initial" data-initial-of="${escape(of)}"><circle class="dot" cx="${num(dot.x + dot.width / 2)}" cy="${num(dot.y + dot.height / 2)}" r="${num(dot.width / 2)}"/>` +
      `<path class="line" d="${line(points)}"/>${head(points)}</g>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="tabwright-chart" viewBox="0 0 ${num(width)} ${num(height)}" width="${num(width)}" height="${num(height)}" role="img" aria-label="${escape(title)}">`,
    `<title>${escape(title)}</title>`,
    `<style>${CHART_CSS}</style>`,
    // Parents before children and every box before any arrow, so arrows and labels stay on top.
    ...layout.states.map(drawState),
    ...initials,
    ...drawingOrder(layout.edges).map(drawEdge),
    '</svg>',
    '',
  ].join('\n');
}

/** Renders a machine definition as an SVG state chart laid out by ELK. */
export async function toSvg(machine: AnyStateMachine): Promise<string> {
  const graph = chartGraph(machine);
  return drawChart(await layoutChart(graph), `${graph.root.label} state chart`);
}
