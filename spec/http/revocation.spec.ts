import { expect } from 'chai';
import { REVOCATION_CHECK_MS } from '../../actors/revocation.js';
import { captureLog, type LogCapture } from '../support/log-capture.js';
import { startFakeService } from '../support/service.js';

describe('the live sessions of a revoked key', () => {
  let service: ReturnType<typeof startFakeService>;
  let capture: LogCapture;
  let revoked: string;
  let other: string;
  beforeEach(() => {
    capture = captureLog();
    service = startFakeService({ telemetry: capture.telemetry });
    revoked = service.key('pro');
    other = service.key('pro');
  });
  afterEach(() => service.stop());

  const create = async (key: string): Promise<string> =>
    (await service.http.post('/v1/sessions').set({ Authorization: `Bearer ${key}` }).send({})).body.session_id as string;
  const revoke = (key: string): void => void service.store.sync.revokeKey(key, service.clock.now());

  it('are closed at the registry\'s next check and billed as closed; other keys\' sessions go on', async () => {
    const ids = [await create(revoked), await create(revoked)];
    const kept = await create(other);
    service.clock.advance(4_000);
    revoke(revoked);
    service.clock.advance(REVOCATION_CHECK_MS);
    // The check asks the store (a promise) before it closes anything.
    await new Promise((resolve) => setImmediate(resolve));
    await service.registry.settled();
    for (const id of ids) {
      const row = service.store.sync.getSession(id)!;
      expect(row).to.include({ status: 'closed', errorCode: null, errorMessage: 'its API key was revoked' });
      expect(service.store.sync.getUsage(id)).to.include({ seconds: 5 });
      const entries = service.store.sync.ledgerEntries(row.accountId).filter((entry) => entry.sessionId === id);
      expect(entries.map((entry) => [entry.kind, entry.amount])).to.deep.equal([['debit', 5]]);
    }
    expect(service.store.sync.getSession(kept)!.status).to.equal('active');
    expect(service.registry.size).to.equal(1);
    expect(capture.lines('session ended').map((line) => [line.session_id, line.status, line.refunded])).to.have.deep.members(ids.map((id) => [id, 'closed', 0]));
  });

  it('answers an act under way 404, saying the key was revoked', async () => {
    const id = await create(revoked);
    const acting = service.http
      .post(`/v1/sessions/${id}/act`)
      .set({ Authorization: `Bearer ${revoked}` })
      .send({ steps: Array.from({ length: 50 }, () => ({ wait: { ms: 1 } })) })
      .then((res) => res);
    for (let i = 0; i < 10_000 && ![...service.driver.running.values()].some((n) => n > 0); i++) await new Promise((resolve) => setImmediate(resolve));
    revoke(revoked);
    service.clock.advance(REVOCATION_CHECK_MS);
    const res = await acting;
    expect(res.status).to.equal(404);
    expect(res.body.error).to.deep.equal({ code: 'session_not_found', message: `Session ${id} was closed: its API key was revoked` });
  });

  it('are left alone while the key stands', async () => {
    const id = await create(revoked);
    service.clock.advance(10 * REVOCATION_CHECK_MS);
    await service.registry.settled();
    expect(service.store.sync.getSession(id)!.status).to.equal('active');
  });
});
