import { expect } from 'chai';
import { Worker } from 'node:worker_threads';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS } from '../../../lib/store/index.js';
import { freshStore, seedKey, T0 } from './fixtures.js';

const HOUR = 60 * 60 * 1000;

describe('Store#beginIdempotent()', () => {
  const fresh = freshStore();
  let keyId: string;
  beforeEach(() => {
    keyId = seedKey(fresh.store).record.id;
  });
  const begin = (bodyHash = 'h1', now = T0, idemKey = 'k1') => fresh.store.sync.beginIdempotent({ keyId, idemKey, bodyHash, now });
  const complete = () => fresh.store.sync.completeIdempotent({ keyId, idemKey: 'k1', status: 201, body: '{"session_id":"ses_1"}', requestId: 'req_1' });

  it("claims an unseen key ('new'), then reports it 'pending' while the first request runs", () => {
    expect(begin()).to.deep.equal({ state: 'new' });
    expect(begin()).to.deep.equal({ state: 'pending' });
  });

  it("answers 'conflict' for the same key with another body, pending or done", () => {
    begin();
    expect(begin('h2')).to.deep.equal({ state: 'conflict' });
    complete();
    expect(begin('h2')).to.deep.equal({ state: 'conflict' });
  });

  it('replays the stored response once completed', () => {
    begin();
    complete();
    expect(begin('h1', T0 + HOUR)).to.deep.equal({ state: 'replay', status: 201, body: '{"session_id":"ses_1"}', requestId: 'req_1' });
  });

  it('replays after a restart', () => {
    begin();
    complete();
    const store = fresh.reopen();
    expect(store.sync.beginIdempotent({ keyId, idemKey: 'k1', bodyHash: 'h1', now: T0 + 1 })).to.include({ state: 'replay', requestId: 'req_1' });
  });

  it('forgets a key after 24 hours', () => {
    begin();
    complete();
    expect(begin('h1', T0 + IDEMPOTENCY_TTL_MS - 1)).to.include({ state: 'replay' });
    expect(begin('h2', T0 + IDEMPOTENCY_TTL_MS)).to.deep.equal({ state: 'new' });
  });

  it('purges expired rows of every key lazily', () => {
    begin('h1', T0, 'old');
    begin('h1', T0 + IDEMPOTENCY_TTL_MS, 'fresh');
    const rows = fresh.store.db.prepare('SELECT idem_key FROM idempotency').pluck().all();
    expect(rows).to.deep.equal(['fresh']);
  });

  it('lets a claim abandoned for 10 minutes be taken again, but not sooner', () => {
    begin();
    expect(begin('h1', T0 + IDEMPOTENCY_ABANDONED_MS - 1)).to.deep.equal({ state: 'pending' });
    expect(begin('h1', T0 + IDEMPOTENCY_ABANDONED_MS)).to.deep.equal({ state: 'new' });
    expect(begin('h1', T0 + IDEMPOTENCY_ABANDONED_MS + 1)).to.deep.equal({ state: 'pending' });
  });

  it('keeps a pending claim across a restart until it is abandoned', () => {
    begin();
    const store = fresh.reopen();
    expect(store.sync.beginIdempotent({ keyId, idemKey: 'k1', bodyHash: 'h1', now: T0 + 1 })).to.deep.equal({ state: 'pending' });
  });

  it('scopes keys to the API key', () => {
    const other = fresh.store.sync.createKey({ accountId: fresh.store.sync.listAccounts()[0]!.id, test: false, now: T0 }).record.id;
    begin();
    expect(fresh.store.sync.beginIdempotent({ keyId: other, idemKey: 'k1', bodyHash: 'h2', now: T0 })).to.deep.equal({ state: 'new' });
  });

  it("gives exactly one 'new' among 10 claims of the same key", () => {
    const states = Array.from({ length: 10 }, () => begin().state);
    expect(states.filter((s) => s === 'new')).to.have.length(1);
    expect(states.filter((s) => s === 'pending')).to.have.length(9);
  });

  it("gives exactly one 'new' among 10 connections racing from 10 threads", async () => {
    void fresh.store.close(); // the workers share the file through their own connections
    const barrier = new SharedArrayBuffer(4);
    const workers = Array.from({ length: 10 }, () => new Worker(new URL('./claim-worker.js', import.meta.url), { workerData: { dir: fresh.dir, keyId, barrier } }));
    const messages = workers.map((worker) => {
      let ready!: () => void;
      const readyPromise = new Promise<void>((resolve) => (ready = resolve));
      const done = new Promise<string>((resolve, reject) => {
        worker.on('message', (message: string) => {
          if (message === 'ready') ready();
          else resolve(message);
        });
        worker.on('error', reject);
      });
      return { readyPromise, done };
    });
    await Promise.all(messages.map((m) => m.readyPromise));
    const flag = new Int32Array(barrier);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    const states = await Promise.all(messages.map((m) => m.done));
    await Promise.all(workers.map((worker) => worker.terminate()));
    expect(states.filter((s) => s === 'new')).to.have.length(1);
    expect(states.filter((s) => s === 'pending')).to.have.length(9);
  });
});

describe('Store#completeIdempotent()', () => {
  const fresh = freshStore();

  it('does nothing for a key that was never claimed', () => {
    const { record } = seedKey(fresh.store);
    fresh.store.sync.completeIdempotent({ keyId: record.id, idemKey: 'k1', status: 201, body: '{}', requestId: 'req_1' });
    expect(fresh.store.sync.beginIdempotent({ keyId: record.id, idemKey: 'k1', bodyHash: 'h', now: T0 })).to.deep.equal({ state: 'new' });
  });
});

describe('Store#releaseIdempotent()', () => {
  const fresh = freshStore();

  it('drops a pending claim so a retry runs afresh, even with another body', () => {
    const { record } = seedKey(fresh.store);
    const input = { keyId: record.id, idemKey: 'k1', now: T0 };
    fresh.store.sync.beginIdempotent({ ...input, bodyHash: 'h1' });
    fresh.store.sync.releaseIdempotent(input);
    expect(fresh.store.sync.beginIdempotent({ ...input, bodyHash: 'h2' })).to.deep.equal({ state: 'new' });
  });

  it('never drops a completed response', () => {
    const { record } = seedKey(fresh.store);
    const input = { keyId: record.id, idemKey: 'k1' };
    fresh.store.sync.beginIdempotent({ ...input, bodyHash: 'h1', now: T0 });
    fresh.store.sync.completeIdempotent({ ...input, status: 400, body: '{"error":{}}', requestId: 'req_1' });
    fresh.store.sync.releaseIdempotent(input);
    expect(fresh.store.sync.beginIdempotent({ ...input, bodyHash: 'h1', now: T0 })).to.include({ state: 'replay', status: 400 });
  });
});
