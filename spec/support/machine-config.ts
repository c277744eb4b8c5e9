// Reads a machine's raw config (what its author wrote), independently of XState's state nodes and
// of lib/chart's walker, so the chart tests compare the walker against a second reading.
import type { AnyStateMachine } from 'xstate';

interface StateConfig {
  type?: string;
  initial?: string;
  states?: Record<string, StateConfig>;
  on?: Record<string, unknown>;
  after?: Record<string, unknown>;
  always?: unknown;
  invoke?: unknown;
  onDone?: unknown;
}

/** One transition as the config spells it: `from --> to : label`. */
export type ConfigEdge = string;

const list = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const asObject = (value: unknown): { target?: unknown; guard?: unknown } => (typeof value === 'string' ? { target: value } : (value as object));

function guardText(guard: unknown): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  return ` [${(guard as { type: string }).type}]`;
}

/** Every state's dotted path with its kind and whether it is its parent's initial state. */
export function configStates(machine: AnyStateMachine): Array<{ id: string; kind: string; initial: boolean }> {
  const walk = (states: Record<string, StateConfig>, parent: StateConfig, prefix: string): Array<{ id: string; kind: string; initial: boolean }> =>
    Object.entries(states).flatMap(([key, state]) => {
      const id = prefix ? `${prefix}.${key}` : key;
      const kind = state.type === 'final' ? 'final' : state.states ? 'compound' : 'atomic';
      return [{ id, kind, initial: parent.initial === key }, ...walk(state.states ?? {}, state, id)];
    });
  const root = machine.config as StateConfig;
  return walk(root.states ?? {}, root, '');
}

/** Every transition of the config as `from --> to : label`, with targets resolved to dotted paths. */
export function configEdges(machine: AnyStateMachine): ConfigEdge[] {
  const root = machine.config as StateConfig;
  const machineId = machine.id;
  const resolve = (from: string, target: string): string => {
    if (target.startsWith(`#${machineId}.`)) return target.slice(machineId.length + 2);
    if (target.startsWith('.')) return from ? `${from}${target}` : target.slice(1);
    const parent = from.split('.').slice(0, -1).join('.');
    return parent ? `${parent}.${target}` : target;
  };
  const edges: ConfigEdge[] = [];
  const add = (sources: string[], owner: string, label: string, config: unknown) => {
    for (const transition of list(config).map(asObject)) {
      const text = `${label}${guardText(transition.guard)}`;
      for (const from of sources) {
        const targets = list(transition.target) as string[];
        // A targetless transition stays on its source.
        for (const to of targets.length ? targets.map((target) => resolve(owner, target)) : [from]) edges.push(`${from} --> ${to} : ${text}`);
      }
    }
  };
  const visit = (state: StateConfig, id: string) => {
    // The root's transitions apply in every top-level state that is not final.
    const sources = id === '' ? Object.entries(state.states ?? {}).filter(([, child]) => child.type !== 'final').map(([key]) => key) : [id];
    for (const [event, config] of Object.entries(state.on ?? {})) add(sources, id, event, config);
    for (const [delay, config] of Object.entries(state.after ?? {})) add(sources, id, `after ${/^\d+$/.test(delay) ? `${Number(delay) / 1000}s` : delay}`, config);
    add(sources, id, 'always', state.always);
    for (const invoke of list(state.invoke) as Array<{ src: string; onDone?: unknown; onError?: unknown }>) {
      add(sources, id, `done: ${invoke.src}`, invoke.onDone);
      add(sources, id, `error: ${invoke.src}`, invoke.onError);
    }
    add(sources, id, 'done', state.onDone);
    for (const [key, child] of Object.entries(state.states ?? {})) visit(child, id ? `${id}.${key}` : key);
  };
  visit(root, '');
  return edges;
}
