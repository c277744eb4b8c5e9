import { expect } from 'chai';
import fc from 'fast-check';
import { Engine } from '../../actors/engine.js';
import { createBodyish } from '../support/fuzz.js';
import { startService, type Service } from '../support/service.js';

// Seeded, so every run tries the same bodies; FUZZ_RUNS and FUZZ_SEED explore further by hand.
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_124);

describe('POST /v1/sessions with fuzzed bodies on real Chromium (property)', function () {
  this.timeout(300_000);
  let engine: Engine;
  let service: Service;
  let auth: { Authorization: string };
  before(async () => {
    engine = new Engine();
    await engine.start();
    service = startService({ engine });
    auth = { Authorization: `Bearer ${service.key('scale')}` };
  });
  after(async () => {
    await service.stop();
    await engine.stop();
  });

  it(`answers no 5xx, a coded error for every 4xx, and opens only sessions it can delete (${RUNS} bodies, seed ${SEED})`, async () => {
    let opened = 0;
    await fc.assert(
      fc.asyncProperty(createBodyish, async (body) => {
        // JSON.stringify writes a lone surrogate as its \u escape, so the server parses it back.
        const res = await service.http.post('/v1/sessions').set(auth).set('Content-Type', 'application/json').send(JSON.stringify(body));
        const answer = `${res.status} ${JSON.stringify(res.body).slice(0, 400)}`;
        expect(res.status, answer).to.be.below(500);
        if (res.status >= 400) {
          expect(res.body.error.code, answer).to.be.a('string').that.is.not.empty;
          expect(res.body.error.message, answer).to.be.a('string').that.is.not.empty;
          if (res.body.error.code === 'invalid_request') {
            expect(res.body.error.context.path, answer).to.be.a('string').that.is.not.empty;
            expect(res.body.error.context.expected, answer).to.be.a('string').that.is.not.empty;
          }
          return;
        }
        expect(res.status, answer).to.equal(201);
        opened++;
        const id = res.body.session_id as string;
        // A close step or a fatal page already ended it; either way it must not be left active.
        expect([204, 404], answer).to.include((await service.http.delete(`/v1/sessions/${id}`).set(auth)).status);
        expect((await service.http.get(`/v1/sessions/${id}`).set(auth)).body.status, answer).to.not.equal('active');
      }),
      { numRuns: RUNS, seed: SEED },
    );
    await service.registry.settled();
    expect(service.registry.size).to.equal(0);
    expect(engine.browser().contexts()).to.have.length(0);
    expect(service.store.db.prepare("SELECT count(*) AS n FROM sessions WHERE status = 'active'").get()).to.deep.equal({ n: 0 });
    // Bodies the codecs refuse cost nothing; only opened sessions reach Chromium, so enough must open.
    expect(opened).to.be.above(RUNS / 20);
  });
});
