import { expect } from 'chai';
import { Arrivals } from '../../../../lib/browser/tabs/arrivals.js';

describe('Arrivals (the tabs on their way into a session)', () => {
  it('is idle with nothing announced, and settles at once', async () => {
    const arrivals = new Arrivals();
    expect(arrivals.idle).to.equal(true);
    const start = performance.now();
    await arrivals.settled(1_000);
    expect(performance.now() - start).to.be.below(50);
  });

  it('waits for an announced window until its page arrived and was made a tab, giving it the announcer as opener when the page does not say', async () => {
    const arrivals = new Arrivals();
    arrivals.announce('t1');
    arrivals.announce('t2');
    let made!: () => void;
    const settled = arrivals.settled(5_000).then(() => 'settled');
    setTimeout(() => {
      expect(arrivals.arrived('t2')).to.equal('t2');
      // A noopener page cannot name its opener: the oldest announcement is taken.
      expect(arrivals.arrived(undefined)).to.equal('t1');
      void arrivals.track(new Promise<void>((resolve) => (made = resolve)));
      expect(arrivals.inFlight).to.equal(1);
      setTimeout(() => made(), 20);
    }, 20);
    expect(await settled).to.equal('settled');
    expect(arrivals.idle).to.equal(true);
  });

  it('forgets a window that never arrives once the cap has passed', async () => {
    const arrivals = new Arrivals();
    arrivals.announce('t1');
    await arrivals.settled(30);
    expect(arrivals.idle).to.equal(true);
    expect(arrivals.arrived(undefined)).to.equal(null);
  });
});
