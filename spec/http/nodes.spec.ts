// Two services on one data folder named as two nodes: a session's id names the node that runs it,
// GET and the list answer on either, and what needs its browser is refused with 421 wrong_node
// on the other (nginx routes by the id, so only a misrouted request meets it).
import { expect } from 'chai';
import { rmSync } from 'node:fs';
import { sessionNode } from '../../lib/platform/ids.js';
import { tempDir } from '../lib/platform/store/fixtures.js';
import { startFakeService } from '../support/service.js';

describe('sessions of two nodes on one store', () => {
  let dir: string;
  let nodes: Array<ReturnType<typeof startFakeService>>;
  beforeEach(() => {
    dir = tempDir();
    nodes = [startFakeService({ dataDir: dir, node: 'n1' }), startFakeService({ dataDir: dir, node: 'n2' })];
  });
  afterEach(async () => {
    for (const node of nodes) await node.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the node in the id, answers GET and the list on either, and refuses act and DELETE on the other with 421 wrong_node', async () => {
    const [n1, n2] = nodes as [ReturnType<typeof startFakeService>, ReturnType<typeof startFakeService>];
    const auth = { Authorization: `Bearer ${n1.key('scale')}` };
    const created = await n1.http.post('/v1/sessions').set(auth).send({});
    expect(created.status).to.equal(201);
    const id = created.body.session_id as string;
    expect(sessionNode(id)).to.equal('n1');

    expect((await n2.http.get(`/v1/sessions/${id}`).set(auth)).body.status).to.equal('active');
    expect((await n2.http.get('/v1/sessions').set(auth)).body.sessions.map((s: { session_id: string }) => s.session_id)).to.deep.equal([id]);
    const acted = await n2.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ observe: {} }] });
    expect(acted.status).to.equal(421);
    expect(acted.body.error).to.deep.include({ code: 'wrong_node', context: { node: 'n1', this_node: 'n2' } });
    expect((await n2.http.delete(`/v1/sessions/${id}`).set(auth)).status).to.equal(421);
    expect((await n2.http.post(`/v1/sessions/${id}/takeover`).set(auth).send({})).status).to.equal(421);

    // Another key learns nothing of it, here as on its node.
    const stranger = { Authorization: `Bearer ${n1.key('scale')}` };
    expect((await n2.http.post(`/v1/sessions/${id}/act`).set(stranger).send({ steps: [{ observe: {} }] })).status).to.equal(404);

    // Once it has ended, the other node answers as its own would: the session is gone.
    expect((await n1.http.delete(`/v1/sessions/${id}`).set(auth)).status).to.equal(204);
    const late = await n2.http.post(`/v1/sessions/${id}/act`).set(auth).send({ steps: [{ observe: {} }] });
    expect(late.status).to.equal(404);
    expect(late.body.error.code).to.equal('session_not_found');
  });
});
