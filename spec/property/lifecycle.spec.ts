import { expect } from 'chai';
import fc from 'fast-check';
import type { Engine } from '../../actors/engine.js';
import { sharedEngine } from '../support/browser.js';
import { PlaywrightDriver } from '../../actors/driver.js';
import { ManualClock } from '../../lib/platform/clock.js';
import { FakeDriver } from '../support/fake-driver.js';
import { localNetwork } from '../support/network.js';
import { settle, startService, type Service } from '../support/service.js';
import { TestSite, html } from '../support/site.js';

type Status = 'active' | 'closed' | 'expired' | 'failed';

/** What the service should look like: every session created so far and its status. */
interface Model {
  sessions: Map<string, { status: Status; expiresAt: number }>;
  ids: string[];
  now: number;
}

/** The system under test, plus the URLs the acts use (a fake page or a local site). */
interface Real {
  service: Service & { clock: ManualClock };
  auth: { Authorization: string };
  urls: { ok: string; denied: string };
  overlap: () => number;
}

type Command = fc.AsyncCommand<Model, Real>;
type ActKind = 'ok' | 'close' | 'fatal';

const pick = (model: Model, index: number): string | undefined => model.ids[index % Math.max(1, model.ids.length)];

function stepsFor(kind: ActKind, real: Real): unknown[] {
  if (kind === 'close') return [{ wait: { ms: 1 } }, { close: {} }];
  return [{ goto: { url: kind === 'ok' ? real.urls.ok : real.urls.denied } }];
}

/** Applies what an act does to the model. */
function afterAct(model: Model, id: string, kind: ActKind): void {
  const session = model.sessions.get(id);
  if (!session || session.status !== 'active') return;
  if (kind === 'close') session.status = 'closed';
  if (kind === 'fatal') session.status = 'failed';
}

class Create implements Command {
  constructor(readonly timeout: number, readonly kind: ActKind | 'bare') {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const body = this.kind === 'bare' ? { timeout: this.timeout } : { timeout: this.timeout, steps: stepsFor(this.kind, real) };
    const res = await real.service.http.post('/v1/sessions').set(real.auth).send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const id = res.body.session_id as string;
    model.ids.push(id);
    model.sessions.set(id, { status: 'active', expiresAt: model.now + this.timeout * 1000 });
    if (this.kind !== 'bare') afterAct(model, id, this.kind);
  }
  toString = (): string => `create(${this.timeout}, ${this.kind})`;
}

class Act implements Command {
  constructor(readonly index: number, readonly kind: ActKind) {}
  check = (model: Model): boolean => model.ids.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const id = pick(model, this.index)!;
    const res = await real.service.http.post(`/v1/sessions/${id}/act`).set(real.auth).send({ steps: stepsFor(this.kind, real) });
    const active = model.sessions.get(id)?.status === 'active';
    expect(res.status, `act on ${model.sessions.get(id)?.status}`).to.equal(active ? 200 : 404);
    if (active) {
      expect(res.body.completed).to.equal(this.kind === 'fatal' ? 0 : stepsFor(this.kind, real).length);
      afterAct(model, id, this.kind);
    } else {
      expect(res.body.error.code).to.equal('session_not_found');
    }
  }
  toString = (): string => `act(${this.index}, ${this.kind})`;
}

class ConcurrentActs implements Command {
  constructor(readonly index: number, readonly count: number) {}
  check = (model: Model): boolean => model.ids.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const id = pick(model, this.index)!;
    const replies = await Promise.all(
      Array.from({ length: this.count }, () =>
        real.service.http.post(`/v1/sessions/${id}/act`).set(real.auth).send({ steps: stepsFor('ok', real) }).then((r) => r),
      ),
    );
    const expected = model.sessions.get(id)?.status === 'active' ? 200 : 404;
    expect(replies.map((r) => r.status)).to.deep.equal(replies.map(() => expected));
    expect(real.overlap()).to.equal(expected === 200 ? 1 : real.overlap());
  }
  toString = (): string => `concurrent(${this.index}, ${this.count})`;
}

class Get implements Command {
  constructor(readonly index: number) {}
  check = (model: Model): boolean => model.ids.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const id = pick(model, this.index)!;
    const status = model.sessions.get(id)!.status;
    const res = await real.service.http.get(`/v1/sessions/${id}`).set(real.auth);
    if (status === 'active' || status === 'failed') {
      expect(res.status).to.equal(200);
      expect(res.body.status).to.equal(status);
      expect(res.body.ended_at === null).to.equal(status === 'active');
    } else {
      expect(res.status).to.equal(404);
    }
  }
  toString = (): string => `get(${this.index})`;
}

class Delete implements Command {
  constructor(readonly index: number) {}
  check = (model: Model): boolean => model.ids.length > 0;
  async run(model: Model, real: Real): Promise<void> {
    const id = pick(model, this.index)!;
    const session = model.sessions.get(id)!;
    const res = await real.service.http.delete(`/v1/sessions/${id}`).set(real.auth);
    expect(res.status).to.equal(session.status === 'active' ? 204 : 404);
    if (session.status === 'active') session.status = 'closed';
  }
  toString = (): string => `delete(${this.index})`;
}

class List implements Command {
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    const res = await real.service.http.get('/v1/sessions?limit=100').set(real.auth);
    expect(res.status).to.equal(200);
    const listed = new Map((res.body.sessions as Array<{ session_id: string; status: string }>).map((s) => [s.session_id, s.status]));
    const expected = new Map([...model.sessions].map(([id, s]) => [id, s.status === 'expired' ? 'closed' : s.status]));
    expect(listed).to.deep.equal(expected);
  }
  toString = (): string => 'list';
}

