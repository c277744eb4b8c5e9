// Issue 31 part 3, "acts exactly once": an act's Idempotency-Key against real Chromium, through
// the REST API, the typed client and the MCP server. The page's button posts a form to the test
// site, which counts the clicks itself, so "once" is counted where a second click would land.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Tabwright } from '../../client/index.js';
import { tabwrightMcp } from '../../mcp/server.js';
import { browserSuite } from '../support/browser.js';
import { cuttingProxy, type CuttingProxy } from '../support/cutting-proxy.js';
import { resultText } from '../support/agent-pages.js';
import { html } from '../support/site.js';

const CLICK = [{ click: { text: 'Add one' } }];
const isAct = (request: IncomingMessage): boolean => request.method === 'POST' && (request.url ?? '').endsWith('/act');

describe('POST /v1/sessions/{id}/act with Idempotency-Key (real Chromium)', function () {
  this.timeout(120_000);
  /** Clicks the site counted, and how long it takes to answer one. */
  const clicks = { count: 0, delayMs: 0 };
  const count = (request: IncomingMessage, response: ServerResponse): void => {
    request.resume();
    request.on('end', () => {
      const n = (clicks.count += 1);
      setTimeout(() => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html(`Count ${n}`, `<p>Clicked ${n}</p>`)), clicks.delayMs);
    });
  };
  const t = browserSuite({ '/counter': { body: html('Counter', '<form method="post" action="/count"><button>Add one</button></form>') }, '/count': count });
  beforeEach(() => {
    clicks.count = 0;
    clicks.delayMs = 0;
  });

  const open = async (): Promise<string> => {
    const res = await t.create({ url: t.site.url('/counter') });
    expect(res.status).to.equal(201);
    return res.body.session_id as string;
  };
  const act = (id: string, key: string, body: object = { steps: CLICK }) =>
    t.service.http.post(`/v1/sessions/${id}/act`).set(t.auth).set('Idempotency-Key', key).send(body);
  const claims = (): number => t.service.store.db.prepare('SELECT count(*) FROM idempotency').pluck().get() as number;

  describe('over HTTP', () => {
    it('replays the first answer to the same key and body without clicking again, even after the session ended', async () => {
      const id = await open();
      const first = await act(id, 'k1');
      expect(first.status).to.equal(200);
      expect(first.body.page.title).to.equal('Count 1');
      const again = await act(id, 'k1');
      expect(again.status).to.equal(200);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.headers['x-request-id']).to.equal(first.headers['x-request-id']);
      expect(again.text).to.equal(first.text);
      expect(clicks.count).to.equal(1);

      expect((await t.service.http.delete(`/v1/sessions/${id}`).set(t.auth)).status).to.equal(204);
      const afterEnd = await act(id, 'k1');
      expect(afterEnd.status).to.equal(200);
      expect(afterEnd.text).to.equal(first.text);
      expect((await act(id, 'k2')).status).to.equal(404);
    });

    it('answers 409 idempotency_conflict to the same key with another body, and keeps a 400', async () => {
      const id = await open();
      await act(id, 'k1');
      const other = await act(id, 'k1', { steps: [{ observe: {} }] });
      expect(other.status).to.equal(409);
      expect(other.body.error.code).to.equal('idempotency_conflict');
      const bad = await act(id, 'k2', { steps: [{ click: {} }] });
      expect(bad.status).to.equal(400);
      const badAgain = await act(id, 'k2', { steps: [{ click: {} }] });
      expect(badAgain.headers['idempotent-replayed']).to.equal('true');
      expect(badAgain.text).to.equal(bad.text);
      expect(clicks.count).to.equal(1);
    });

    it('treats one key on two sessions as two acts', async () => {
      const [one, two] = [await open(), await open()];
      const answers = [await act(one, 'same'), await act(two, 'same')];
      expect(answers.map((res) => [res.status, res.headers['idempotent-replayed'], res.body.session_id])).to.deep.equal([
        [200, undefined, one],
        [200, undefined, two],
      ]);
      expect(clicks.count).to.equal(2);
    });

    it('makes a retry sent while the first act runs wait for it and get its answer, replayed', async () => {
      const id = await open();
      clicks.delayMs = 1_500;
      const first = act(id, 'slow').then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const retry = await act(id, 'slow');
      const answered = await first;
      expect(answered.status).to.equal(200);
      expect(retry.status).to.equal(200);
      expect(retry.headers['idempotent-replayed']).to.equal('true');
      expect(retry.text).to.equal(answered.text);
      expect(clicks.count).to.equal(1);
    });

    it('keeps neither a 404 nor a 409 session_busy: a retry runs afresh', async () => {
      await act('ses_000000000000000000000000', 'k404');
      expect(claims()).to.equal(0);
      const id = await open();
      expect((await t.service.http.post(`/v1/sessions/${id}/takeover`).set(t.auth)).status).to.equal(200);
      const busy = await act(id, 'kbusy').set('Prefer', 'wait=0');
      expect(busy.status).to.equal(409);
      expect(busy.body.error.code).to.equal('session_busy');
      expect(claims()).to.equal(0);
      expect((await t.service.http.post(`/v1/sessions/${id}/handback`).set(t.auth)).status).to.equal(200);
      const ran = await act(id, 'kbusy');
      expect(ran.status).to.equal(200);
      expect(ran.headers['idempotent-replayed']).to.equal(undefined);
      expect(clicks.count).to.equal(1);
    });
  });

  describe('through a connection cut after the service ran the act', () => {
    let proxy: CuttingProxy;
    beforeEach(async () => {
      proxy = await cuttingProxy(await t.service.listen());
    });
    afterEach(() => proxy.close());
    const tabwright = (): Tabwright => new Tabwright({ baseUrl: proxy.url, apiKey: t.auth.Authorization.slice('Bearer '.length), retry: { baseDelayMs: 50 } });
    const acts = (): Array<Omit<(typeof proxy.passed)[number], 'path'>> => proxy.passed.filter((entry) => entry.path.endsWith('/act')).map(({ path: _path, ...rest }) => rest);

    it('the typed client retries with the same key and gets the first answer: one click', async () => {
      const client = tabwright();
      const { session_id } = await client.createSession({ url: t.site.url('/counter') });
      proxy.cutNext(isAct, { after: 'answer' });
      const answer = await client.act(session_id, { steps: CLICK });
      expect(answer.error ?? null).to.equal(null);
      expect(answer.page?.title).to.equal('Count 1');
      expect(clicks.count).to.equal(1);
      expect(acts()).to.deep.equal([
        { status: 200, replayed: false, cut: true },
        { status: 200, replayed: true, cut: false },
      ]);
    });

    it('the typed client retries a connection cut while the act runs, and the retry waits for it: one click', async () => {
      const client = tabwright();
      const { session_id } = await client.createSession({ url: t.site.url('/counter') });
      clicks.delayMs = 1_500;
      proxy.cutNext(isAct, { after: 'ms', ms: 200 });
      const answer = await client.act(session_id, { steps: CLICK });
      expect(answer.page?.title).to.equal('Count 1');
      expect(clicks.count).to.equal(1);
      expect(acts().map((entry) => entry.replayed)).to.have.members([false, true]);
    });

    it('the MCP server acts through the client, so its click tool clicks once too', async () => {
      const mcp = tabwrightMcp(tabwright(), '0.0.0-test');
      const client = new Client({ name: 'act-once', version: '1.0.0' });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await mcp.server.connect(serverSide);
      await client.connect(clientSide);
      try {
        const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
        expect((await call('navigate', { url: t.site.url('/counter') })).isError).to.not.equal(true);
        proxy.cutNext(isAct, { after: 'answer' });
        const clicked = await call('click', { text: 'Add one' });
        expect(clicked.isError).to.not.equal(true);
        expect(resultText(clicked)).to.include('Count 1');
        expect(clicks.count).to.equal(1);
        expect(acts().slice(-2)).to.deep.equal([
          { status: 200, replayed: false, cut: true },
          { status: 200, replayed: true, cut: false },
        ]);
      } finally {
        await client.close();
        await mcp.close();
      }
    });
  });
});
