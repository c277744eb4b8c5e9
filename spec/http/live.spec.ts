import { expect } from 'chai';
import type { ManualClock } from '../../lib/platform/clock.js';
import { TAKEOVER_WAIT_MS } from '../../actors/takeover.js';
import type { FakeDriver } from '../support/fake-driver.js';
import { captureLog } from '../support/log-capture.js';
import { settle, startFakeService, type Service } from '../support/service.js';
import { openSse } from '../support/sse.js';

type Fake = Service & { clock: ManualClock; driver: FakeDriver };

describe('live view and takeover', () => {
  let service: Fake;
  let auth: { Authorization: string };
  let id: string;
  beforeEach(async () => {
    service = startFakeService();
    auth = { Authorization: `Bearer ${service.key('pro')}` };
    id = (await service.http.post('/v1/sessions').set(auth).send({})).body.session_id as string;
  });
  afterEach(() => service.stop());

  const post = (route: string, body?: object) => service.http.post(`/v1/sessions/${id}/${route}`).set(auth).send(body);
  // supertest sends a request only once it is awaited: then() sends it now, for requests that overlap.
  const send = (route: string, body?: object) => post(route, body).then((res) => res);
  const act = (url: string, headers: Record<string, string> = {}) => post('act', { steps: [{ goto: { url } }] }).set(headers).then((res) => res);
  const session = () => service.registry.find(id, service.store.sync.getSession(id)?.keyId ?? '');
  const until = async (condition: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(condition()).to.equal(true);
  };

  describe('POST /v1/sessions/:id/takeover', () => {
    it('takes over an idle session at once and refuses a second takeover with 409 session_busy', async () => {
      const res = await post('takeover');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ session_id: id, state: 'human' });
      const again = await post('takeover');
      expect(again.status).to.equal(409);
      expect(again.body.error.code).to.equal('session_busy');
    });

    it('waits for the act under way to answer, then holds the page instead of the next queued act', async () => {
      const order: string[] = [];
      const first = act('http://a.test/1').then((res) => (order.push('act 1'), res));
      await settle(1);
      const takeover = send('takeover').then((res) => (order.push('takeover'), res));
      await settle(1);
      const second = act('http://a.test/2').then((res) => (order.push('act 2'), res));
      expect((await first).status).to.equal(200);
      expect((await takeover).status).to.equal(200);
      await settle(20);
      expect(service.driver.visited).to.deep.equal(['http://a.test/1']);
      expect((await post('handback')).body).to.deep.equal({ session_id: id, state: 'running' });
      expect((await second).status).to.equal(200);
      expect(order).to.deep.equal(['act 1', 'takeover', 'act 2']);
      expect(service.driver.visited).to.deep.equal(['http://a.test/1', 'http://a.test/2']);
    });

    it('gives up with 409 session_busy when the act under way does not answer within 30 s, and withdraws the takeover', async () => {
      service.driver.hold = true;
      const running = act('http://a.test/slow');
      await until(() => session()?.state === 'active.running');
      const takeover = send('takeover');
      await until(() => session()?.heldByPerson === true);
      service.clock.advance(TAKEOVER_WAIT_MS - 1);
      await settle();
      expect(session()?.heldByPerson).to.equal(true);
      service.clock.advance(1);
      const res = await takeover;
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('session_busy');
      service.driver.hold = false;
      expect((await running).status).to.equal(200);
      expect((await act('http://a.test/next')).status).to.equal(200);
    });

    it('answers 404 for another key\'s session on every live route', async () => {
      const other = { Authorization: `Bearer ${service.key('pro')}` };
      for (const route of ['takeover', 'handback', 'input']) {
        const res = await service.http.post(`/v1/sessions/${id}/${route}`).set(other).send(route === 'input' ? { events: [{ type: 'text', text: 'x' }] } : undefined);
        expect(res.status, route).to.equal(404);
        expect(res.body.error.code).to.equal('session_not_found');
      }
      const live = await service.http.get(`/v1/sessions/${id}/live`).set(other).set('Accept', 'text/event-stream');
      expect(live.status).to.equal(404);
    });
  });

  describe('POST /v1/sessions/:id/handback', () => {
    it('answers 409 not_taken_over when nobody holds the page', async () => {
      const res = await post('handback');
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('not_taken_over');
    });

    it('resumes the queue: acts sent while taken over wait, then run in order', async () => {
      await post('takeover');
      const acts = [act('http://a.test/1'), act('http://a.test/2')];
      await until(() => session()?.queued === 2);
      expect(session()?.state).to.equal('active.human');
      expect(service.driver.visited).to.deep.equal([]);
      expect((await post('handback')).body.state).to.equal('running');
      expect((await Promise.all(acts)).map((res) => res.status)).to.deep.equal([200, 200]);
      expect(service.driver.visited).to.deep.equal(['http://a.test/1', 'http://a.test/2']);
      expect((await post('takeover')).status).to.equal(200);
      expect((await post('handback')).body.state).to.equal('idle');
    });
  });

  describe('POST /v1/sessions/:id/act with Prefer: wait=0', () => {
    it('answers 409 session_busy while a person holds the page, without queueing the act', async () => {
      await post('takeover');
      const res = await act('http://a.test/now', { Prefer: 'wait=0' });
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('session_busy');
      await post('handback');
      await settle(20);
      expect(service.driver.visited).to.deep.equal([]);
      expect((await act('http://a.test/now', { Prefer: 'respond-async, wait=0' })).status).to.equal(200);
    });
  });

  describe('POST /v1/sessions/:id/input', () => {
    const events = [
      { type: 'mouse', action: 'click', x: 10, y: 20.5 },
      { type: 'mouse', action: 'wheel', x: 0, y: 0, delta_y: -120 },
      { type: 'key', action: 'press', key: 'Shift+Tab' },
      { type: 'key', action: 'down', key: 'a' },
      { type: 'text', text: 'héllo' },
    ];

    it('answers 409 not_taken_over unless a person holds the page, then applies the events in order', async () => {
      const refused = await post('input', { events });
      expect(refused.status).to.equal(409);
      expect(refused.body.error.code).to.equal('not_taken_over');
      await post('takeover');
      const res = await post('input', { events });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ applied: 5 });
      expect(service.driver.inputs).to.deep.equal([events]);
    });

    it('never logs the typed text', async () => {
      const capture = captureLog();
      await service.stop();
      service = startFakeService({ telemetry: capture.telemetry });
      auth = { Authorization: `Bearer ${service.key('pro')}` };
      id = (await service.http.post('/v1/sessions').set(auth).send({})).body.session_id as string;
      await post('takeover');
      expect((await post('input', { events: [{ type: 'text', text: 'correct horse battery' }] })).status).to.equal(200);
      expect((await post('input', { events: [{ type: 'text', text: 'staple' }, { type: 'key', action: 'press', key: 'hunter2' }] })).status).to.equal(400);
      expect(capture.lines().length).to.be.greaterThan(2);
      for (const secret of ['correct horse battery', 'staple', 'hunter2']) expect(capture.text()).to.not.include(secret);
    });

    const bad: Array<[string, unknown, string]> = [
      ['no events', {}, 'events'],
      ['no event at all', { events: [] }, 'events'],
      ['101 events', { events: Array.from({ length: 101 }, () => ({ type: 'text', text: 'a' })) }, 'events'],
      ['an unknown type', { events: [{ type: 'touch', x: 1, y: 1 }] }, 'events[0].type'],
      ['a negative x', { events: [{ type: 'mouse', action: 'move', x: -1, y: 0 }] }, 'events[0].x'],
      ['a y that is a string', { events: [{ type: 'mouse', action: 'move', x: 0, y: '3' }] }, 'events[0].y'],
      ['an unknown mouse action', { events: [{ type: 'mouse', action: 'drag', x: 0, y: 0 }] }, 'events[0].action'],
      ['an unknown button', { events: [{ type: 'mouse', action: 'click', x: 0, y: 0, button: 'back' }] }, 'events[0].button'],
      ['a key Playwright does not know', { events: [{ type: 'key', action: 'press', key: 'Enterr' }] }, 'events[0].key'],
      ['a combination on key down', { events: [{ type: 'key', action: 'down', key: 'Shift+a' }] }, 'events[0].key'],
      ['text over 10,000 characters', { events: [{ type: 'text', text: 'a'.repeat(10_001) }] }, 'events[0].text'],
      ['an unknown field', { events: [{ type: 'text', text: 'a', delay: 5 }] }, 'events[0].delay'],
    ];
    for (const [what, body, path] of bad) {
      it(`refuses ${what} with 400 invalid_request at ${path}`, async () => {
        await post('takeover');
        const res = await post('input', body as object);
        expect(res.status).to.equal(400);
        expect(res.body.error.code).to.equal('invalid_request');
        expect(res.body.error.context.path).to.equal(path);
        expect(res.body.error.context.expected).to.be.a('string');
        expect(service.driver.inputs).to.deep.equal([]);
      });
    }
  });

  describe('GET /v1/sessions/:id/live', () => {
    it('answers 400 invalid_request naming the Accept header when the request does not ask for an event stream', async () => {
      const res = await service.http.get(`/v1/sessions/${id}/live`).set(auth);
      expect(res.status).to.equal(400);
      expect(res.body.error.context).to.deep.include({ path: 'headers.accept', expected: 'text/event-stream' });
    });

    it('streams the state on connect and on every change, frames while connected, and closes when the session ends', async () => {
      const base = await service.listen();
      const stream = await openSse(`${base}/v1/sessions/${id}/live`, auth);
      expect(stream.status).to.equal(200);
      expect(stream.headers.get('content-type')).to.match(/^text\/event-stream/);
      expect(JSON.parse((await stream.nextOf('state')).data)).to.deep.equal({ state: 'active.idle' });
      expect(service.driver.viewers.size).to.equal(1);
      service.driver.frame({ data: '/9j/4AAQ', width: 800, height: 600 });
      expect(JSON.parse((await stream.nextOf('frame')).data)).to.deep.equal({ data: '/9j/4AAQ', width: 800, height: 600 });
      await post('takeover');
      expect(JSON.parse((await stream.nextOf('state')).data)).to.deep.equal({ state: 'active.human' });
      await service.http.delete(`/v1/sessions/${id}`).set(auth);
      const states: string[] = [];
      for (let message = await stream.next(); message; message = await stream.next()) states.push(JSON.parse(message.data).state as string);
      expect(states).to.deep.equal(['ending', 'closed']);
      expect(service.driver.viewers.size).to.equal(0);
    });

    it('stops watching when the viewer disconnects', async () => {
      const base = await service.listen();
      const stream = await openSse(`${base}/v1/sessions/${id}/live`, auth);
      await stream.nextOf('state');
      expect(service.driver.viewers.size).to.equal(1);
      stream.close();
      for (let i = 0; i < 50 && service.driver.viewers.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(service.driver.viewers.size).to.equal(0);
    });
  });
});
