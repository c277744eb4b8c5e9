import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SseParser } from '../../dashboard/sse.js';
import { createApp } from '../../http/app.js';
import type { JournalEvent } from '../../lib/platform/journal/events.js';
import { JOURNAL_RETENTION_MS } from '../../lib/contract/response/events.js';
import { settle, startFakeService, type Service } from '../support/service.js';
import type { ManualClock } from '../../lib/platform/clock.js';
import type { FakeDriver } from '../support/fake-driver.js';
import { McpConnections } from '../../mcp/http.js';

type Fake = Service & { clock: ManualClock; driver: FakeDriver };

/** The messages of an SSE body: id, event and the parsed data of each; comments left out. */
function messages(text: string): Array<{ id: number; event: string; data: JournalEvent }> {
  return new SseParser().push(text).map((message) => ({ id: Number(message.id), event: message.event, data: JSON.parse(message.data) as JournalEvent }));
}

describe('GET /v1/sessions/:id/events', () => {
  let service: Fake;
  let auth: { Authorization: string };
  beforeEach(() => {
    service = startFakeService();
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  afterEach(() => service.stop());

  /** A session that ran one act of two steps. */
  async function sessionWithAct(): Promise<string> {
    const created = await service.http.post('/v1/sessions').set(auth).send({});
    const id = created.body.session_id as string;
    const acted = await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ goto: { url: 'http://a.test/' } }, { wait: { ms: 1 } }] });
    expect(acted.status).to.equal(200);
    return id;
  }
  const events = (id: string, query = '') => service.http.get(`/v1/sessions/${id}/events${query}`).set(auth);

  it('answers the journal in order: the machine\'s transitions for one act are idle, running, idle', async () => {
    const id = await sessionWithAct();
    const res = await events(id);
    expect(res.status).to.equal(200);
    const all = res.body.events as JournalEvent[];
    expect(all.map((e) => e.id)).to.deep.equal(all.map((_, i) => i + 1));
    const transitions = all.filter((e) => e.type === 'transition').map((e) => e.type === 'transition' && [e.from, e.to, e.event.split('.').slice(0, 3).join('.')]);
    expect(transitions).to.deep.equal([
      [null, 'active.idle', 'xstate.init'],
      ['active.idle', 'active.running', 'act'],
      ['active.running', 'active.idle', 'xstate.done.actor'],
    ]);
    const acts = all.filter((e) => e.type.startsWith('act.'));
    expect(acts.map((e) => e.type)).to.deep.equal(['act.received', 'act.started', 'act.finished']);
    expect(acts[0]).to.deep.include({ steps: ['goto', 'wait'] });
    expect(acts[2]).to.deep.include({ ok: true });
    // In the order it happened: received while idle, started once the machine is running, finished before it is idle again.
    const order = all.filter((e) => e.type.startsWith('act.') || (e.type === 'transition' && e.from !== null)).map((e) => (e.type === 'transition' ? e.to : e.type));
    expect(order).to.deep.equal(['act.received', 'active.running', 'act.started', 'act.finished', 'active.idle']);
    expect(res.body.next_cursor).to.equal(String(all.at(-1)!.id));
  });

  it('pages by after and limit, each page\'s next_cursor the last id it returned', async () => {
    const id = await sessionWithAct();
    const all = (await events(id)).body.events as JournalEvent[];
    const seen: JournalEvent[] = [];
    let cursor: string | null = null;
    do {
      const res = await events(id, `?limit=2${cursor ? `&after=${cursor}` : ''}`);
      expect(res.body.events.length).to.be.at.most(2);
      seen.push(...(res.body.events as JournalEvent[]));
      cursor = res.body.next_cursor as string | null;
      if (res.body.events.length === 0) break;
    } while (cursor !== null);
    expect(seen).to.deep.equal(all);
    const past = await events(id, `?after=${all.length}`);
    expect(past.body).to.deep.equal({ events: [], next_cursor: null });
  });

  it('refuses a limit out of 1 to 1000 and a malformed after with 400 invalid_request naming the field', async () => {
    const id = await sessionWithAct();
    for (const [query, path] of [['?limit=0', 'limit'], ['?limit=1001', 'limit'], ['?limit=ten', 'limit'], ['?after=-1', 'after'], ['?after=1.5', 'after'], ['?since=1', 'since']]) {
      const res = await events(id, query);
      expect(res.status, query).to.equal(400);
      expect(res.body.error.code, query).to.equal('invalid_request');
      expect(res.body.error.context, query).to.include({ path });
      expect(res.body.error.context.expected, query).to.be.a('string');
    }
    expect((await events(id, '?limit=1000')).status).to.equal(200);
    const res = await service.http.get(`/v1/sessions/${id}/events`).set(auth).set('Accept', 'text/event-stream').set('Last-Event-ID', 'x');
    expect(res.status).to.equal(400);
    expect(res.body.error.context.path).to.equal('Last-Event-ID');
  });

  it('answers 404 session_not_found to another key, as GET /v1/sessions/:id does', async () => {
    const id = await sessionWithAct();
    const other = { Authorization: `Bearer ${service.key('pro')}` };
    const res = await service.http.get(`/v1/sessions/${id}/events`).set(other);
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('session_not_found');
    const stream = await service.http.get(`/v1/sessions/${id}/events`).set(other).set('Accept', 'text/event-stream');
    expect(stream.status).to.equal(404);
    expect((await service.http.get('/v1/sessions/ses_nope/events').set(auth)).status).to.equal(404);
  });

  it('keeps an ended session\'s journal readable, ending with usage, the final transition and ended, for 24 h', async () => {
    const id = await sessionWithAct();
    expect((await service.http.delete(`/v1/sessions/${id}`).set(auth)).status).to.equal(204);
    const res = await events(id);
    expect(res.status).to.equal(200);
    const all = res.body.events as JournalEvent[];
    // Usage is written as the session is billed, then the machine reaches its final state, then ended.
    expect(all.slice(-3).map((e) => e.type)).to.deep.equal(['usage', 'transition', 'ended']);
    expect(all.at(-2)).to.deep.include({ from: 'ending', to: 'closed' });
    expect(all.at(-1)).to.deep.include({ status: 'closed', error_code: null });
    expect(res.body.next_cursor).to.equal(null);
    service.clock.advance(JOURNAL_RETENTION_MS - 1000);
    expect((await events(id)).status).to.equal(200);
    service.clock.advance(2000);
    expect((await events(id)).status).to.equal(404);
  });

  it('streams with Accept: text/event-stream: replays after Last-Event-ID and closes after ended', async () => {
    const id = await sessionWithAct();
    await service.http.delete(`/v1/sessions/${id}`).set(auth);
    const all = (await events(id)).body.events as JournalEvent[];
    const res = await service.http.get(`/v1/sessions/${id}/events`).set(auth).set('Accept', 'text/event-stream').set('Last-Event-ID', '3');
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('text/event-stream');
    const sent = messages(res.text);
    expect(sent.map((m) => m.data)).to.deep.equal(all.slice(3));
    expect(sent.map((m) => [m.id, m.event])).to.deep.equal(all.slice(3).map((e) => [e.id, e.type]));
    // ?after= does the same when there is no Last-Event-ID.
    const after = await service.http.get(`/v1/sessions/${id}/events?after=${all.length - 1}`).set(auth).set('Accept', 'text/event-stream');
    expect(messages(after.text).map((m) => m.event)).to.deep.equal(['ended']);
  });

  it('follows a live session: events recorded after the replay arrive, and the stream ends after ended', async () => {
    const id = await sessionWithAct();
    const replayed = ((await events(id)).body.events as JournalEvent[]).length;
    const stream = service.http.get(`/v1/sessions/${id}/events`).set(auth).set('Accept', 'text/event-stream').then((res) => res);
    await settle(20);
    await service.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ wait: { ms: 1 } }] });
    await service.http.delete(`/v1/sessions/${id}`).set(auth);
    const res = await stream;
    const sent = messages(res.text);
    expect(sent.map((m) => m.id)).to.deep.equal(sent.map((_, i) => i + 1));
    expect(sent.length).to.be.greaterThan(replayed + 5);
    expect(sent.slice(replayed).map((m) => m.event)).to.include.members(['act.received', 'act.started', 'act.finished', 'usage']);
    expect(sent.at(-1)!.event).to.equal('ended');
  });
});

describe('GET /v1/sessions/:id/events (a client that goes away)', () => {
  let service: Fake;
  let server: Server;
  beforeEach(async () => {
    service = startFakeService();
    const app = createApp({ store: service.store, profiles: service.profiles, registry: service.registry, clock: service.clock, engine: { health: 'up', retryAfter: () => 1 }, telemetry: service.telemetry, dataDir: service.dataDir, mcp: new McpConnections('0.0.0-test') });
    const handle = app.callback();
    server = createServer((request, response) => void handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await service.stop();
  });

  it('leaves nothing subscribed to the journal once the client disconnected', async () => {
    const key = service.key('pro');
    const created = await service.http.post('/v1/sessions').set({ Authorization: `Bearer ${key}` }).send({});
    const id = created.body.session_id as string;
    const journal = service.registry.journalOf(id, service.store.sync.getSession(id)!.keyId)!;
    const abort = new AbortController();
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/v1/sessions/${id}/events`, { headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' }, signal: abort.signal });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).to.include('event: transition');
    expect(journal.listenerCount).to.equal(1);
    abort.abort();
    for (let i = 0; i < 200 && journal.listenerCount > 0; i++) await sleep(5);
    expect(journal.listenerCount).to.equal(0);
  });
});
