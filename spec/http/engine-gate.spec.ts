import { expect } from 'chai';
import type { Response } from 'supertest';
import { EngineGate } from '../../lib/platform/capacity/gate.js';
import { systemClock } from '../../lib/platform/clock.js';
import type { ManualClock } from '../../lib/platform/clock.js';
import type { FakeDriver } from '../support/fake-driver.js';
import { Scrape } from '../support/prometheus.js';
import { startFakeService, type Service } from '../support/service.js';

type Fake = Service & { clock: ManualClock; driver: FakeDriver };

describe('the engine gate (POST /v1/sessions/:id/act and POST /v1/sessions under load)', () => {
  let service: Fake;
  let auth: { Authorization: string };
  const start = (slots: number): void => {
    service = startFakeService({ gate: new EngineGate(slots, systemClock) });
    auth = { Authorization: `Bearer ${service.key('scale')}` };
  };
  afterEach(() => service.stop());

  const create = async (): Promise<string> => {
    const res = await service.http.post('/v1/sessions').set(auth).send({});
    expect(res.status).to.equal(201);
    return res.body.session_id as string;
  };
  // supertest sends a request only once it is awaited: then() sends it now, for requests that overlap.
  const act = (id: string, url: string): Promise<Response> =>
    service.http
      .post(`/v1/sessions/${id}/act`)
      .set(auth)
      .send({ steps: [{ goto: { url } }] })
      .then((res) => res);
  const until = async (condition: () => boolean): Promise<void> => {
    for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(condition()).to.equal(true);
  };
  const inGate = (): number => service.registry.gateLoad.running + service.registry.gateLoad.waiting;

  it('runs as many acts at once as it has slots, queues the rest, and runs them all in arrival order', async () => {
    start(2);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await create());
    service.driver.hold = true;
    const answers: Array<Promise<Response>> = [];
    for (const [i, id] of ids.entries()) {
      answers.push(act(id, `http://a.test/${i}`));
      // One at a time into the gate, so that arrival order is the order they were sent in.
      await until(() => inGate() === i + 1);
    }
    expect(service.registry.gateLoad).to.deep.equal({ running: 2, waiting: 3, slots: 2 });
    // The queued acts have not begun: their pages have run nothing.
    expect(service.driver.visited).to.deep.equal(['http://a.test/0', 'http://a.test/1']);
    service.driver.hold = false;
    const results = await Promise.all(answers);
    expect(results.map((res) => res.status)).to.deep.equal([200, 200, 200, 200, 200]);
    expect(results.map((res) => res.body.error)).to.deep.equal([null, null, null, null, null]);
    expect(service.driver.visited).to.deep.equal(ids.map((_, i) => `http://a.test/${i}`));
    expect(service.driver.maxOverlap).to.equal(1);
    expect(service.registry.gateLoad).to.deep.equal({ running: 0, waiting: 0, slots: 2 });
  });

  it('cancels a queued act when its session is deleted: 404 for it, nothing run, its place freed', async () => {
    start(1);
    const [busy, queued, next] = [await create(), await create(), await create()];
    service.driver.hold = true;
    const running = act(busy, 'http://a.test/running');
    await until(() => inGate() === 1);
    const waiting = act(queued, 'http://a.test/queued');
    await until(() => inGate() === 2);
    expect((await service.http.delete(`/v1/sessions/${queued}`).set(auth)).status).to.equal(204);
    const cancelled = await waiting;
    expect(cancelled.status).to.equal(404);
    expect(cancelled.body.error.code).to.equal('session_not_found');
    expect(service.registry.gateLoad).to.deep.equal({ running: 1, waiting: 0, slots: 1 });
    service.driver.hold = false;
    expect((await running).status).to.equal(200);
    expect((await act(next, 'http://a.test/next')).status).to.equal(200);
    expect(service.driver.visited).to.deep.equal(['http://a.test/running', 'http://a.test/next']);
  });

  it('makes a create wait for a place before it opens a page, then answers 201', async () => {
    start(1);
    const busy = await create();
    service.driver.hold = true;
    const running = act(busy, 'http://a.test/running');
    await until(() => inGate() === 1);
    const opened = service.driver.opened;
    const creating = service.http.post('/v1/sessions').set(auth).send({}).then((res) => res);
    await until(() => inGate() === 2);
    expect(service.driver.opened).to.equal(opened);
    service.driver.hold = false;
    expect((await running).status).to.equal(200);
    expect((await creating).status).to.equal(201);
    expect(service.driver.opened).to.equal(opened + 1);
  });

  it('shows what runs and what waits in /metrics as tabwright_engine_work', async () => {
    start(1);
    const ids = [await create(), await create(), await create()];
    service.driver.hold = true;
    const answers = ids.map((id, i) => act(id, `http://a.test/${i}`));
    await until(() => inGate() === 3);
    const scraped = new Scrape((await service.http.get('/metrics')).text);
    expect(scraped.value('tabwright_engine_work', { state: 'running' })).to.equal(1);
    expect(scraped.value('tabwright_engine_work', { state: 'waiting' })).to.equal(2);
    service.driver.hold = false;
    await Promise.all(answers);
    expect(new Scrape((await service.http.get('/metrics')).text).value('tabwright_engine_work', { state: 'waiting' })).to.equal(0);
  });

  it('lets every act run at once with 0 slots', async () => {
    start(0);
    const ids = [await create(), await create(), await create()];
    service.driver.hold = true;
    const answers = ids.map((id, i) => act(id, `http://a.test/${i}`));
    await until(() => service.driver.visited.length === 3);
    service.driver.hold = false;
    expect((await Promise.all(answers)).map((res) => res.status)).to.deep.equal([200, 200, 200]);
  });
});
