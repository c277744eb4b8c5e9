import { expect } from 'chai';
import { setup } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import { chartGraph, chartStates, toSvg } from '../../../lib/chart/index.js';
import { drawChart } from '../../../lib/chart/svg.js';
import type { PlacedEdge } from '../../../lib/chart/layout.js';
import { engineMachine } from '../../../machines/engine.js';
import { sessionMachine } from '../../../machines/session.js';
import { allElements, parseXml, type XmlElement } from '../../support/xml.js';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const boxOf = (rect: XmlElement | undefined): Box => {
  if (!rect) throw new Error('no rect');
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((name) => Number(rect.attributes[name]));
  return { x: x!, y: y!, width: width!, height: height! };
};
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const classes = (element: XmlElement) => (element.attributes.class ?? '').split(' ');

/** The SVG of `machine`, parsed, with its state boxes by dotted path. */
async function drawn(machine: AnyStateMachine) {
  const svg = parseXml(await toSvg(machine));
  const elements = allElements(svg);
  const states = elements.filter((element) => classes(element).includes('state'));
  const boxes = new Map(states.map((group) => [group.attributes['data-state']!, boxOf(group.children.find((child) => classes(child).includes('box')))]));
  const edges = elements.filter((element) => element.name === 'g' && classes(element).includes('edge'));
  return { svg, elements, states, boxes, edges };
}

