// The store contract for SQLite: on a file in a temporary folder, and through two connections to
// one file taking turns call by call, as two nodes sharing a database would.
import { expect } from 'chai';
import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Store } from '../../../../lib/platform/store/index.js';
import { openSqliteStore, type SqliteStore } from '../../../../lib/platform/store/sqlite/index.js';
import { describeStore } from './contract.js';
import { T0, tempDir } from './fixtures.js';

const folders = new WeakMap<Store, { dir: string; stores: SqliteStore[] }>();

async function closeAll(store: Store): Promise<void> {
  const opened = folders.get(store)!;
  for (const one of opened.stores) await one.close();
  rmSync(opened.dir, { recursive: true, force: true });
}

describeStore(
  'SQLite on a file',
  () => {
    const dir = tempDir();
    const store = openSqliteStore(dir);
    folders.set(store, { dir, stores: [store] });
    return Promise.resolve(store);
  },
  closeAll,
);

/** A Store whose calls alternate between two connections to one file: nothing may live in either connection's memory. */
function alternating(first: SqliteStore, second: SqliteStore): Store {
  let turn = 0;
  return new Proxy<Store>(first, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function' || name === 'close') return value;
      return (...args: unknown[]) => {
        const store = turn++ % 2 === 0 ? first : second;
        return (Reflect.get(store, name) as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
}

describeStore(
  'SQLite, two connections to one file',
  () => {
    const dir = tempDir();
    const stores = [openSqliteStore(dir), openSqliteStore(dir)];
    const store = alternating(stores[0]!, stores[1]!);
    folders.set(store, { dir, stores });
    return Promise.resolve(store);
  },
  closeAll,
);

describe('SQLite store across threads (one connection each, as separate processes would have)', function () {
  this.timeout(30_000);
  let dir: string;
  let keyId: string;
  let accountId: string;
  beforeEach(async () => {
    dir = tempDir();
    const store = openSqliteStore(dir);
    const account = await store.createAccount({ plan: 'starter', now: T0 });
    ({ id: keyId, accountId } = (await store.createKey({ accountId: account.id, test: false, now: T0 })).record);
    await store.close();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `threads` workers making `calls` calls each, released together; the total they saw allowed. */
  async function race(op: 'admit' | 'rate' | 'hold', threads: number, calls: number, limit: number): Promise<number> {
    const barrier = new SharedArrayBuffer(4);
    const workerData = { dir, op, keyId, accountId, calls, limit, now: T0, barrier };
    const workers = Array.from({ length: threads }, () => new Worker(new URL('./race-worker.js', import.meta.url), { workerData }));
    const results = workers.map((worker) => {
      let ready!: () => void;
      const readyPromise = new Promise<void>((resolve) => (ready = resolve));
      const done = new Promise<number>((resolve, reject) => {
        worker.on('message', (message: unknown) => (message === 'ready' ? ready() : resolve(message as number)));
        worker.on('error', reject);
      });
      return { readyPromise, done };
    });
    await Promise.all(results.map((result) => result.readyPromise));
    const flag = new Int32Array(barrier);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    const counts = await Promise.all(results.map((result) => result.done));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  it('admits exactly 5 of 20 creates racing from 4 threads for a key with limit 5', async () => {
    expect(await race('admit', 4, 5, 5)).to.equal(5);
    const store = openSqliteStore(dir);
    expect(await store.countActiveSessions(keyId)).to.equal(5);
    await store.close();
  });

  it('allows exactly 60 of 70 requests racing from 7 threads with limit 60', async () => {
    expect(await race('rate', 7, 10, 60)).to.equal(60);
  });

  it('holds a profile for exactly one of 20 persisting sessions racing from 4 threads', async () => {
    expect(await race('hold', 4, 5, 1)).to.equal(1);
  });
});
