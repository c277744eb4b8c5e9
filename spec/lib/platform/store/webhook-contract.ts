// The webhook part of the store contract (lib/platform/store/types.ts, WebhookStore), registered
// inside describeStore so it runs against every implementation, on a fresh store per test.
import { expect } from 'chai';
import { newSessionId } from '../../../../lib/platform/ids.js';
import type { ApiKeyRecord, NewSessionRow, Store, WebhookAttempt } from '../../../../lib/platform/store/index.js';

const T0 = Date.UTC(2026, 0, 1);
const NO_USAGE = { seconds: 0, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
const URL = 'https://hooks.example/in';
const LEASE = 60_000;
const attempt = (n: number, statusCode: number | null, at = T0 + 2000): WebhookAttempt => ({ n, at, durationMs: 5, statusCode, error: statusCode === null ? 'ECONNREFUSED' : null, excerpt: statusCode === null ? null : 'ok' });

/** Registers the WebhookStore checks; `current` gives the test's store and its live key. */
export function describeWebhookStore(current: () => { store: Store; key: ApiKeyRecord }): void {
  describe('webhooks', () => {
    let store: Store;
    let key: ApiKeyRecord;
    beforeEach(() => {
      ({ store, key } = current());
    });

    /** An open session of the key, its events sent to URL unless `watched` is false. */
    async function session(watched = true): Promise<string> {
      const row: NewSessionRow = { id: newSessionId(), keyId: key.id, accountId: key.accountId, test: false, startedAt: T0, expiresAt: T0 + 300_000, timeoutSeconds: 300 };
      await store.insertSession(row);
      if (watched) await store.watchSession({ sessionId: row.id, keyId: key.id, url: URL });
      return row.id;
    }
    const end = (id: string, status: 'closed' | 'expired' | 'failed') =>
      store.endSession({ id, status, endedAt: T0 + 1000, usage: NO_USAGE, ...(status === 'failed' ? { errorCode: 'engine_failure', errorMessage: 'lost' } : {}) });

    it('writes nothing for a session without a target', async () => {
      const id = await session(false);
      expect(await store.enqueueWebhook({ sessionId: id, type: 'download.completed', data: {}, now: T0 })).to.equal(null);
      await end(id, 'closed');
      expect(await store.webhookDeliveries(id)).to.deep.equal([]);
      expect(await store.claimWebhook({ now: T0 + 5000, leaseMs: LEASE })).to.equal(undefined);
      expect(await store.nextWebhookDue()).to.equal(null);
    });

    it("enqueues a session's end with the end itself: session.ended for closed and expired, session.failed with the error", async () => {
      const [closed, expired, failed] = await Promise.all([session(), session(), session()]);
      await end(closed, 'closed');
      await end(expired, 'expired');
      await end(failed, 'failed');
      const bodies: Array<{ id: string; type: string; session_id: string; data: { status: string; expired: boolean; error: unknown } }> = [];
      for (;;) {
        const claim = await store.claimWebhook({ now: T0 + 1000, leaseMs: LEASE });
        if (!claim) break;
        expect(claim).to.deep.include({ url: URL, keyId: key.id, accountId: key.accountId, attempt: 1, seq: 1, sealedSecret: null });
        bodies.push(JSON.parse(claim.body) as (typeof bodies)[number]);
        expect(bodies.at(-1)!.id).to.equal(claim.id);
      }
      const of = (id: string) => bodies.find((body) => body.session_id === id)!;
      expect(of(closed)).to.deep.include({ type: 'session.ended', created: new Date(T0 + 1000).toISOString() });
      expect(of(closed).data).to.deep.include({ status: 'closed', expired: false, error: null });
      expect(of(expired).data).to.deep.include({ status: 'closed', expired: true });
      expect(of(failed)).to.deep.include({ type: 'session.failed' });
      expect(of(failed).data).to.deep.include({ status: 'failed', error: { code: 'engine_failure', message: 'lost' } });
    });

    it('hands a due event to exactly one of 10 concurrent claims, and never again once delivered', async () => {
      const id = await session();
      await end(id, 'closed');
      expect(await store.nextWebhookDue()).to.equal(T0 + 1000);
      const claims = (await Promise.all(Array.from({ length: 10 }, () => store.claimWebhook({ now: T0 + 1000, leaseMs: LEASE })))).filter((claim) => claim !== undefined);
      expect(claims).to.have.length(1);
      const [claim] = claims;
      expect(await store.finishWebhook({ id: claim!.id, lease: 'not-the-lease', attempt: attempt(1, 200), outcome: { state: 'delivered' } }), 'another lease').to.equal(false);
      expect(await store.finishWebhook({ id: claim!.id, lease: claim!.lease, attempt: attempt(1, 204), outcome: { state: 'delivered' } })).to.equal(true);
      expect(await store.finishWebhook({ id: claim!.id, lease: claim!.lease, attempt: attempt(1, 204), outcome: { state: 'delivered' } }), 'twice').to.equal(false);
      // Long after any lease would have run out: a delivered event is not claimed again.
      expect(await store.claimWebhook({ now: T0 + 10 * LEASE, leaseMs: LEASE })).to.equal(undefined);
      const [delivery] = await store.webhookDeliveries(id);
      expect(delivery).to.deep.include({ state: 'delivered', nextAt: null, finishedAt: T0 + 2005 });
      expect(delivery!.attempts).to.deep.equal([attempt(1, 204)]);
    });

    it("keeps a session's events in order: the next waits until the one before is delivered or given up", async () => {
      const id = await session();
      const other = await session();
      const download = await store.enqueueWebhook({ sessionId: id, type: 'download.completed', data: { id: 'd1' }, now: T0 });
      await end(id, 'closed');
      await end(other, 'closed');
      const first = (await store.claimWebhook({ now: T0 + 1000, leaseMs: LEASE }))!;
      expect(first).to.deep.include({ id: download, seq: 1, type: 'download.completed' });
      // The first failed and waits to be retried: the session's end waits behind it; another session's does not.
      await store.finishWebhook({ id: first.id, lease: first.lease, attempt: attempt(1, 500), outcome: { state: 'pending', nextAt: T0 + 3000 } });
      const next = (await store.claimWebhook({ now: T0 + 2000, leaseMs: LEASE }))!;
      expect(next.sessionId).to.equal(other);
      expect(await store.claimWebhook({ now: T0 + 2000, leaseMs: LEASE }), 'before the retry is due').to.equal(undefined);
      const retry = (await store.claimWebhook({ now: T0 + 3000, leaseMs: LEASE }))!;
      expect(retry).to.deep.include({ id: download, attempt: 2 });
      expect(await store.claimWebhook({ now: T0 + 3000, leaseMs: LEASE }), 'its end, while it is leased').to.equal(undefined);
      await store.finishWebhook({ id: retry.id, lease: retry.lease, attempt: attempt(2, 200, T0 + 3000), outcome: { state: 'failed' } });
      const last = (await store.claimWebhook({ now: T0 + 3000, leaseMs: LEASE }))!;
      expect(last).to.deep.include({ sessionId: id, seq: 2, type: 'session.ended' });
      const deliveries = await store.webhookDeliveries(id);
      expect(deliveries.map((d) => [d.seq, d.type, d.state, d.attempts.length])).to.deep.equal([[1, 'download.completed', 'failed', 2], [2, 'session.ended', 'pending', 0]]);
    });

    it("lets a key's webhook change URL without losing its secret, needs a secret first, and drops an abandoned session's target", async () => {
      const failed = await store.setKeyWebhook({ keyId: key.id, url: URL, now: T0 }).then(() => null, (error: unknown) => error);
      expect(failed).to.be.instanceOf(Error);
      await store.setKeyWebhook({ keyId: key.id, url: URL, sealedSecret: Buffer.from('s1'), now: T0 });
      await store.setKeyWebhook({ keyId: key.id, url: null, now: T0 + 1 });
      expect(await store.keyWebhook(key.id)).to.deep.equal({ keyId: key.id, url: null, sealedSecret: Buffer.from('s1'), updatedAt: T0 + 1 });
      const row: NewSessionRow = { id: newSessionId(), keyId: key.id, accountId: key.accountId, test: false, startedAt: T0, expiresAt: T0 + 300_000, timeoutSeconds: 300 };
      await store.admitSession({ rows: [row], limit: 5, now: T0 });
      await store.watchSession({ sessionId: row.id, keyId: key.id, url: URL });
      expect((await store.sessionWebhook(row.id))?.url).to.equal(URL);
      expect(await store.abandonSession(row.id)).to.equal(true);
      expect(await store.sessionWebhook(row.id)).to.equal(undefined);
    });

    it('prunes events delivered or given up before a time, never pending ones', async () => {
      const [a, b] = await Promise.all([session(), session()]);
      await end(a, 'closed');
      await end(b, 'closed');
      const claim = (await store.claimWebhook({ now: T0 + 1000, leaseMs: LEASE }))!;
      await store.finishWebhook({ id: claim.id, lease: claim.lease, attempt: attempt(1, 200), outcome: { state: 'delivered' } });
      expect(await store.pruneWebhooks(T0 + 10_000)).to.equal(1);
      expect(await store.webhookDeliveries(claim.sessionId)).to.deep.equal([]);
      expect(await store.webhookDeliveries(claim.sessionId === a ? b : a)).to.have.length(1);
    });
  });
}
