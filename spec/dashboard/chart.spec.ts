import { expect } from 'chai';
import { pickEdge, type ChartEdge } from '../../dashboard/chart.js';

describe('dashboard pickEdge', () => {
  const edges: ChartEdge[] = [
    { from: 'active.idle', to: 'active.running', event: 'act' },
    { from: 'active.running', to: 'active.idle', event: 'xstate.done.actor.0.session.active.running' },
    { from: 'active.idle', to: 'active.human', event: 'takeover' },
    { from: 'active', to: 'closing', event: 'close' },
    { from: 'active', to: 'failed', event: 'engine.lost [fatal]' },
  ];

  it('finds the edge with the same ends', () => {
    expect(pickEdge(edges, 'active.idle', 'active.running', 'act')).to.equal(0);
    expect(pickEdge(edges, 'active.idle', 'active.human', 'takeover')).to.equal(2);
  });

  it('finds an edge declared on a parent state, by its event', () => {
    expect(pickEdge(edges, 'active.running', 'closing', 'close')).to.equal(3);
    expect(pickEdge(edges, 'active.human', 'failed', 'engine.lost')).to.equal(4);
  });

  it('finds an edge into a compound state from the child it entered', () => {
    expect(pickEdge([{ from: 'starting', to: 'active', event: 'ready' }], 'starting', 'active.idle', 'ready')).to.equal(0);
  });

  it('finds none for the first transition or one not drawn', () => {
    expect(pickEdge(edges, null, 'starting', 'xstate.init')).to.equal(null);
    expect(pickEdge(edges, 'closing', 'closed', 'done')).to.equal(null);
  });
});
