// A few sessions' worth of pages made ahead of the creates that take them (issue 16, the warm
// start): a create with every default option takes a ready one instead of building a context on
// its request's path. An item is made for the pool, handed out at most once, and never comes
// back: what a session leaves behind dies with its context.
import { within } from '../lib/platform/time.js';

/** How a warm pool makes, checks and throws away its items (ready pages; fakes in tests). */
export interface WarmSource<T> {
  /** Makes one item; rejects when it cannot now (the engine is down, the browser refused). */
  make(): Promise<T>;
  /** Whether `item` can still be handed out: its page open, its browser the one running. */
  usable(item: T): boolean;
  /** Calls `lost` once if `item` dies while it waits (its page crashed or closed); returns the way to stop watching. */
  watch(item: T, lost: () => void): () => void;
  /** Closes `item` and everything it holds; never rejects. */
  discard(item: T): Promise<void>;
}

/** What a pool is given besides its source. */
export interface WarmPoolOptions {
  /** How many items it keeps ready; 0 keeps none. */
  size: number;
  /** Whether one more may be made now: the engine is up and the machine's memory allows it. */
  canGrow(): boolean;
  /** Called with the number of ready items each time it changes (the gauge). */
  onChange?(ready: number): void;
  /** How long after a failed make, or a refusal of canGrow, the pool looks again. */
  retryMs?: number;
}

/** How long the pool waits before trying again when it could not make an item. */
export const WARM_RETRY_MS = 5_000;
/** How long closing waits for an item being made; one that comes later is discarded as it arrives. */
const CLOSE_WAIT_MS = 10_000;
/**
 * How long a refill that is not urgent (a page is still ready) waits after a create's answer. The
 * client's first requests follow the answer at once (an act, a CDP client's set-up and its goto),
 * and a page being built takes both cores for some 100 ms under them: bench:cdp measured a
 * connect at 70-85 ms beside a refill and 15-20 ms without one.
 */
export const REFILL_GRACE_MS = 250;

interface Waiting<T> {
  item: T;
  unwatch: () => void;
}

/**
 * Ready items, made one at a time in the background. It makes nothing while a create is under
 * way (between `hold()` and its release), so refilling never competes with a create waiting for
 * the engine: the item a create took is replaced once that create has answered. `drain()` throws
 * away what is ready (the engine was lost) and `close()` stops the pool for good.
 */
export class WarmPool<T> {
  private readonly ready: Array<Waiting<T>> = [];
  private making: Promise<void> | null = null;
  private scheduled = false;
  /** True while a create waits for the item being made: the next one builds its own. */
  private claimed = false;
  private retry: NodeJS.Timeout | null = null;
  private creates = 0;
  private closed = false;
  /** Bumped by every drain: an item whose making began before one is thrown away. */
  private generation = 0;

  constructor(
    private readonly source: WarmSource<T>,
    private readonly options: WarmPoolOptions,
  ) {}

  /** Items ready and being made: what the pool holds of the machine's memory. */
  get size(): number {
    return this.ready.length + (this.making ? 1 : 0);
  }

  /**
   * The oldest ready item that is still usable, now out of the pool for good. When none is ready
   * but one is being made, the first create to ask waits for it rather than build a second beside
   * it (two builds at once each take longer); undefined when there is neither.
   */
  async take(): Promise<T | undefined> {
    const ready = this.takeReady();
    if (ready !== undefined || !this.making || this.claimed) return ready;
    this.claimed = true;
    try {
      await this.making;
    } finally {
      this.claimed = false;
    }
    return this.takeReady();
  }

  private takeReady(): T | undefined {
    let taken: T | undefined;
    while (taken === undefined && this.ready.length > 0) {
      const { item, unwatch } = this.ready.shift()!;
      unwatch();
      if (this.source.usable(item)) taken = item;
      else void this.source.discard(item);
    }
    this.changed();
    // Under a create's hold the refill waits for its release, which decides how soon it comes.
    if (this.creates === 0) this.fill();
    return taken;
  }

  /** Marks a create under way: nothing is made until the returned function is called (once its answer is out). */
  hold(): () => void {
    this.creates++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.creates--;
      if (this.ready.length === 0) return this.fill();
      setTimeout(() => this.fill(), REFILL_GRACE_MS).unref();
    };
  }

  /** Makes the next missing item soon, if nothing stands in the way (a create under way, one being made, the pool closed). */
  fill(): void {
    if (this.closed || this.scheduled || this.making) return;
    this.scheduled = true;
    // Looked at on the next turn: the answer of the create that called is out by then, and an
    // engine that just came up reports itself available.
    setImmediate(() => {
      this.scheduled = false;
      if (this.closed || this.making || this.creates > 0 || this.ready.length >= this.options.size) return;
      if (!this.options.canGrow()) return this.retryLater();
      this.making = this.makeOne().finally(() => {
        this.making = null;
        this.fill();
      });
    });
  }

  /** Throws away every ready item and any being made (the engine was lost); the pool fills again once it can. */
  async drain(): Promise<void> {
    this.generation++;
    const items = this.ready.splice(0);
    this.changed();
    await Promise.all(
      items.map(({ item, unwatch }) => {
        unwatch();
        return this.source.discard(item);
      }),
    );
  }

  /** Stops the pool for good: nothing more is made, and what is ready or being made is closed. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (this.making) await within(this.making, CLOSE_WAIT_MS);
    await this.drain();
  }

  private async makeOne(): Promise<void> {
    const generation = this.generation;
    let item: T;
    try {
      item = await this.source.make();
    } catch {
      // The engine going down is followed by its own fill once it is back; anything else is tried again later.
      return this.retryLater();
    }
    if (this.closed || generation !== this.generation || !this.source.usable(item)) {
      await this.source.discard(item);
      return;
    }
    const waiting: Waiting<T> = {
      item,
      unwatch: this.source.watch(item, () => {
        const index = this.ready.indexOf(waiting);
        if (index < 0) return;
        this.ready.splice(index, 1);
        waiting.unwatch();
        void this.source.discard(item);
        this.changed();
        this.fill();
      }),
    };
    this.ready.push(waiting);
    this.changed();
  }

  private retryLater(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.fill();
    }, this.options.retryMs ?? WARM_RETRY_MS).unref();
  }

  private changed(): void {
    this.options.onChange?.(this.ready.length);
  }
}
