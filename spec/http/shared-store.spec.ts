// Two services on one data folder, as two nodes on one database: each has its own registry and
// process memory, so what they agree on can only come from the store.
import { expect } from 'chai';
import { rmSync } from 'node:fs';
import { PLANS } from '../../lib/contract/plans.js';
import { tempDir } from '../lib/platform/store/fixtures.js';
import { startFakeService } from '../support/service.js';

describe('two services sharing one store', () => {
  let dir: string;
  let nodes: Array<ReturnType<typeof startFakeService>>;
  beforeEach(() => {
    dir = tempDir();
    nodes = [startFakeService({ dataDir: dir }), startFakeService({ dataDir: dir })];
  });
  afterEach(async () => {
    for (const node of nodes) await node.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  /** The service answering the i-th request: they take turns. */
  const node = (i: number) => nodes[i % 2]!;

  describe('POST /v1/sessions', () => {
    it("admits exactly a Starter key's 5 of 20 concurrent creates spread over both", async () => {
      const auth = { Authorization: `Bearer ${nodes[0]!.key('starter')}` };
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => node(i).http.post('/v1/sessions').set(auth).send({})));
      expect(answers.filter((res) => res.status === 201)).to.have.length(PLANS.starter.concurrentSessions);
      const refused = answers.filter((res) => res.status !== 201);
      expect(refused.map((res) => res.body.error.context.limit)).to.deep.equal(Array(15).fill('concurrent_sessions'));
      expect((await nodes[1]!.http.get('/v1/sessions').set(auth)).body.sessions).to.have.length(PLANS.starter.concurrentSessions);
    });

    it('makes one session of 10 concurrent creates with one Idempotency-Key, whichever service answers', async () => {
      const auth = { Authorization: `Bearer ${nodes[0]!.key('scale')}`, 'Idempotency-Key': 'once' };
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => node(i).http.post('/v1/sessions').set(auth).send({})));
      const created = answers.filter((res) => res.status === 201);
      expect(created.length).to.be.at.least(1);
      expect(new Set(created.map((res) => res.body.session_id as string)).size).to.equal(1);
      expect((await nodes[0]!.http.get('/v1/sessions').set(auth)).body.sessions).to.have.length(1);
    });
  });

  describe('the rate limit', () => {
    it("refuses a Trial key's 61st request in a minute whichever service answers", async () => {
      const auth = { Authorization: `Bearer ${nodes[0]!.key('trial')}` };
      const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => node(i).http.get('/v1/sessions').set(auth)));
      expect(answers.filter((res) => res.status === 200)).to.have.length(PLANS.trial.requestsPerMinute);
      expect(answers.filter((res) => res.status === 429).every((res) => res.body.error.context.limit === 'requests_per_minute')).to.equal(true);
    });
  });
});