describe('toSvg()', () => {
  for (const [name, machine] of [
    ['session', sessionMachine],
    ['engine', engineMachine],
  ] as const) {
    describe(`the ${name} machine`, () => {
      it('is well-formed SVG that scales, with one state group per state and one edge group per transition', async () => {
        const { svg, states, edges } = await drawn(machine);
        expect(svg.name).to.equal('svg');
        expect(svg.attributes.xmlns).to.equal('http://www.w3.org/2000/svg');
        expect(svg.attributes.viewBox).to.equal(`0 0 ${svg.attributes.width} ${svg.attributes.height}`);
        const graph = chartGraph(machine);
        expect(states.map((group) => group.attributes['data-state'])).to.have.members(chartStates(graph.root).map((node) => node.id));
        const drawnEdges = edges.map((group) => `${group.attributes['data-from']} ${group.attributes['data-to']} ${group.attributes['data-event']} ${group.children.find((child) => child.name === 'text')?.text}`);
        expect(drawnEdges).to.have.members(graph.edges.map((edge) => `${edge.from} ${edge.to} ${edge.event} ${edge.label}`));
        for (const group of edges) expect(group.children.find((child) => classes(child).includes('line'))?.attributes.d).to.match(/^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+)+$/);
      });

      it('draws each state inside its parent and no two siblings over each other', async () => {
        const { boxes, svg } = await drawn(machine);
        const whole = { x: 0, y: 0, width: Number(svg.attributes.width), height: Number(svg.attributes.height) };
        const graph = chartGraph(machine);
        for (const parent of [graph.root, ...chartStates(graph.root)]) {
          const outer = parent.id ? boxes.get(parent.id)! : whole;
          parent.children.forEach((child, i) => {
            expect(inside(boxes.get(child.id)!, outer), `${child.id} inside ${parent.id || 'the chart'}`).to.equal(true);
            for (const sibling of parent.children.slice(i + 1)) expect(overlap(boxes.get(child.id)!, boxes.get(sibling.id)!), `${child.id} / ${sibling.id}`).to.equal(false);
          });
        }
      });

      it('keeps every edge label clear of the other labels and of every state box it is not inside', async () => {
        const { elements, boxes } = await drawn(machine);
        const labels = elements.filter((element) => classes(element).includes('label-bg')).map(boxOf);
        expect(labels.length).to.be.greaterThan(5);
        labels.forEach((label, i) => {
          for (const other of labels.slice(i + 1)) expect(overlap(label, other)).to.equal(false);
          for (const [id, box] of boxes) if (!inside(label, box)) expect(overlap(label, box), `label over ${id}`).to.equal(false);
        });
      });
    });
  }

  it('draws a label after every line that runs through it, so its background hides the line', async () => {
    const { edges } = await drawn(sessionMachine);
    const segments = (group: XmlElement): Box[] => {
      const points = [...(group.children.find((child) => classes(child).includes('line'))?.attributes.d ?? '').matchAll(/([\d.]+) ([\d.]+)/g)].map(([, x, y]) => ({ x: Number(x), y: Number(y) }));
      return points.slice(1).map((end, i) => {
        const start = points[i]!;
        return { x: Math.min(start.x, end.x), y: Math.min(start.y, end.y), width: Math.abs(end.x - start.x), height: Math.abs(end.y - start.y) };
      });
    };
    const touches = (line: Box, box: Box) => line.x < box.x + box.width && box.x < line.x + line.width && line.y < box.y + box.height && box.y < line.y + line.height;
    let crossings = 0;
    edges.forEach((group, i) => {
      const label = boxOf(group.children.find((child) => classes(child).includes('label-bg')));
      edges.forEach((other, j) => {
        if (other !== group && segments(other).some((line) => touches(line, label))) {
          crossings++;
          expect(j, `${other.attributes['data-event']} drawn before the label of ${group.attributes['data-event']}`).to.be.lessThan(i);
        }
      });
    });
    // The session chart has stacked self-loops on running, which ELK routes through each other's labels.
    expect(crossings).to.be.greaterThan(0);
  });

  it('orders edges by who crosses whose label, not by how many cross it, for any layout', () => {
    // a's label is crossed by b's line; b's label by the lines of c, d and e: a must follow b, which
    // must follow c, d and e, though b's label is crossed more often than a's.
    const edge = (event: string, label: { x: number; y: number }, points: Array<[number, number]>): PlacedEdge => ({
      edge: { from: 's', to: 's', label: event, event, internal: false },
      points: points.map(([x, y]) => ({ x, y })),
      label: { ...label, width: 20, height: 10 },
    });
    const layout = {
      x: 0,
      y: 0,
      width: 400,
      height: 300,
      states: [],
      initials: [],
      edges: [
        edge('a', { x: 10, y: 10 }, [[0, 100], [300, 100]]),
        edge('b', { x: 100, y: 50 }, [[20, 0], [20, 60]]),
        edge('c', { x: 200, y: 200 }, [[110, 40], [110, 300]]),
        edge('d', { x: 250, y: 250 }, [[90, 55], [400, 55]]),
        edge('e', { x: 300, y: 150 }, [[115, 0], [115, 300]]),
      ],
    };
    const order = allElements(parseXml(drawChart(layout, 'chain')))
      .filter((element) => classes(element).includes('edge'))
      .map((group) => group.attributes['data-event']);
    expect(order).to.deep.equal(['c', 'd', 'e', 'b', 'a']);
  });

  it('marks initial states with a dot and an arrow, and final states with a double border', async () => {
    const { elements, states } = await drawn(sessionMachine);
    const initials = elements.filter((element) => classes(element).includes('initial'));
    expect(initials.map((group) => group.attributes['data-initial-of'])).to.have.members(['', 'active']);
    for (const group of initials) expect(group.children.map((child) => child.name)).to.include.members(['circle', 'path']);
    const finals = states.filter((group) => classes(group).includes('final'));
    expect(finals.map((group) => group.attributes['data-state'])).to.have.members(['closed', 'expired', 'failed']);
    for (const group of finals) expect(group.children.filter((child) => child.name === 'rect')).to.have.length(2);
  });

  it('styles by classes alone, so a page highlights by toggling current and last', async () => {
    const { svg, elements } = await drawn(engineMachine);
    const style = svg.children.find((child) => child.name === 'style')?.text ?? '';
    expect(style).to.include('.state.current').and.include('.edge.last');
    expect(elements.filter((element) => 'style' in element.attributes || 'fill' in element.attributes || 'stroke' in element.attributes)).to.deep.equal([]);
  });

  it('escapes state names, events and guards', async () => {
    const machine = setup({ guards: { 'a<b': () => true } }).createMachine({
      id: 'odd"id',
      initial: 'x&y',
      states: { 'x&y': { on: { '<go>': { target: 'q\'z', guard: 'a<b' } } }, "q'z": { type: 'final' } },
    });
    const { states, edges } = await drawn(machine);
    expect(states.map((group) => [group.attributes['data-state'], group.children.find((child) => child.name === 'text')?.text])).to.deep.equal([
      ['x&y', 'x&y'],
      ["q'z", "q'z"],
    ]);
    expect(edges.map((group) => group.attributes['data-event'])).to.deep.equal(['<go>']);
    expect(edges[0]?.children.find((child) => child.name === 'text')?.text).to.equal('<go> [a<b]');
  });
});
