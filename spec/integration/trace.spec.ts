import { expect } from 'chai';
import { existsSync, readdirSync } from 'node:fs';
import { tracePath, tracesFolder } from '../../lib/platform/traces.js';
import { browserSuite } from '../support/browser.js';
import { html } from '../support/site.js';
import { bytesOrJson, zipEntries } from '../support/zip.js';

describe('GET /v1/sessions/:id/trace against real Chromium', function () {
  this.timeout(60_000);
  const t = browserSuite({
    '/form': {
      body: html(
        'Order',
        '<h1>Order</h1><label>Name <input name="name"></label><button onclick="document.querySelector(\'h1\').textContent = \'Ordered\'">Place order</button>',
      ),
    },
  });
  const trace = (id: string) => t.service.http.get(`/v1/sessions/${id}/trace`).set(t.auth).buffer(true).parse(bytesOrJson);
  const end = (id: string) => t.service.http.delete(`/v1/sessions/${id}`).set(t.auth).expect(204);

  it('records the whole session with trace: true and serves the zip once it ended, with the click and the fill in it', async () => {
    const created = await t.create({ trace: true });
    expect(created.status).to.equal(201);
    const id = created.body.session_id as string;
    const acted = await t.act(id, [
      { goto: { url: t.site.url('/form') } },
      { click: { text: 'Place order' } },
      { fill: { label: 'Name', value: 'Ada Lovelace' } },
      { observe: {} },
    ]);
    expect(acted.body.error).to.equal(null);
    expect(acted.body.page.markdown.content).to.contain('Ordered');

    const early = await trace(id);
    expect(early.status).to.equal(404);
    expect(early.body.error.code).to.equal('trace_not_found');

    await end(id);
    const res = await trace(id);
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('application/zip');
    expect(res.headers['content-disposition']).to.equal(`attachment; filename="${id}.zip"`);
    const zip = res.body as Buffer;
    expect(zip.subarray(0, 4)).to.deep.equal(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const files = zipEntries(zip);
    expect([...files.keys()]).to.include.members(['trace.trace', 'trace.network']);
    expect([...files.keys()].some((name) => name.startsWith('screencast/')), 'a screenshot').to.equal(true);
    const events = files.get('trace.trace')!.toString('utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; method?: string; params?: { text?: string } });
    const calls = events.filter((event) => event.type === 'before').map((event) => event.method);
    // A ready element is clicked with the mouse and filled with the keyboard (lib/browser/act/targeting/located.ts).
    expect(calls).to.include.members(['goto', 'mouseClick', 'keyboardInsertText']);
    expect(events.find((event) => event.type === 'before' && event.method === 'keyboardInsertText')?.params?.text).to.equal('Ada Lovelace');
    expect(events.some((event) => event.type === 'frame-snapshot'), 'a DOM snapshot').to.equal(true);
    // Nothing half-written is left beside it.
    expect(readdirSync(tracesFolder(t.service.dataDir))).to.deep.equal([`${id}.zip`]);
  });

  it('records nothing without trace: 404 trace_not_found once the session ended', async () => {
    const id = (await t.create({ url: t.site.url('/form') })).body.session_id as string;
    await end(id);
    expect(existsSync(tracePath(t.service.dataDir, id))).to.equal(false);
    const res = await trace(id);
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('trace_not_found');
  });

  it('writes the trace of a session that ends by a close step', async () => {
    const id = (await t.create({ trace: true, url: t.site.url('/form'), steps: [{ close: {} }] })).body.session_id as string;
    await t.service.registry.settled();
    const res = await trace(id);
    expect(res.status).to.equal(200);
    expect(zipEntries(res.body as Buffer).has('trace.trace')).to.equal(true);
  });
});
