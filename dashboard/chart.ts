// The session machine's chart (GET /dashboard/chart.svg, laid out on the server), with the current
// state and the last transition's edge marked by the classes `current` and `last`.
import { h, fill } from './dom.js';

/** An edge of the chart as its `data-*` attributes describe it. */
export interface ChartEdge {
  from: string;
  to: string;
  event: string;
}

/** Whether state path `path` is `state` or one of its ancestors (`active` holds `active.idle`). */
const holds = (path: string, state: string): boolean => state === path || state.startsWith(`${path}.`);

/**
 * The drawn edge a transition `from` → `to` on `event` took. A transition declared on a parent
 * state is drawn from the parent, and one into a compound state ends at its initial child, so
 * an edge matches when its ends hold the transition's ends; the event decides between
 * candidates, then the deepest ends. Null when no edge fits (the first transition, say).
 */
export function pickEdge(edges: ChartEdge[], from: string | null, to: string, event: string): number | null {
  if (from === null) return null;
  let best: { index: number; score: number } | null = null;
  for (const [index, edge] of edges.entries()) {
    if (!holds(edge.from, from) || !holds(edge.to, to)) continue;
    const sameEvent = edge.event === event || edge.event.split(' [')[0] === event;
    const score = (sameEvent ? 1_000_000 : 0) + edge.from.length * 1000 + edge.to.length;
    if (!best || score > best.score) best = { index, score };
  }
  return best?.index ?? null;
}

/** The chart panel: loads the SVG once and moves the marks as transitions arrive. */
export class ChartPanel {
  readonly element = h('div', { class: 'chart', 'aria-label': 'State chart of the session machine' });
  private svg: SVGSVGElement | null = null;
  private pending: { from: string | null; to: string; event: string } | null = null;

  constructor() {
    fill(this.element, h('p', { class: 'note', text: 'Loading the chart…' }));
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      const response = await fetch('/dashboard/chart.svg', { cache: 'no-store' });
      if (!response.ok) throw new Error(String(response.status));
      // The page's own stylesheet draws the chart (the build appends lib/chart's CHART_CSS to it):
      // the CSP refuses the SVG's inline <style>, so it goes before the SVG is even parsed.
      const text = (await response.text()).replace(/<style[\s\S]*?<\/style>/g, '');
      const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
      if (!(root instanceof SVGSVGElement)) throw new Error('not an SVG');
      root.querySelectorAll('script').forEach((node) => node.remove());
      // Its width caps its size; the page scales it down to fit.
      const width = root.getAttribute('width');
      if (width) root.style.maxWidth = `${width}px`;
      root.removeAttribute('width');
      root.removeAttribute('height');
      this.svg = document.importNode(root, true);
      this.svg.setAttribute('role', 'img');
      fill(this.element, this.svg);
      if (this.pending) this.show(this.pending.from, this.pending.to, this.pending.event);
    } catch {
      fill(this.element, h('p', { class: 'note', text: 'The state chart is not available from this server.' }));
    }
  }

  /** Marks `to` (and the states holding it) as current and the edge from `from` on `event` as the last one taken. */
  show(from: string | null, to: string, event: string): void {
    this.pending = { from, to, event };
    if (!this.svg) return;
    this.svg.querySelectorAll('.current, .last').forEach((node) => node.classList.remove('current', 'last'));
    // The state and every state holding it are current, as XState's state value says (`active.idle` is in `active`).
    const parts = to.split('.');
    for (let depth = 1; depth <= parts.length; depth++) {
      this.svg.querySelector(`g.state[data-state="${CSS.escape(parts.slice(0, depth).join('.'))}"]`)?.classList.add('current');
    }
    const edges = [...this.svg.querySelectorAll<SVGGElement>('g.edge')];
    const described = edges.map((edge) => ({ from: edge.dataset.from ?? '', to: edge.dataset.to ?? '', event: edge.dataset.event ?? '' }));
    const index = pickEdge(described, from, to, event);
    if (index !== null) edges[index]?.classList.add('last');
  }
}
