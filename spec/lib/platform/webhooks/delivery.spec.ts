// The webhook worker against a local https receiver: signed deliveries, retries, order per
// session, one delivery per event with two workers racing on one database, and the address guard
// asked again at every attempt.
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyWebhookSignature } from '../../../../client/webhooks.js';
import { AddressGuard, AllowList } from '../../../../lib/network/address.js';
import { systemClock } from '../../../../lib/platform/clock.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import { openSqliteStore, type SqliteStore } from '../../../../lib/platform/store/sqlite/index.js';
import type { ApiKeyRecord, Store, WebhookDelivery } from '../../../../lib/platform/store/index.js';
import { setKeyWebhook } from '../../../../lib/platform/webhooks/keys.js';
import { secretSealingKey } from '../../../../lib/platform/webhooks/secret.js';
import { Webhooks, type WebhookDeps } from '../../../../lib/platform/webhooks/service.js';
import { selfSignedCertificate, startReceiver, type Receiver } from '../../../support/https-receiver.js';

const NO_USAGE = { seconds: 0, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
const sealingKey = secretSealingKey(randomBytes(32));
const loopback = new AddressGuard(AllowList.parse('127.0.0.1'));

/** Waits (looking every 20 ms, at most 5 s) until `check` holds of the session's deliveries. */
async function deliveriesWhen(store: Store, sessionId: string, check: (deliveries: WebhookDelivery[]) => boolean): Promise<WebhookDelivery[]> {
  for (let tries = 0; ; tries++) {
    const deliveries = await store.webhookDeliveries(sessionId);
    if (check(deliveries) || tries === 250) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const allDone = (deliveries: WebhookDelivery[]): boolean => deliveries.length > 0 && deliveries.every((d) => d.state !== 'pending');

describe('Webhooks (delivery)', function () {
  this.timeout(20_000);
  let receiver: Receiver;
  let dir: string;
  let store: SqliteStore;
  let key: ApiKeyRecord;
  let secret: string;
  const workers: Webhooks[] = [];

  before(async () => {
    receiver = await startReceiver(selfSignedCertificate());
  });
  after(() => receiver.close());
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    dir = mkdtempSync(join(tmpdir(), 'tw-webhooks-'));
    store = openSqliteStore(dir);
    const account = await store.createAccount({ plan: 'pro', now: Date.now() });
    key = (await store.createKey({ accountId: account.id, test: false, now: Date.now() })).record;
    secret = (await setKeyWebhook({ store, guard: loopback, sealingKey, now: Date.now() }, key, { url: receiver.url, rotate: true })).secret!;
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A started worker over `on` with short timings. */
  function worker(on: Store = store, more: Partial<WebhookDeps> = {}): Webhooks {
    const made = new Webhooks({ store: on, guard: loopback, clock: systemClock, sealingKey, ca: receiver.ca, userAgent: 'test', warn: () => undefined, backoff: () => 10, pollMs: 50, ...more });
    workers.push(made);
    made.start();
    return made;
  }
  /** An open session whose events go to `url`. */
  async function session(url = receiver.url): Promise<string> {
    const id = newSessionId();
    await store.insertSession({ id, keyId: key.id, accountId: key.accountId, test: false, startedAt: Date.now(), expiresAt: Date.now() + 60_000, timeoutSeconds: 60 });
    await store.watchSession({ sessionId: id, keyId: key.id, url });
    return id;
  }
  const end = (id: string, on: Store = store) => on.endSession({ id, status: 'closed', endedAt: Date.now(), usage: NO_USAGE });

  it('signs a delivery so the receiver can verify it, and delivers it once after a 2xx', async () => {
    const hooks = worker();
    const id = await session();
    await end(id);
    hooks.wake();
    await receiver.until(1);
    const [request] = receiver.received;
    const signature = String(request!.headers['tabwright-signature']);
    expect(await verifyWebhookSignature(secret, signature, request!.body), 'with the key\'s secret').to.equal(true);
    expect(await verifyWebhookSignature('whsec_other', signature, request!.body), 'with another secret').to.equal(false);
    expect(await verifyWebhookSignature(secret, signature, `${request!.body} `), 'an altered body').to.equal(false);
    expect(await verifyWebhookSignature(secret, signature, request!.body, { nowMs: Date.now() + 600_000 }), 'replayed 10 minutes later').to.equal(false);
    expect(JSON.parse(request!.body)).to.deep.include({ type: 'session.ended', session_id: id });
    const [delivery] = await deliveriesWhen(store, id, allDone);
    expect(delivery).to.deep.include({ state: 'delivered', nextAt: null });
    expect(delivery!.attempts.map((a) => [a.n, a.statusCode, a.excerpt])).to.deep.equal([[1, 200, 'thanks']]);
    expect(await store.claimWebhook({ now: Date.now() + 3_600_000, leaseMs: 1000 })).to.equal(undefined);
    expect(receiver.received).to.have.length(1);
  });

  it("retries after a 500, then delivers once; a session's next event waits for the one before", async () => {
    receiver.answer = ({ index }) => (index === 0 ? 500 : 200);
    const hooks = worker();
    const id = await session();
    await hooks.enqueue(id, 'download.completed', { id: 'dl_1', name: 'report.csv', mime: 'text/csv', bytes: 3, url: null, complete: true });
    await end(id);
    hooks.wake();
    const deliveries = await deliveriesWhen(store, id, (all) => all.length === 2 && allDone(all));
    const sent = receiver.received.map((r) => [(JSON.parse(r.body) as { type: string }).type, r.status]);
    expect(sent).to.deep.equal([['download.completed', 500], ['download.completed', 200], ['session.ended', 200]]);
    expect(deliveries.map((d) => [d.type, d.state, d.attempts.map((a) => a.statusCode)])).to.deep.equal([
      ['download.completed', 'delivered', [500, 200]],
      ['session.ended', 'delivered', [200]],
    ]);
  });

  it('delivers each event once with two workers on two connections racing for them', async () => {
    const second = openSqliteStore(dir);
    try {
      const ids = await Promise.all(Array.from({ length: 6 }, () => session()));
      await Promise.all(ids.map((id) => end(id)));
      worker(store);
      worker(second);
      for (const id of ids) await deliveriesWhen(store, id, allDone);
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      const eventIds = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
      expect(eventIds).to.have.length(6);
      expect(new Set(eventIds).size).to.equal(6);
    } finally {
      await second.close();
    }
  });

  it('gives an attempt that gets no answer up after its time limit, and records why', async () => {
    receiver.answer = () => 0;
    worker(store, { timeoutMs: 200, backoff: () => 3_600_000 });
    const id = await session();
    await end(id);
    workers[0]!.wake();
    const [delivery] = await deliveriesWhen(store, id, (all) => all[0]?.attempts.length === 1);
    expect(delivery!.state).to.equal('pending');
    expect(delivery!.attempts[0]).to.deep.include({ statusCode: null, error: 'no answer within 200 ms', excerpt: null });
  });

  it('asks the address guard again at each attempt: a name that now resolves inward is refused and nothing is sent', async () => {
    // As if hooks.test resolved to a public address when it was set, and to loopback since.
    const rebound = new AddressGuard(AllowList.parse(undefined), () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]));
    worker(store, { guard: rebound, backoff: () => 3_600_000 });
    const id = await session(receiver.url.replace('127.0.0.1', 'hooks.test'));
    await end(id);
    workers[0]!.wake();
    const [delivery] = await deliveriesWhen(store, id, (all) => all[0]?.attempts.length === 1);
    expect(delivery!.state).to.equal('pending');
    expect(delivery!.attempts[0]).to.deep.include({ statusCode: null, error: 'refused: hooks.test resolves to 127.0.0.1 (loopback)' });
    expect(receiver.received).to.have.length(0);
  });
});
