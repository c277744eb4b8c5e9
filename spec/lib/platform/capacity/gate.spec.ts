import { expect } from 'chai';
import { EngineGate, GateLeft, HOLD_CAP_MS } from '../../../../lib/platform/capacity/gate.js';
import { ManualClock } from '../../../../lib/platform/clock.js';
import { settle } from '../../../support/service.js';

/** What `promise` rejected with; null when it resolved. */
const rejection = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => null, (error: unknown) => error);

describe('EngineGate', () => {
  let clock: ManualClock;
  beforeEach(() => {
    clock = new ManualClock();
  });

  /** Enters `gate` and records the order in which `name`s were let in. */
  function enter(gate: EngineGate, name: string, order: string[], signal?: AbortSignal): Promise<() => void> {
    return gate.enter(signal).then((release) => {
      order.push(name);
      return release;
    });
  }

  it('lets in as many as it has slots and queues the rest in arrival order', async () => {
    const gate = new EngineGate(2, clock);
    const order: string[] = [];
    const entered = ['a', 'b', 'c', 'd', 'e'].map((name) => enter(gate, name, order));
    await settle();
    expect(order).to.deep.equal(['a', 'b']);
    expect(gate.load).to.deep.equal({ running: 2, waiting: 3 });
    (await entered[1]!)();
    await settle();
    expect(order).to.deep.equal(['a', 'b', 'c']);
    (await entered[0]!)();
    (await entered[2]!)();
    await settle();
    expect(order).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(gate.load).to.deep.equal({ running: 2, waiting: 0 });
  });

  it('does not let a newcomer pass those already waiting when a slot frees', async () => {
    const gate = new EngineGate(1, clock);
    const order: string[] = [];
    const first = await enter(gate, 'first', order);
    void enter(gate, 'waiting', order);
    first();
    void enter(gate, 'newcomer', order);
    await settle();
    expect(order).to.deep.equal(['first', 'waiting']);
  });

  it('counts a release once, however often it is called', async () => {
    const gate = new EngineGate(1, clock);
    const release = await gate.enter();
    const second = gate.enter();
    release();
    release();
    await second;
    expect(gate.load).to.deep.equal({ running: 1, waiting: 0 });
  });

  it('drops a waiter whose signal aborts, without taking a slot', async () => {
    const gate = new EngineGate(1, clock);
    const order: string[] = [];
    const release = await enter(gate, 'running', order);
    const controller = new AbortController();
    const leaving = enter(gate, 'leaving', order, controller.signal);
    void enter(gate, 'next', order);
    await settle();
    expect(gate.load.waiting).to.equal(2);
    controller.abort();
    expect(await rejection(leaving)).to.be.instanceOf(GateLeft);
    expect(gate.load).to.deep.equal({ running: 1, waiting: 1 });
    release();
    await settle();
    expect(order).to.deep.equal(['running', 'next']);
  });

  it('refuses at once a signal that has already aborted', async () => {
    const gate = new EngineGate(1, clock);
    const controller = new AbortController();
    controller.abort();
    expect(await rejection(gate.enter(controller.signal))).to.be.instanceOf(GateLeft);
    expect(gate.load).to.deep.equal({ running: 0, waiting: 0 });
  });

  it('hands a slot held past the hold cap to the next in line', async () => {
    const gate = new EngineGate(1, clock);
    const order: string[] = [];
    const long = await enter(gate, 'long', order);
    void enter(gate, 'next', order);
    clock.advance(HOLD_CAP_MS - 1);
    await settle();
    expect(order).to.deep.equal(['long']);
    clock.advance(1);
    await settle();
    expect(order).to.deep.equal(['long', 'next']);
    // The late release of the long one must not free the slot the next one holds.
    long();
    void enter(gate, 'third', order);
    await settle();
    expect(order).to.deep.equal(['long', 'next']);
    expect(gate.load).to.deep.equal({ running: 1, waiting: 1 });
  });

  it('lets everyone in at once with 0 slots', async () => {
    const gate = new EngineGate(0, clock);
    const order: string[] = [];
    await Promise.all(['a', 'b', 'c'].map((name) => enter(gate, name, order)));
    expect(order).to.deep.equal(['a', 'b', 'c']);
  });
});
