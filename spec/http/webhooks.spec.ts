// Webhooks through the API: a create's webhook_url or its key's URL receives the session's end,
// signed; GET /v1/sessions/{id}/webhooks shows the deliveries; a URL the service may not reach is
// a 400 before anything is opened; a session without a webhook leaves no row.
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { verifyWebhookSignature } from '../../client/webhooks.js';
import { AddressGuard, AllowList } from '../../lib/network/address.js';
import { systemClock } from '../../lib/platform/clock.js';
import type { ApiKeyRecord } from '../../lib/platform/store/index.js';
import { setKeyWebhook } from '../../lib/platform/webhooks/keys.js';
import { secretSealingKey } from '../../lib/platform/webhooks/secret.js';
import { Webhooks } from '../../lib/platform/webhooks/service.js';
import { selfSignedCertificate, startReceiver, type Receiver } from '../support/https-receiver.js';
import { startService, type Service } from '../support/service.js';

const sealingKey = secretSealingKey(randomBytes(32));
const guard = new AddressGuard(AllowList.parse('127.0.0.1'));

describe('webhooks over the API', function () {
  this.timeout(20_000);
  let receiver: Receiver;
  let service: Service;
  let token: string;
  let key: ApiKeyRecord;
  let auth: { Authorization: string };
  before(async () => {
    receiver = await startReceiver(selfSignedCertificate());
  });
  after(() => receiver.close());
  beforeEach(() => {
    receiver.received.length = 0;
    service = startService({
      webhooks: (store) => new Webhooks({ store, guard, clock: systemClock, sealingKey, ca: receiver.ca, userAgent: 'test', warn: () => undefined, backoff: () => 10, pollMs: 50 }),
    });
    token = service.key('pro');
    key = service.store.sync.findKeyByToken(token)!;
    auth = { Authorization: `Bearer ${token}` };
  });
  afterEach(() => service.stop());

  const secretFor = async (url: string | null) => (await setKeyWebhook({ store: service.store, guard, sealingKey, now: Date.now() }, key, { url, rotate: true })).secret!;
  const rowCount = (table: string) => service.store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

  it("POSTs a session's end, signed, to the create's webhook_url or else the key's URL, and lists the deliveries", async () => {
    const secret = await secretFor(`${receiver.url}?from=key`);
    const own = (await service.http.post('/v1/sessions').set(auth).send({ webhook_url: `${receiver.url}?from=create` }).expect(201)).body.session_id as string;
    const keys = (await service.http.post('/v1/sessions').set(auth).send({}).expect(201)).body.session_id as string;
    await service.http.delete(`/v1/sessions/${own}`).set(auth).expect(204);
    await service.http.delete(`/v1/sessions/${keys}`).set(auth).expect(204);
    await receiver.until(2);
    const bySession = new Map(receiver.received.map((r) => [(JSON.parse(r.body) as { session_id: string }).session_id, r]));
    expect(bySession.get(own)?.path).to.equal('/hook?from=create');
    expect(bySession.get(keys)?.path).to.equal('/hook?from=key');
    for (const r of receiver.received) {
      expect(await verifyWebhookSignature(secret, String(r.headers['tabwright-signature']), r.body)).to.equal(true);
      expect(JSON.parse(r.body)).to.deep.include({ type: 'session.ended' });
    }
    let listed;
    do listed = (await service.http.get(`/v1/sessions/${own}/webhooks`).set(auth).expect(200)).body as { deliveries: Array<{ state: string; attempts: unknown[] }> };
    while (listed.deliveries[0]?.state === 'pending');
    expect(listed.deliveries).to.have.length(1);
    expect(listed.deliveries[0]).to.deep.include({ type: 'session.ended', url: `${receiver.url}?from=create`, state: 'delivered', next_attempt_at: null });
    expect(listed.deliveries[0]!.attempts).to.have.length(1).and.to.have.nested.property('[0].status_code', 200);
    const other = `Bearer ${service.key('pro')}`;
    expect((await service.http.get(`/v1/sessions/${own}/webhooks`).set({ Authorization: other }).expect(404)).body.error.code).to.equal('session_not_found');
  });

  it('refuses a webhook_url that is not https, carries credentials, is too long or points at a private, loopback or metadata address: 400, nothing opened', async () => {
    await secretFor(null);
    const refused = [
      ['http://127.0.0.1/hook', 'expected an https URL'],
      ['https://user:secret@127.0.0.1/hook', 'expected an https URL'],
      [`https://127.0.0.1/${'a'.repeat(2048)}`, 'expected an https URL'],
      ['https://10.0.0.8/hook', 'refused, 10.0.0.8 resolves to 10.0.0.8 (private)'],
      ['https://169.254.169.254/latest/meta-data', '(metadata)'],
      ['https://[::1]/hook', '(loopback)'],
      ['https://0x7f000002/hook', '127.0.0.2 (loopback)'],
    ];
    for (const [url, said] of refused) {
      const answer = await service.http.post('/v1/sessions').set(auth).send({ webhook_url: url }).expect(400);
      expect(answer.body.error.code, url).to.equal('invalid_request');
      expect(answer.body.error.message, url).to.include('webhook_url').and.include(said);
    }
    expect(rowCount('sessions'), 'no session was admitted').to.equal(0);
  });

  it('refuses a webhook_url on a key without a signing secret, saying how to make one', async () => {
    const answer = await service.http.post('/v1/sessions').set(auth).send({ webhook_url: receiver.url }).expect(400);
    expect(answer.body.error.message).to.include('keys webhook');
  });

  it('writes no row for a session that names no webhook on a key without one', async () => {
    await secretFor(null);
    const id = (await service.http.post('/v1/sessions').set(auth).send({}).expect(201)).body.session_id as string;
    await service.http.delete(`/v1/sessions/${id}`).set(auth).expect(204);
    expect((await service.http.get(`/v1/sessions/${id}/webhooks`).set(auth).expect(200)).body).to.deep.equal({ deliveries: [] });
    expect([rowCount('webhook_sessions'), rowCount('webhook_events'), rowCount('webhook_attempts')]).to.deep.equal([0, 0, 0]);
  });
});
