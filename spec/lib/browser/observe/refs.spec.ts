import { expect } from 'chai';
import { RefLedger, TabRefs } from '../../../../lib/browser/observe/refs.js';

describe('RefLedger (a session\'s ref numbering across its tabs)', () => {
  it('numbers on from one counter whichever tab draws, and tells which tab drew each number', () => {
    const ledger = new RefLedger();
    const [t1, t2] = [new TabRefs(ledger, 't1'), new TabRefs(ledger, 't2')];
    t1.advance(4);
    expect(t2.next).to.equal(4);
    t2.advance(7);
    t1.advance(9);
    // A number below the counter is never drawn again.
    t2.advance(8);
    expect(t1.next).to.equal(9);
    expect(['e1', 'e3', 'e4', 'e6', 'e7', 'e8'].map((ref) => t1.tabOf(ref))).to.deep.equal(['t1', 't1', 't2', 't2', 't1', 't1']);
    expect(['e0', 'e9', 'x1', 'e'].map((ref) => t2.tabOf(ref))).to.deep.equal([undefined, undefined, undefined, undefined]);
  });

  it('keeps one span while one tab draws on, however often', () => {
    const ledger = new RefLedger();
    const t1 = new TabRefs(ledger, 't1');
    for (let next = 2; next < 2_000; next++) t1.advance(next);
    expect((ledger as unknown as { spans: unknown[] }).spans).to.have.length(1);
    expect(t1.tabOf('e1998')).to.equal('t1');
  });
});
