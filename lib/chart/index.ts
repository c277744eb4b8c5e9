// The state charts of a machine definition: one walk (graph.ts), drawn as Mermaid text or a laid-out SVG.
export { chartGraph, chartStates, type ChartEdge, type ChartGraph, type ChartNode, type ChartNodeKind } from './graph.js';
export { toMermaid } from './mermaid.js';
export { CHART_CSS, toSvg } from './svg.js';
