// The one walk over a machine definition. Mermaid and the SVG both draw from its graph, so they
// cannot disagree about which states and transitions a machine has.
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** What a state is, as a chart draws it. */
export type ChartNodeKind = 'atomic' | 'compound' | 'final' | 'root';

/** One state; `id` is its dotted path ('active.idle'), '' for the machine itself. */
export interface ChartNode {
  id: string;
  /** Its key ('idle'), or the machine's id for the root. */
  label: string;
  kind: ChartNodeKind;
  /** Entered when its parent is (a parallel state's regions all are). */
  initial: boolean;
  children: ChartNode[];
}

/** One arrow: a transition from `from` to `to` (dotted paths), labelled as people read it. */
export interface ChartEdge {
  from: string;
  to: string;
  /** The event as its author wrote it ('act', 'after sessionTimeout', 'done: runAct'), plus ' [guard]'. */
  label: string;
  /** XState's own event type ('xstate.after.sessionTimeout.session.active'), as an inspector or journal sees it. */
  event: string;
  /** A transition without a target: it runs actions and stays put, drawn as a loop on its source. */
  internal: boolean;
}

/** A machine as a tree of states and a list of transitions between them, in definition order. */
export interface ChartGraph {
  root: ChartNode;
  edges: ChartEdge[];
}

const pathOf = (node: AnyStateNode): string => node.path.join('.');
const children = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states);

function kindOf(node: AnyStateNode): ChartNodeKind {
  if (node === node.machine.root) return 'root';
  if (node.type === 'final') return 'final';
  return children(node).length > 0 ? 'compound' : 'atomic';
}

function isInitial(node: AnyStateNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  return parent.type === 'parallel' || parent.initial.target.includes(node);
}

function toNode(node: AnyStateNode): ChartNode {
  return {
    id: pathOf(node),
    label: node === node.machine.root ? node.machine.id : node.key,
    kind: kindOf(node),
    initial: isInitial(node),
    children: children(node).map(toNode),
  };
}

/** A number of milliseconds as people say it: 30000 → '30s', 500 → '0.5s'. */
function seconds(ms: number): string {
  return `${ms / 1000}s`;
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
      return `after ${typeof delayed.delay === 'number' ? seconds(delayed.delay) : String(delayed.delay)}`;
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

function edgesOf(node: AnyStateNode): ChartEdge[] {
  const root = node.machine.root;
  const transitions = [
    ...[...node.transitions.entries()].flatMap(([eventType, list]) =>
      list.map((transition) => ({ transition, event: eventType, label: eventLabel(node, eventType) })),
    ),
    ...(node.always ?? []).map((transition) => ({ transition, event: transition.eventType as string, label: 'always' })),
  ];
  // A root transition applies in every state; the root has no box to start from, so it is drawn
  // from each top-level state that can still take it.
  const sources = node === root ? children(root).filter((child) => child.type !== 'final') : [node];
  return transitions.flatMap(({ transition, event, label }) => {
    const text = `${label}${guardLabel(transition.guard)}`;
    return sources.flatMap((from) =>
      (transition.target ?? [from]).map((to) => ({
        from: pathOf(from),
        to: pathOf(to),
        label: text,
        event,
        internal: transition.target === undefined,
      })),
    );
  });
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...descendants(child)]);
}

/** Walks a machine definition into its chart: every state and every transition, nothing drawn yet. */
export function chartGraph(machine: AnyStateMachine): ChartGraph {
  return { root: toNode(machine.root), edges: [machine.root, ...descendants(machine.root)].flatMap(edgesOf) };
}

/** Every state of a chart below the root, parents before their children. */
export function chartStates(root: ChartNode): ChartNode[] {
  return root.children.flatMap((child) => [child, ...chartStates(child)]);
}
