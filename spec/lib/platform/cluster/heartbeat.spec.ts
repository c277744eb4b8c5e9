import { expect } from 'chai';
import { Heartbeat } from '../../../../lib/platform/cluster/heartbeat.js';
import { ManualClock } from '../../../../lib/platform/clock.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import type { SessionRow } from '../../../../lib/platform/store/index.js';
import { freshStore, seedKey, sessionFor, T0 } from '../store/fixtures.js';

describe('Heartbeat', () => {
  const fresh = freshStore();

  it("fails a silent node's sessions once the timeout has passed, and not before", async () => {
    const clock = new ManualClock(T0);
    const failed: SessionRow[][] = [];
    const beat = (node: string) => new Heartbeat(fresh.store, clock, node, 9_000, (rows) => failed.push(rows), (error) => { throw error; });
    const [n1, n2] = [beat('n1'), beat('n2')];
    await n1.start();
    await n2.start();
    const { record } = seedKey(fresh.store);
    const lost = newSessionId('n2');
    await fresh.store.insertSession(sessionFor(record, T0, lost));
    await n2.stop();

    clock.advance(8_000);
    await n1.tick();
    expect(failed).to.deep.equal([]);
    expect((await fresh.store.getSession(lost))?.status).to.equal('active');

    clock.advance(2_000);
    await n1.tick();
    expect(failed.flat().map((row) => row.id)).to.deep.equal([lost]);
    expect((await fresh.store.getSession(lost))?.errorCode).to.equal('engine_failure');
    await n1.stop();
  });

  it('beats every third of the timeout', () => {
    expect(new Heartbeat(fresh.store, new ManualClock(T0), 'n1', 30_000, () => undefined, () => undefined).intervalMs).to.equal(10_000);
  });
});
