import { expect } from 'chai';
import { createMachine, setup } from 'xstate';
import { chartGraph, chartStates } from '../../../lib/chart/index.js';
import { engineMachine } from '../../../machines/engine.js';
import { sessionMachine } from '../../../machines/session.js';
import { configEdges, configStates } from '../../support/machine-config.js';

describe('chartGraph()', () => {
  for (const [name, machine] of [
    ['session', sessionMachine],
    ['engine', engineMachine],
  ] as const) {
    it(`has every state of the ${name} machine, with its dotted path, kind and initial flag`, () => {
      const graph = chartGraph(machine);
      const states = chartStates(graph.root).map(({ id, kind, initial }) => ({ id, kind, initial }));
      const expected = configStates(machine);
      expect(expected.length).to.be.greaterThan(4);
      expect(states).to.deep.equal(expected);
      expect(graph.root).to.include({ id: '', label: machine.id, kind: 'root', initial: false });
    });

    it(`has every transition of the ${name} machine, labelled as written`, () => {
      const edges = chartGraph(machine).edges.map((edge) => `${edge.from} --> ${edge.to} : ${edge.label}`);
      const expected = configEdges(machine);
      expect(expected.length).to.be.greaterThan(8);
      expect(edges).to.have.members(expected);
      expect(edges).to.have.length(expected.length);
    });
  }

  it('nests the session states and labels its delay, actor results and guards', () => {
    const graph = chartGraph(sessionMachine);
    const active = graph.root.children.find((node) => node.id === 'active');
    expect(active).to.include({ kind: 'compound', initial: true, label: 'active' });
    expect(active?.children.map((child) => [child.id, child.initial])).to.deep.include.members([['active.idle', true], ['active.running', false]]);
    expect(graph.root.children.filter((node) => node.kind === 'final').map((node) => node.id)).to.have.members(['closed', 'expired', 'failed']);
    const labels = graph.edges.map((edge) => `${edge.from} -> ${edge.to}: ${edge.label}`);
    expect(labels).to.include.members([
      'active -> ending: after sessionTimeout',
      'active.running -> ending: done: runAct [isFatal]',
      'active.running -> ending: error: runAct',
      'active.running -> active.running: done: runAct [hasQueued]',
      'active.idle -> active.running: act',
      'ending -> expired: done: finalize [outcomeExpired]',
    ]);
  });

  it('keeps XState\'s own event type beside the label, as an inspector reports it', () => {
    const edges = chartGraph(sessionMachine).edges;
    const timeout = edges.find((edge) => edge.label === 'after sessionTimeout');
    expect(timeout?.event).to.match(/^xstate\.after\.sessionTimeout\./);
    expect(edges.find((edge) => edge.label === 'error: runAct')?.event).to.match(/^xstate\.error\.actor\./);
    expect(edges.find((edge) => edge.label === 'act' && !edge.internal)?.event).to.equal('act');
  });

  it('writes a numeric delay in seconds and marks targetless transitions as internal loops', () => {
    const machine = setup({ delays: { wait: 10 } }).createMachine({
      id: 'tiny',
      initial: 'a',
      states: { a: { after: { 1500: 'b', wait: 'b' }, on: { PING: { actions: [] } } }, b: { type: 'final' } },
    });
    const edges = chartGraph(machine).edges.map(({ from, to, label, internal }) => ({ from, to, label, internal }));
    expect(edges).to.deep.equal([
      { from: 'a', to: 'a', label: 'PING', internal: true },
      { from: 'a', to: 'b', label: 'after 1.5s', internal: false },
      { from: 'a', to: 'b', label: 'after wait', internal: false },
    ]);
  });

  it('draws a root transition from each top-level state that is not final', () => {
    const machine = createMachine({ initial: 'one', on: { RESET: '.one' }, states: { one: {}, two: {}, done: { type: 'final' } } });
    const edges = chartGraph(machine).edges.map((edge) => `${edge.from}->${edge.to}`);
    expect(edges).to.deep.equal(['one->one', 'two->one']);
  });
});
