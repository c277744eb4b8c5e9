import { expect } from 'chai';
import { Worker } from 'node:worker_threads';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS } from '../../../../lib/platform/store/index.js';
import { freshStore, seedKey, T0 } from './fixtures.js';

const HOUR = 60 * 60 * 1000;

describe('Store#beginIdempotent()', () => {
  const fresh = freshStore();
  let keyId: string;
  beforeEach(() => {
    keyId = seedKey(fresh.store).record.id;
  });
  const begin = (bodyHash = 'h1', now = T0, idemKey = 'k1') => fresh.store.beginIdempotent({ keyId, scope: '', idemKey, bodyHash, now });
  const complete = () => fresh.store.completeIdempotent({ keyId, scope: '', idemKey: 'k1', status: 201, body: '{"session_id":"ses_1"}', requestId: 'req_1' });

  it("claims an unseen key ('new'), then reports it 'pending' while the first request runs", async () => {
    expect(await begin()).to.deep.equal({ state: 'new' });
    expect(await begin()).to.deep.equal({ state: 'pending' });
  });

  it("answers 'conflict' for the same key with another body, pending or done", async () => {
    await begin();
    expect(await begin('h2')).to.deep.equal({ state: 'conflict' });
    await complete();
    expect(await begin('h2')).to.deep.equal({ state: 'conflict' });
  });

  it('replays the stored response once completed', async () => {
    await begin();
    await complete();
    expect(await begin('h1', T0 + HOUR)).to.deep.equal({ state: 'replay', status: 201, body: '{"session_id":"ses_1"}', requestId: 'req_1' });
  });

  it('replays after a restart', async () => {
    await begin();
    await complete();
    const store = fresh.reopen();
    expect((await store.beginIdempotent({ keyId, scope: '', idemKey: 'k1', bodyHash: 'h1', now: T0 + 1 }))).to.include({ state: 'replay', requestId: 'req_1' });
  });

  it('forgets a key after 24 hours', async () => {
    await begin();
    await complete();
    expect(await begin('h1', T0 + IDEMPOTENCY_TTL_MS - 1)).to.include({ state: 'replay' });
    expect(await begin('h2', T0 + IDEMPOTENCY_TTL_MS)).to.deep.equal({ state: 'new' });
  });

  it('purges expired rows of every key lazily', async () => {
    await begin('h1', T0, 'old');
    await begin('h1', T0 + IDEMPOTENCY_TTL_MS, 'fresh');
    const rows = fresh.store.db.prepare('SELECT idem_key FROM idempotency').pluck().all();
    expect(rows).to.deep.equal(['fresh']);
  });

  it('lets a claim abandoned for 10 minutes be taken again, but not sooner', async () => {
    await begin();
    expect(await begin('h1', T0 + IDEMPOTENCY_ABANDONED_MS - 1)).to.deep.equal({ state: 'pending' });
    expect(await begin('h1', T0 + IDEMPOTENCY_ABANDONED_MS)).to.deep.equal({ state: 'new' });
    expect(await begin('h1', T0 + IDEMPOTENCY_ABANDONED_MS + 1)).to.deep.equal({ state: 'pending' });
  });

  it('keeps a pending claim across a restart until it is abandoned', async () => {
    await begin();
    const store = fresh.reopen();
    expect((await store.beginIdempotent({ keyId, scope: '', idemKey: 'k1', bodyHash: 'h1', now: T0 + 1 }))).to.deep.equal({ state: 'pending' });
  });

  it('scopes keys to the API key', async () => {
    const other = (await fresh.store.createKey({ accountId: (await fresh.store.listAccounts())[0]!.id, test: false, now: T0 })).record.id;
    await begin();
    expect((await fresh.store.beginIdempotent({ keyId: other, scope: '', idemKey: 'k1', bodyHash: 'h2', now: T0 }))).to.deep.equal({ state: 'new' });
  });

  it("gives exactly one 'new' among 10 claims of the same key", async () => {
    const states = (await Promise.all(Array.from({ length: 10 }, () => begin()))).map((answer) => answer.state);
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

  it('does nothing for a key that was never claimed', async () => {
    const { record } = seedKey(fresh.store);
    await fresh.store.completeIdempotent({ keyId: record.id, scope: '', idemKey: 'k1', status: 201, body: '{}', requestId: 'req_1' });
    expect((await fresh.store.beginIdempotent({ keyId: record.id, scope: '', idemKey: 'k1', bodyHash: 'h', now: T0 }))).to.deep.equal({ state: 'new' });
  });
});

describe('Store#releaseIdempotent()', () => {
  const fresh = freshStore();

  it('drops a pending claim so a retry runs afresh, even with another body', async () => {
    const { record } = seedKey(fresh.store);
    const input = { keyId: record.id, scope: '', idemKey: 'k1', now: T0 };
    await fresh.store.beginIdempotent({ ...input, bodyHash: 'h1' });
    await fresh.store.releaseIdempotent(input);
    expect((await fresh.store.beginIdempotent({ ...input, bodyHash: 'h2' }))).to.deep.equal({ state: 'new' });
  });

  it('never drops a completed response', async () => {
    const { record } = seedKey(fresh.store);
    const input = { keyId: record.id, scope: '', idemKey: 'k1' };
    await fresh.store.beginIdempotent({ ...input, bodyHash: 'h1', now: T0 });
    await fresh.store.completeIdempotent({ ...input, status: 400, body: '{"error":{}}', requestId: 'req_1' });
    await fresh.store.releaseIdempotent(input);
    expect((await fresh.store.beginIdempotent({ ...input, bodyHash: 'h1', now: T0 }))).to.include({ state: 'replay', status: 400 });
  });
});
