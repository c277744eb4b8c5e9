import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import { removeTraces, tracePath, tracesFolder } from '../../lib/platform/traces.js';
import type { ManualClock } from '../../lib/platform/clock.js';
import type { FakeDriver } from '../support/fake-driver.js';
import { startFakeService, type Service } from '../support/service.js';
import { bytesOrJson } from '../support/zip.js';

/** A zip's first bytes (a local file header), then some of its content. */
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('trace.trace {"method":"click"}')]);

describe('GET /v1/sessions/:id/trace', () => {
  let service: Service & { clock: ManualClock; driver: FakeDriver };
  let auth: { Authorization: string };
  beforeEach(() => {
    service = startFakeService();
    auth = { Authorization: `Bearer ${service.key('pro')}` };
  });
  afterEach(() => service.stop());

  const create = async (body: object = { trace: true }): Promise<string> => (await service.http.post('/v1/sessions').set(auth).send(body)).body.session_id as string;
  const end = (id: string) => service.http.delete(`/v1/sessions/${id}`).set(auth).expect(204);
  const get = (id: string, key = auth) => service.http.get(`/v1/sessions/${id}/trace`).set(key).buffer(true).parse(bytesOrJson);
  /** What the real driver leaves at the session's end (the FakeDriver records nothing). */
  const writeTrace = (id: string): void => {
    mkdirSync(tracesFolder(service.dataDir), { recursive: true });
    writeFileSync(tracePath(service.dataDir, id), ZIP);
  };

  it('streams the ended session\'s trace as a zip download named after the session', async () => {
    const id = await create();
    await end(id);
    writeTrace(id);
    const res = await get(id);
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('application/zip');
    expect(res.headers['content-disposition']).to.equal(`attachment; filename="${id}.zip"`);
    expect(res.headers['content-length']).to.equal(String(ZIP.length));
    expect(Buffer.compare(res.body as Buffer, ZIP)).to.equal(0);
  });

  it('serves the trace whatever the session ended as: expired and failed ones too', async () => {
    const expired = await create({ trace: true, timeout: 10 });
    service.clock.advance(10_000);
    await service.registry.settled();
    const failed = await create({ trace: true, steps: [{ goto: { url: 'http://example.test/403' } }] });
    for (const id of [expired, failed]) {
      expect(service.store.sync.getSession(id)?.status).to.be.oneOf(['expired', 'failed']);
      writeTrace(id);
      expect((await get(id)).status, id).to.equal(200);
    }
  });

  it('answers 404 trace_not_found while the session is active, even once a file is there', async () => {
    const id = await create();
    writeTrace(id);
    const res = await get(id);
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('trace_not_found');
    expect(res.body.error.message).to.contain('still active');
  });

  it('answers 404 trace_not_found for an ended session without a trace, and once its trace was removed', async () => {
    const id = await create({});
    await end(id);
    expect((await get(id)).body.error.code).to.equal('trace_not_found');
    writeTrace(id);
    expect((await get(id)).status).to.equal(200);
    removeTraces(service.dataDir, [id]);
    const res = await get(id);
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('trace_not_found');
  });

  it('answers 404 session_not_found for another key\'s session and for one that never existed', async () => {
    const id = await create();
    await end(id);
    writeTrace(id);
    const other = { Authorization: `Bearer ${service.key('pro')}` };
    for (const res of [await get(id, other), await get('ses_000000000000000000000000'), await get('..%2F..%2Ftabwright.db')]) {
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('session_not_found');
    }
  });

  it('needs a key', async () => {
    const id = await create();
    const res = await service.http.get(`/v1/sessions/${id}/trace`);
    expect(res.status).to.equal(401);
  });

  it('hands trace: true to the page driver, and false by default', async () => {
    await create();
    await create({});
    expect(service.driver.settings.map((s) => s.trace)).to.deep.equal([true, false]);
  });
});
