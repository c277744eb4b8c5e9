import { expect } from 'chai';
import type { ContextSettings, PageDriver } from '../../actors/driver.js';
import { ManualClock } from '../../lib/platform/clock.js';
import { FakeDriver } from '../support/fake-driver.js';
import { settle, startFakeService, startService, type Service } from '../support/service.js';

type Fake = Service & { clock: ManualClock; driver: FakeDriver };

describe('sessions API', () => {
  let service: Fake;
  let auth: { Authorization: string };
  beforeEach(() => {
    service = startFakeService();
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  afterEach(() => service.stop());

  const create = (body: unknown = {}) => service.http.post('/v1/sessions').set(auth).send(body as object);

  describe('POST /v1/sessions', () => {
    it('creates a bare session with every envelope field and request_id equal to X-Request-Id', async () => {
      const res = await create({});
      expect(res.status).to.equal(201);
      expect(Object.keys(res.body)).to.deep.equal([
        'session_id', 'expires_at', 'request_id', 'cdp_url', 'completed', 'page', 'media', 'extraction', 'blockers_dismissed', 'error', 'downloads',
      ]);
      expect(res.body.session_id).to.match(/^ses_/);
      expect(res.body.request_id).to.equal(res.headers['x-request-id']);
      expect(res.body.page).to.equal(null);
      expect(res.body.completed).to.equal(0);
      expect(res.body.media).to.deep.equal([]);
      expect(res.body.extraction).to.equal(null);
      expect(res.body.blockers_dismissed).to.deep.equal([]);
      expect(res.body.error).to.equal(null);
      expect(res.body.downloads).to.deep.equal([]);
      expect(Date.parse(res.body.expires_at) - service.clock.now()).to.equal(300_000);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers).to.have.property(header);
    });

    it('navigates and observes when a url is given', async () => {
      const res = await create({ url: 'http://example.test/', timeout: 60 });
      expect(res.status).to.equal(201);
      expect(res.body.page.url).to.equal('http://example.test/');
      expect(Date.parse(res.body.expires_at) - service.clock.now()).to.equal(60_000);
    });

    it('answers page light with url, title and scroll only, on create and on every later act', async () => {
      const res = await create({ url: 'http://example.test/', page: 'light' });
      expect(Object.keys(res.body.page).sort()).to.deep.equal(['scroll', 'title', 'url']);
      const acted = await service.http.post(`/v1/sessions/${res.body.session_id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://b.test/' } }] });
      expect(Object.keys(acted.body.page).sort()).to.deep.equal(['scroll', 'title', 'url']);
    });

    it('refuses a bad body with 400 invalid_request and context.path before anything runs', async () => {
      const res = await create({ timeout: 5 });
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
      expect(res.body.error.context.path).to.equal('timeout');
      expect(service.driver.opened).to.equal(0);
    });

    it('refuses bad JSON with 400', async () => {
      const res = await service.http.post('/v1/sessions').set(auth).set('Content-Type', 'application/json').send('{"url": ');
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
    });

    it('refuses a body over 1 MiB with 413 payload_too_large', async () => {
      const res = await create({ url: `http://example.test/${'a'.repeat(1024 * 1024)}` });
      expect(res.status).to.equal(413);
      expect(res.body.error.code).to.equal('payload_too_large');
    });

    it('refuses a timeout above the plan maximum, naming it', async () => {
      const trial = { Authorization: `Bearer ${service.key('trial')}` };
      const res = await service.http.post('/v1/sessions').set(trial).send({ timeout: 301 });
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.contain('300');
      expect(res.body.error.context.path).to.equal('timeout');
    });

    it('refuses a create past the plan\'s concurrent sessions with 429 and context.limit', async () => {
      const trial = { Authorization: `Bearer ${service.key('trial')}` };
      expect((await service.http.post('/v1/sessions').set(trial).send({})).status).to.equal(201);
      const res = await service.http.post('/v1/sessions').set(trial).send({});
      expect(res.status).to.equal(429);
      expect(res.body.error.code).to.equal('rate_limited');
      expect(res.body.error.context.limit).to.equal('concurrent_sessions');
      expect(Number(res.headers['retry-after'])).to.be.at.least(1);
    });

    it('answers 503 and closes the page when the browser was lost while the session opened, then creates again', async () => {
      const trial = { Authorization: `Bearer ${service.key('trial')}` };
      service.driver.connected = false;
      const res = await service.http.post('/v1/sessions').set(trial).send({ url: 'http://example.test/' });
      expect(res.status).to.equal(503);
      expect(res.body.error.code).to.equal('engine_unavailable');
      expect(service.driver.closed).to.equal(1);
      expect(service.driver.visited).to.deep.equal([]);
      expect((await service.http.get('/v1/sessions').set(trial)).body.sessions).to.deep.equal([]);
      service.driver.connected = true;
      expect((await service.http.post('/v1/sessions').set(trial).send({})).status).to.equal(201);
    });

    it('closes a page that finished opening after shutdown began, answering 503', async () => {
      const fake = new FakeDriver();
      let reached = (): void => undefined;
      const opening = new Promise<void>((resolve) => (reached = resolve));
      let release = (): void => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const open = async (settings: ContextSettings): Promise<PageDriver> => {
        reached();
        await gate;
        return fake.open(settings);
      };
      const slow = startService({ clock: new ManualClock(), driver: { open } });
      try {
        const key = { Authorization: `Bearer ${slow.key('pro')}` };
        const pending = slow.http.post('/v1/sessions').set(key).send({}).then((res) => res);
        await opening;
        const stopping = slow.registry.shutdown();
        release();
        const res = await pending;
        await stopping;
        expect(res.status).to.equal(503);
        expect(fake.opened).to.equal(1);
        expect(fake.closed).to.equal(1);
        expect(slow.store.db.prepare('SELECT count(*) AS n FROM sessions').get()).to.deep.equal({ n: 0 });
      } finally {
        await slow.stop();
      }
    });

    it('refuses close anywhere but last with 400 before anything runs', async () => {
      const res = await create({ steps: [{ close: {} }, { wait: { ms: 1 } }] });
      expect(res.status).to.equal(400);
      expect(res.body.error.context.path).to.equal('steps[0]');
      expect(service.driver.opened).to.equal(0);
    });
  });

  describe('GET /v1/sessions/:id and DELETE', () => {
    it('shows an active session, deletes it with 204, then answers 404 to GET, DELETE and act', async () => {
      const id = (await create({})).body.session_id as string;
      const info = await service.http.get(`/v1/sessions/${id}`).set(auth);
      expect(info.status).to.equal(200);
      expect(info.body).to.include({ session_id: id, status: 'active', ended_at: null, duration_seconds: null });
      const del = await service.http.delete(`/v1/sessions/${id}`).set(auth);
      expect(del.status).to.equal(204);
      expect(del.text).to.equal('');
      expect((await service.http.get(`/v1/sessions/${id}`).set(auth)).status).to.equal(404);
      expect((await service.http.delete(`/v1/sessions/${id}`).set(auth)).body.error.code).to.equal('session_not_found');
      expect((await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ wait: { ms: 1 } }] })).status).to.equal(404);
      expect(service.store.sync.getUsage(id)).to.include({ seconds: 0 });
    });

    it('leaves the registry holding nothing of the keys and sessions once every session has ended', async () => {
      const keys = [auth, ...(['pro', 'starter', 'scale'] as const).map((plan) => ({ Authorization: `Bearer ${service.key(plan)}` }))];
      for (const key of keys) {
        const id = (await service.http.post('/v1/sessions').set(key).send({ url: 'http://example.test/' })).body.session_id as string;
        expect((await service.http.delete(`/v1/sessions/${id}`).set(key)).status).to.equal(204);
      }
      // A create that fails while its page opens must leave nothing either.
      service.driver.connected = false;
      expect((await service.http.post('/v1/sessions').set(keys[1]!).send({})).status).to.equal(503);
      await service.registry.settled();
      expect(service.registry.held).to.deep.equal({ sessions: 0, openingKeys: 0 });
    });

    it('keeps a failed session readable with error_code, error_message, ended_at and duration_seconds', async () => {
      const res = await create({ steps: [{ goto: { url: 'http://example.test/403' } }] });
      expect(res.status).to.equal(201);
      expect(res.body.error.code).to.equal('access_denied');
      const info = await service.http.get(`/v1/sessions/${res.body.session_id}`).set(auth);
      expect(info.body.status).to.equal('failed');
      expect(info.body.error_code).to.equal('access_denied');
      expect(info.body.error_message).to.be.a('string');
      expect(info.body.ended_at).to.be.a('string');
      expect(info.body.duration_seconds).to.equal(0);
      expect((await service.http.delete(`/v1/sessions/${res.body.session_id}`).set(auth)).status).to.equal(404);
    });

    it('does not show another key\'s session', async () => {
      const id = (await create({})).body.session_id as string;
      const other = { Authorization: `Bearer ${service.key('pro')}` };
      expect((await service.http.get(`/v1/sessions/${id}`).set(other)).status).to.equal(404);
      expect((await service.http.delete(`/v1/sessions/${id}`).set(other)).status).to.equal(404);
    });
  });

  describe('expiry', () => {
    it('expires a session when its timeout elapses: 404 afterwards, listed as closed, billed to the timeout', async () => {
      const id = (await create({ timeout: 10 })).body.session_id as string;
      service.clock.advance(10_000);
      await settle();
      expect((await service.http.get(`/v1/sessions/${id}`).set(auth)).status).to.equal(404);
      const list = await service.http.get('/v1/sessions').set(auth);
      expect(list.body.sessions).to.deep.include({ session_id: id, status: 'closed', started_at: list.body.sessions[0].started_at });
      expect(service.store.sync.getUsage(id)?.seconds).to.equal(10);
    });
  });

  describe('POST /v1/sessions/:id/act', () => {
    it('runs steps and answers 200 with the envelope', async () => {
      const id = (await create({})).body.session_id as string;
      const res = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://a.test/' } }] });
      expect(res.status).to.equal(200);
      expect(res.body.completed).to.equal(1);
      expect(res.body.request_id).to.equal(res.headers['x-request-id']);
    });

    it('runs concurrent acts one at a time, in arrival order', async () => {
      const id = (await create({})).body.session_id as string;
      const urls = ['http://a.test/1', 'http://a.test/2', 'http://a.test/3', 'http://a.test/4'];
      const pending = [];
      for (const url of urls) {
        pending.push(service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ goto: { url } }] }).then((r) => r));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const replies = await Promise.all(pending);
      expect(replies.map((r) => r.status)).to.deep.equal([200, 200, 200, 200]);
      expect(replies.map((r) => r.body.page.url)).to.deep.equal(urls);
      expect(service.driver.visited).to.deep.equal(urls);
      expect(service.driver.maxOverlap).to.equal(1);
    });

    it('closes the session with a close step and answers the envelope', async () => {
      const id = (await create({})).body.session_id as string;
      const res = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ wait: { ms: 1 } }, { close: {} }] });
      expect(res.status).to.equal(200);
      expect(res.body.completed).to.equal(2);
      expect((await service.http.get(`/v1/sessions/${id}`).set(auth)).status).to.equal(404);
    });

    it('answers 400 to empty steps, unknown step types and bad params, before looking the session up', async () => {
      const missing = 'ses_doesnotexist000000000000';
      expect((await service.http.post(`/v1/sessions/${missing}/act`).set(auth).send({ steps: [] })).body.error.context.path).to.equal('steps');
      const unknown = await service.http.post(`/v1/sessions/${missing}/act`).set(auth).send({ steps: [{ fly: {} }] });
      expect(unknown.status).to.equal(400);
      expect(unknown.body.error.context.path).to.equal('steps[0].fly');
      const bad = await service.http.post(`/v1/sessions/${missing}/act`).set(auth).send({ steps: [{ wait: { ms: 1 } }, { click: { ref: 5 } }] });
      expect(bad.body.error.context.path).to.equal('steps[1].click.ref');
      expect((await service.http.post(`/v1/sessions/${missing}/act`).set(auth).send({ steps: [{ wait: { ms: 1 } }] })).status).to.equal(404);
    });

    it('refuses more than 100 steps', async () => {
      const id = (await create({})).body.session_id as string;
      const steps = Array.from({ length: 101 }, () => ({ wait: { ms: 1 } }));
      const res = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps });
      expect(res.status).to.equal(400);
      expect(res.body.error.context.path).to.equal('steps');
    });
  });

  describe('GET /v1/sessions', () => {
    it('lists newest first with a working cursor, a status filter and limit bounds', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await create({})).body.session_id as string);
        service.clock.advance(1000);
      }
      await service.http.delete(`/v1/sessions/${ids[1]}`).set(auth);
      const first = await service.http.get('/v1/sessions?limit=2').set(auth);
      expect(first.body.sessions.map((s: { session_id: string }) => s.session_id)).to.deep.equal([ids[4], ids[3]]);
      expect(first.body.has_more).to.equal(true);
      const second = await service.http.get(`/v1/sessions?limit=2&after=${encodeURIComponent(first.body.next_cursor)}`).set(auth);
      expect(second.body.sessions.map((s: { session_id: string }) => s.session_id)).to.deep.equal([ids[2], ids[1]]);
      const third = await service.http.get(`/v1/sessions?limit=2&after=${encodeURIComponent(second.body.next_cursor)}`).set(auth);
      expect(third.body.sessions.map((s: { session_id: string }) => s.session_id)).to.deep.equal([ids[0]]);
      expect(third.body).to.include({ has_more: false, next_cursor: null });
      const closed = await service.http.get('/v1/sessions?status=closed').set(auth);
      expect(closed.body.sessions.map((s: { session_id: string }) => s.session_id)).to.deep.equal([ids[1]]);
      expect((await service.http.get('/v1/sessions?limit=0').set(auth)).body.error.context.path).to.equal('limit');
      expect((await service.http.get('/v1/sessions?limit=101').set(auth)).status).to.equal(400);
      expect((await service.http.get('/v1/sessions?status=expired').set(auth)).status).to.equal(400);
      expect((await service.http.get('/v1/sessions?after=garbage').set(auth)).status).to.equal(400);
    });

    it('is scoped to the key', async () => {
      await create({});
      const other = { Authorization: `Bearer ${service.key('pro')}` };
      expect((await service.http.get('/v1/sessions').set(other)).body.sessions).to.deep.equal([]);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first response byte for byte with its request id and Idempotent-Replayed', async () => {
      const first = await create({ url: 'http://a.test/' }).set('Idempotency-Key', 'k1');
      const again = await create({ url: 'http://a.test/' }).set('Idempotency-Key', 'k1');
      expect(again.status).to.equal(201);
      expect(again.text).to.equal(first.text);
      expect(again.headers['x-request-id']).to.equal(first.headers['x-request-id']);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(service.driver.opened).to.equal(1);
    });

    it('answers 409 idempotency_conflict for the same key with another body', async () => {
      await create({ url: 'http://a.test/' }).set('Idempotency-Key', 'k2');
      const res = await create({ url: 'http://b.test/' }).set('Idempotency-Key', 'k2');
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('idempotency_conflict');
    });

    it('keeps 400 answers for replay', async () => {
      const first = await create({ timeout: 1 }).set('Idempotency-Key', 'k3');
      const again = await create({ timeout: 1 }).set('Idempotency-Key', 'k3');
      expect(first.status).to.equal(400);
      expect(again.text).to.equal(first.text);
      expect(again.headers['idempotent-replayed']).to.equal('true');
    });

    it('makes exactly one session from ten concurrent creates with one key', async () => {
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => create({ url: 'http://a.test/' }).set('Idempotency-Key', 'k4').then((r) => r)),
      );
      expect(service.driver.opened).to.equal(1);
      const created = replies.filter((r) => r.status === 201);
      expect(new Set(created.map((r) => r.body.session_id)).size).to.equal(1);
      for (const r of replies) expect([201, 409]).to.include(r.status);
      const conflicts = replies.filter((r) => r.status === 409);
      for (const r of conflicts) expect(r.headers['retry-after']).to.equal('1');
    });
  });
});
