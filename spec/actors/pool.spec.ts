import { expect } from 'chai';
import { REFILL_GRACE_MS, WarmPool, type WarmSource } from '../../actors/pool.js';

/** An item of the fake source: alive until it dies or is discarded. */
interface Item {
  id: number;
  alive: boolean;
  discarded: boolean;
  die?: () => void;
}

/** A source whose makes finish when the test says (`finish`), or at once with `instant`. */
class FakeSource implements WarmSource<Item> {
  made = 0;
  readonly pending: Array<() => void> = [];
  readonly items: Item[] = [];
  instant = true;
  failing = false;
  readonly discarded: Item[] = [];

  make(): Promise<Item> {
    if (this.failing) return Promise.reject(new Error('no browser'));
    const item: Item = { id: ++this.made, alive: true, discarded: false };
    this.items.push(item);
    if (this.instant) return Promise.resolve(item);
    return new Promise((resolve) => this.pending.push(() => resolve(item)));
  }

  usable(item: Item): boolean {
    return item.alive && !item.discarded;
  }

  watch(item: Item, lost: () => void): () => void {
    item.die = () => {
      item.alive = false;
      lost();
    };
    return () => {
      item.die = () => {
        item.alive = false;
      };
    };
  }

  discard(item: Item): Promise<void> {
    item.discarded = true;
    this.discarded.push(item);
    return Promise.resolve();
  }

  /** Lets the oldest make still under way finish. */
  finish(): void {
    this.pending.shift()?.();
  }
}

/** Lets timers of zero delay, immediates and promise callbacks run, a few rounds. */
const turns = async (n = 10): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('WarmPool', () => {
  let source: FakeSource;
  let pool: WarmPool<Item>;
  let grow: boolean;
  let readyCounts: number[];
  const start = (size: number, retryMs = 20): WarmPool<Item> => {
    pool = new WarmPool(source, { size, canGrow: () => grow, retryMs, onChange: (ready) => readyCounts.push(ready) });
    pool.fill();
    return pool;
  };
  beforeEach(() => {
    source = new FakeSource();
    grow = true;
    readyCounts = [];
  });
  afterEach(async () => {
    const closing = pool.close();
    while (source.pending.length > 0) source.finish();
    await closing;
  });

  it('fills to its size, one item at a time, and hands each item out once, oldest first', async () => {
    source.instant = false;
    start(2);
    await turns();
    expect(source.pending).to.have.length(1);
    source.finish();
    await turns();
    expect(source.pending).to.have.length(1);
    source.finish();
    await turns();
    expect(source.made).to.equal(2);
    expect(pool.size).to.equal(2);
    const release = pool.hold();
    const [first, second, third] = [await pool.take(), await pool.take(), await pool.take()];
    expect([first?.id, second?.id, third]).to.deep.equal([1, 2, undefined]);
    release();
  });

  it('makes nothing while a create is under way, and replaces what it took once the create has answered', async () => {
    start(2);
    await turns();
    const release = pool.hold();
    const taken = await pool.take();
    await turns();
    expect(taken?.id).to.equal(1);
    expect(source.made).to.equal(2);
    const other = pool.hold();
    release();
    await turns();
    expect(source.made, 'still held by the second create').to.equal(2);
    other();
    other();
    await turns();
    expect(source.made, 'a page is still ready: the refill leaves the client\'s first requests the cores').to.equal(2);
    await new Promise((resolve) => setTimeout(resolve, REFILL_GRACE_MS + 50));
    await turns();
    expect(source.made).to.equal(3);
    expect(pool.size).to.equal(2);
  });

  it('refills at once when a create took the last ready page', async () => {
    start(1);
    await turns();
    const release = pool.hold();
    expect((await pool.take())?.id).to.equal(1);
    await turns();
    expect(source.made).to.equal(1);
    release();
    await turns();
    expect(source.made).to.equal(2);
  });

  it('lets the first create that finds none ready wait for the one being made; the next builds its own', async () => {
    source.instant = false;
    start(1);
    await turns();
    expect(source.pending).to.have.length(1);
    const release = pool.hold();
    const waiting = pool.take();
    const next = await pool.take();
    expect(next, 'a second create does not wait for the same item').to.equal(undefined);
    source.finish();
    expect((await waiting)?.id).to.equal(1);
    await turns();
    expect(source.made, 'nothing made while the create is under way').to.equal(1);
    release();
    await turns();
    expect(source.made).to.equal(2);
  });

  it('never hands out an item that is no longer usable, and discards it', async () => {
    start(2);
    await turns();
    // Gone bad while it waited, unnoticed by its watch (a browser that is no longer the engine's).
    source.items[0]!.alive = false;
    expect((await pool.take())?.id).to.equal(2);
    expect(source.discarded.map((item) => item.id)).to.deep.equal([1]);
  });

  it('drops an item that dies while it waits and makes another', async () => {
    start(1);
    await turns();
    source.items[0]!.die?.();
    await turns();
    expect(source.discarded.map((item) => item.id)).to.deep.equal([1]);
    expect((await pool.take())?.id).to.equal(2);
  });

  it('stops watching an item once it is taken: its death is then its session\'s business', async () => {
    start(1);
    await turns();
    const taken = (await pool.take())!;
    taken.die?.();
    await turns();
    expect(source.discarded).to.not.include(taken);
  });

  it('waits while canGrow says no, and looks again later', async () => {
    grow = false;
    start(1, 10);
    await turns();
    expect(source.made).to.equal(0);
    grow = true;
    await new Promise((resolve) => setTimeout(resolve, 30));
    await turns();
    expect(source.made).to.equal(1);
  });

  it('tries again later after a make that failed', async () => {
    source.failing = true;
    start(1, 10);
    await turns();
    expect(pool.size).to.equal(0);
    source.failing = false;
    await new Promise((resolve) => setTimeout(resolve, 30));
    await turns();
    expect(pool.size).to.equal(1);
  });

  it('drain discards what is ready and what was being made, then fills again', async () => {
    source.instant = false;
    start(2);
    await turns();
    source.finish();
    await turns();
    expect(source.pending).to.have.length(1);
    const drained = pool.drain();
    source.finish();
    await drained;
    await turns();
    expect(source.discarded.map((item) => item.id)).to.deep.equal([1, 2]);
    expect(readyCounts).to.include(0);
    pool.fill();
    await turns();
    source.finish();
    await turns();
    expect((await pool.take())?.id).to.equal(3);
  });

  it('close discards everything, waits for a make under way, and makes nothing more', async () => {
    source.instant = false;
    start(2);
    await turns();
    source.finish();
    await turns();
    const closing = pool.close();
    source.finish();
    await closing;
    pool.fill();
    pool.hold()();
    await turns();
    expect(source.made).to.equal(2);
    expect(source.discarded.map((item) => item.id)).to.have.members([1, 2]);
    expect(pool.size).to.equal(0);
    expect(await pool.take()).to.equal(undefined);
  });

  it('keeps nothing with size 0', async () => {
    start(0);
    await turns();
    expect(source.made).to.equal(0);
    expect(await pool.take()).to.equal(undefined);
  });
});