class Advance implements Command {
  constructor(readonly ms: number) {}
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    real.service.clock.advance(this.ms);
    model.now += this.ms;
    for (const session of model.sessions.values()) {
      if (session.status === 'active' && session.expiresAt <= model.now) session.status = 'expired';
    }
    await settle(10);
    await real.service.registry.settled();
  }
  toString = (): string => `advance(${this.ms})`;
}

class LoseEngine implements Command {
  check = (): boolean => true;
  async run(model: Model, real: Real): Promise<void> {
    real.service.loseEngine();
    for (const session of model.sessions.values()) if (session.status === 'active') session.status = 'failed';
    await settle(10);
    await real.service.registry.settled();
    const failed = [...model.sessions].filter(([, s]) => s.status === 'failed').map(([id]) => id);
    for (const id of failed) {
      const res = await real.service.http.get(`/v1/sessions/${id}`).set(real.auth);
      expect(res.body.status).to.equal('failed');
    }
  }
  toString = (): string => 'loseEngine';
}

const kinds = fc.constantFrom<ActKind>('ok', 'ok', 'ok', 'close', 'fatal');
const commands = [
  fc.tuple(fc.integer({ min: 10, max: 60 }), fc.constantFrom<ActKind | 'bare'>('bare', 'ok', 'close', 'fatal')).map(([t, k]) => new Create(t, k)),
  fc.tuple(fc.nat(), kinds).map(([i, k]) => new Act(i, k)),
  fc.tuple(fc.nat(), fc.integer({ min: 2, max: 4 })).map(([i, n]) => new ConcurrentActs(i, n)),
  fc.nat().map((i) => new Get(i)),
  fc.nat().map((i) => new Delete(i)),
  fc.constant(new List()),
  fc.integer({ min: 1_000, max: 40_000 }).map((ms) => new Advance(ms)),
  fc.constant(new LoseEngine()).filter(() => true),
];

/** After a run: exactly one usage row per ended session, none for active ones, and acts never overlapped. */
async function checkLedger(model: Model, real: Real): Promise<void> {
  await settle(10);
  await real.service.registry.settled();
  for (const [id, session] of model.sessions) {
    const usage = real.service.store.sync.getUsage(id);
    if (session.status === 'active') expect(usage, `usage of active ${id}`).to.equal(undefined);
    else expect(usage, `usage of ${session.status} ${id}`).to.not.equal(undefined);
  }
  const rows = real.service.store.db.prepare('SELECT count(*) FROM usage').pluck().get();
  expect(rows).to.equal([...model.sessions.values()].filter((s) => s.status !== 'active').length);
  expect(real.overlap()).to.be.at.most(1);
}

async function runProperty(numRuns: number, maxCommands: number, makeReal: () => Promise<Real>, cleanup: (real: Real) => Promise<void>) {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands }), async (cmds) => {
      const real = await makeReal();
      const model: Model = { sessions: new Map(), ids: [], now: real.service.clock.now() };
      try {
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await checkLedger(model, real);
      } finally {
        await cleanup(real);
      }
    }),
    { numRuns },
  );
}

describe('session lifecycle (property)', function () {
  this.timeout(600_000);

  it('agrees with the model over 100 random histories with a fake page driver', async () => {
    await runProperty(
      100,
      25,
      () => {
        const clock = new ManualClock();
        const driver = new FakeDriver();
        const service = Object.assign(startService({ clock, driver }), { clock });
        const auth = { Authorization: `Bearer ${service.key('scale')}` };
        return Promise.resolve({ service, auth, urls: { ok: 'http://fake.test/ok', denied: 'http://fake.test/403' }, overlap: () => driver.maxOverlap });
      },
      (real) => real.service.stop(),
    );
  });

  describe('with real Chromium', () => {
    let engine: Engine;
    let site: TestSite;
    before(async () => {
      engine = await sharedEngine();
      site = await TestSite.start({
        '/ok': { body: html('OK', '<h1>Fine</h1><p>A page.</p>') },
        '/403': { status: 403, body: html('Forbidden', '<h1>Forbidden</h1>') },
      });
    });
    after(() => site.stop());

    it('agrees with the model over 20 random histories', async () => {
      await runProperty(
        20,
        12,
        () => {
          const clock = new ManualClock();
          const driver = new OverlapDriver(new PlaywrightDriver(engine, { network: localNetwork() }));
          const service = Object.assign(startService({ clock, driver }), { clock });
          const auth = { Authorization: `Bearer ${service.key('scale')}` };
          return Promise.resolve({ service, auth, urls: { ok: site.url('/ok'), denied: site.url('/403') }, overlap: () => driver.maxOverlap });
        },
        (real) => real.service.stop(),
      );
    });
  });
});

/** Wraps a real driver to count acts running at once on one page. */
class OverlapDriver {
  maxOverlap = 0;
  constructor(private readonly inner: PlaywrightDriver) {}
  async open(settings: Parameters<PlaywrightDriver['open']>[0]) {
    const page = await this.inner.open(settings);
    let running = 0;
    return {
      get connected() {
        return page.connected;
      },
      close: () => page.close(),
      run: async (plan: Parameters<typeof page.run>[0], signal: AbortSignal) => {
        running++;
        this.maxOverlap = Math.max(this.maxOverlap, running);
        try {
          return await page.run(plan, signal);
        } finally {
          running--;
        }
      },
    };
  }
}
