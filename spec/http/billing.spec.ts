import { expect } from 'chai';
import type { ManualClock } from '../../lib/platform/clock.js';
import { cycleStart } from '../../lib/platform/billing/cycle.js';
import type { FakeDriver } from '../support/fake-driver.js';
import { settle, startFakeService, type Service } from '../support/service.js';

type Fake = Service & { clock: ManualClock; driver: FakeDriver };

describe('credits over HTTP', () => {
  let service: Fake;
  beforeEach(() => {
    service = startFakeService();
  });
  afterEach(() => service.stop());

  /** A trial key (5,000 credits) whose live or test pool is brought down to `left` credits. */
  function keyWithBalance(left: number, test = false): { auth: { Authorization: string }; accountId: string } {
    const token = service.key('trial', test);
    const record = service.store.sync.findKeyByToken(token)!;
    const now = service.clock.now();
    const balance = service.store.sync.creditBalance(record.accountId, test, now);
    // Spend the difference through a real session, so the ledger stays a true history.
    const row = { id: `ses_spend${Math.random().toString(36).slice(2, 10)}`, keyId: record.id, accountId: record.accountId, test, startedAt: now, expiresAt: now + 300_000, timeoutSeconds: 300 };
    service.store.sync.insertSession(row);
    const usage = { seconds: balance - left, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
    service.store.sync.endSession({ id: row.id, status: 'closed', endedAt: now, usage });
    expect(service.store.sync.creditBalance(record.accountId, test, now)).to.equal(left);
    return { auth: { Authorization: `Bearer ${token}` }, accountId: record.accountId };
  }

  describe('POST /v1/sessions', () => {
    it('refuses a live key with an empty balance with 402 insufficient_credits, opening nothing', async () => {
      const { auth } = keyWithBalance(0);
      const res = await service.http.post('/v1/sessions').set(auth).send({});
      expect(res.status).to.equal(402);
      expect(res.body.error.code).to.equal('insufficient_credits');
      expect(service.driver.opened).to.equal(0);
    });

    it('judges a test key by its own test balance, never the live one', async () => {
      const { auth } = keyWithBalance(0, true);
      expect((await service.http.post('/v1/sessions').set(auth).send({})).status).to.equal(402);
      const fresh = { Authorization: `Bearer ${service.key('trial', true)}` };
      expect((await service.http.post('/v1/sessions').set(fresh).send({})).status).to.equal(201);
    });
  });

  describe('POST /v1/sessions/:id/act', () => {
    it('answers 429 quota_exceeded once accrued runtime reaches the balance, closing and billing the session', async () => {
      const { auth, accountId } = keyWithBalance(75);
      const created = await service.http.post('/v1/sessions').set(auth).send({ timeout: 300 });
      expect(created.status).to.equal(201);
      const id = created.body.session_id as string;
      const act = () => service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://a.test/' } }] });

      service.clock.advance(74_000);
      expect((await act()).status).to.equal(200);
      service.clock.advance(1_000);
      const visited = service.driver.visited.length;
      const res = await act();
      expect(res.status).to.equal(429);
      expect(res.body.error.code).to.equal('quota_exceeded');
      const now = service.clock.now();
      expect(Number(res.headers['retry-after'])).to.equal(Math.ceil((cycleStart(service.store.sync.getAccount(accountId)!.createdAt, 1) - now) / 1000));
      expect(service.driver.visited.length).to.equal(visited);
      await settle();
      expect(service.store.sync.getSession(id)!.status).to.equal('closed');
      const debit = service.store.sync.ledgerEntries(accountId).at(-1)!;
      expect(debit).to.deep.include({ kind: 'debit', sessionId: id, amount: 75, balanceAfter: 0, runtime: 75 });
      expect((await act()).status).to.equal(404);
    });

    it('counts what all live sessions of the account have run up, not only the acting one', async () => {
      const { auth, accountId } = keyWithBalance(100);
      const other = { Authorization: `Bearer ${service.store.sync.createKey({ accountId, test: false, now: service.clock.now() }).key}` };
      const first = (await service.http.post('/v1/sessions').set(auth).send({ timeout: 300 })).body.session_id as string;
      const second = (await service.http.post('/v1/sessions').set(other).send({ timeout: 300 })).body.session_id as string;
      const act = (id: string, as: { Authorization: string }) =>
        service.http.post(`/v1/sessions/${id}/act`).set(as).send({ steps: [{ goto: { url: 'http://a.test/' } }] });

      service.clock.advance(45_000);
      expect((await act(first, auth)).status).to.equal(200);
      service.clock.advance(5_000);
      // 50 credits each: alone neither reaches the 100 left, together they do.
      const res = await act(first, auth);
      expect(res.status).to.equal(429);
      expect(res.body.error.code).to.equal('quota_exceeded');
      expect(res.body.error.context).to.deep.equal({ accrued: 50, unbilled: 100, balance: 100 });
      expect(res.body.error.message).to.contain('other live sessions 50');
      await settle();
      expect(service.store.sync.getSession(first)!.status).to.equal('closed');
      // The other session now meets the balance the first one's debit left.
      expect(service.store.sync.creditBalance(accountId, false, service.clock.now())).to.equal(50);
      expect((await act(second, other)).status).to.equal(429);
    });

    it('does not stop a test-key session on the live balance', async () => {
      const { accountId } = keyWithBalance(0);
      const token = service.store.sync.createKey({ accountId, test: true, now: service.clock.now() }).key;
      const auth = { Authorization: `Bearer ${token}` };
      const created = await service.http.post('/v1/sessions').set(auth).send({});
      service.clock.advance(10_000);
      const res = await service.http.post(`/v1/sessions/${created.body.session_id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://a.test/' } }] });
      expect(res.status).to.equal(200);
    });
  });

  describe('GET /v1/sessions/:id', () => {
    it('shows usage so far for an active session', async () => {
      const auth = { Authorization: `Bearer ${service.key('pro')}` };
      const created = await service.http.post('/v1/sessions').set(auth).send({});
      service.clock.advance(12_300);
      const res = await service.http.get(`/v1/sessions/${created.body.session_id}`).set(auth);
      expect(res.status).to.equal(200);
      expect(res.body.usage).to.deep.equal({ seconds: 13, bytes: { datacenter: 0, residential: 0 }, ai_tokens: 0, captcha_solves: 0, credits: 13 });
    });

    it('shows the usage row of an ended (failed) session', async () => {
      const auth = { Authorization: `Bearer ${service.key('pro')}` };
      const created = await service.http.post('/v1/sessions').set(auth).send({});
      service.clock.advance(7_000);
      const failed = await service.http.post(`/v1/sessions/${created.body.session_id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://a.test/403' } }] });
      expect(failed.body.error.code).to.equal('access_denied');
      await settle();
      service.clock.advance(60_000);
      const res = await service.http.get(`/v1/sessions/${created.body.session_id}`).set(auth);
      expect(res.body.status).to.equal('failed');
      expect(res.body.usage).to.deep.equal({ seconds: 7, bytes: { datacenter: 0, residential: 0 }, ai_tokens: 0, captcha_solves: 0, credits: 7 });
    });

    for (const code of ['page_crashed', 'page_unresponsive'] as const) {
      it(`ends a session whose page is lost (${code}) at once, billed up to then and not refunded: the page's fault`, async () => {
        const token = service.key('pro');
        const auth = { Authorization: `Bearer ${token}` };
        const created = await service.http.post('/v1/sessions').set(auth).send({});
        const id = created.body.session_id as string;
        service.clock.advance(9_000);
        service.driver.losePages({ code, message: 'The page is gone' });
        await settle();
        service.clock.advance(60_000);
        const res = await service.http.get(`/v1/sessions/${id}`).set(auth);
        expect(res.body).to.include({ status: 'failed', error_code: code, error_message: 'The page is gone', duration_seconds: 9 });
        expect(res.body.usage.seconds).to.equal(9);
        const accountId = service.store.sync.findKeyByToken(token)!.accountId;
        const entries = service.store.sync.ledgerEntries(accountId).filter((entry) => entry.sessionId === id);
        expect(entries.map(({ kind, amount }) => ({ kind, amount }))).to.deep.equal([{ kind: 'debit', amount: 9 }]);
      });
    }
  });

  describe('POST /v1/sessions/:id/act after its page was lost', () => {
    it('answers the act under way, then 404 session_not_found (not a 500) to the acts queued behind it', async () => {
      const auth = { Authorization: `Bearer ${service.key('pro')}` };
      const id = (await service.http.post('/v1/sessions').set(auth).send({})).body.session_id as string;
      const steps = Array.from({ length: 20 }, () => ({ wait: { ms: 1 } }));
      const act = () => service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps }).then((res) => res);
      const first = act();
      const queued = act();
      await settle(10);
      service.driver.losePages();
      const [answered, refused] = await Promise.all([first, queued]);
      expect(answered.status).to.equal(200);
      expect(refused.status).to.equal(404);
      expect(refused.body.error.code).to.equal('session_not_found');
      expect(refused.body.error.message).to.contain('page_crashed');
    });
  });
});
