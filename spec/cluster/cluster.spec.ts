// npm run test:cluster: three nodes on one PostgreSQL behind nginx (deploy/nginx.conf), checked
// through nginx as a client sees them, and node by node where the check is that any node holds
// the line (limits, idempotency). Not part of npm test: it installs and runs PostgreSQL and nginx.
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright';
import { sessionNode } from '../../lib/platform/ids.js';
import { TestCluster, type ClusterNode } from '../support/cluster.js';
import { signedIn, signInRoutes } from '../support/sign-in.js';
import { html, TestSite } from '../support/site.js';

const NODE_TIMEOUT_S = 5;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

describe('three nodes behind nginx on one PostgreSQL', function () {
  this.timeout(180_000);
  let cluster: TestCluster;
  let site: TestSite;

  before(async function () {
    // Within it, every start-up step has its own limit, and a failed start stops what it started.
    this.timeout(300_000);
    site = await TestSite.start({
      ...signInRoutes,
      '/': { body: html('Cluster', '<main><h1>Cluster</h1><button onclick="document.querySelector(\'h1\').textContent = \'Pressed\'">Press</button></main>') },
    });
    cluster = await TestCluster.start({ nodes: 3, nodeTimeoutSeconds: NODE_TIMEOUT_S, allowHosts: '127.0.0.1' });
  });
  after(async () => {
    await cluster?.stop();
    await site?.stop();
  });

  async function call(base: string, key: string, method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<Answer> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
  const errorCode = (answer: Answer): unknown => (answer.body.error as { code?: string } | undefined)?.code;
  const nodeBase = (i: number): string => cluster.nodes[i % cluster.nodes.length]!.base;
  const contentOf = (answer: { page?: unknown }): string => (answer.page as { markdown: { content: string } }).markdown.content;
  /** Creates a session on `base` that signs in as ada (cookie, localStorage, sessionStorage, IndexedDB), with `fields` (a profile, say); answers its id. */
  const signIn = async (base: string, key: string, fields: object = {}, steps: object[] = []): Promise<string> => {
    const created = await call(base, key, 'POST', '/v1/sessions', { ...fields, url: site.url('/login?user=ada'), steps: [{ wait: { text: 'Stored' } }, ...steps] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.error).to.equal(null);
    return created.body.session_id as string;
  };
  const active = async (key: string): Promise<string[]> =>
    ((await call(cluster.base, key, 'GET', '/v1/sessions?status=active')).body.sessions as Array<{ session_id: string }>).map((s) => s.session_id).sort();

  it('reaches sessions created on every node by id through nginx, and each act lands on its owner', async () => {
    const key = cluster.createKey('scale');
    const ids: string[] = [];
    for (const node of cluster.nodes) {
      const created = await call(node.base, key, 'POST', '/v1/sessions', { url: site.url('/') });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const id = created.body.session_id as string;
      expect(sessionNode(id)).to.equal(node.id);
      ids.push(id);
    }
    for (const id of ids) {
      const got = await call(cluster.base, key, 'GET', `/v1/sessions/${id}`);
      expect(got.status).to.equal(200);
      expect(got.body.session_id).to.equal(id);
      const acted = await call(cluster.base, key, 'POST', `/v1/sessions/${id}/act`, { steps: [{ click: { text: 'Press' } }] });
      expect(acted.status, JSON.stringify(acted.body)).to.equal(200);
      expect(acted.body.error).to.equal(null);
      expect((acted.body.page as { markdown: { content: string } }).markdown.content).to.include('Pressed');
    }
    // Sent past nginx to a node that does not run it, an act is told where the session runs.
    const [first] = ids;
    const stranger = cluster.nodes.find((node) => node.id !== sessionNode(first!))!;
    const misrouted = await call(stranger.base, key, 'POST', `/v1/sessions/${first}/act`, { steps: [{ observe: {} }] });
    expect(misrouted.status).to.equal(421);
    expect(errorCode(misrouted)).to.equal('wrong_node');
    // A list answers the same on every node, from the database.
    for (const node of cluster.nodes) {
      const listed = await call(node.base, key, 'GET', '/v1/sessions?status=active');
      expect((listed.body.sessions as Array<{ session_id: string }>).map((s) => s.session_id).sort()).to.deep.equal([...ids].sort());
    }
    for (const id of ids) expect((await call(cluster.base, key, 'DELETE', `/v1/sessions/${id}`)).status).to.equal(204);
  });

  it('reaches each session\'s CDP endpoint through nginx: Playwright drives the page on its owner, and the next act sees it', async () => {
    const key = cluster.createKey('scale');
    for (const node of cluster.nodes) {
      const created = await call(node.base, key, 'POST', '/v1/sessions', { url: site.url('/') });
      const id = created.body.session_id as string;
      // Read through nginx's address, the session's cdp_url is nginx's too.
      const info = await call(cluster.base, key, 'GET', `/v1/sessions/${id}`);
      const cdp = info.body.cdp_url as string;
      expect(cdp.startsWith(cluster.base.replace('http', 'ws')), cdp).to.equal(true);
      const browser = await chromium.connectOverCDP(cdp);
      try {
        const page = browser.contexts()[0]!.pages()[0]!;
        await page.click('button');
        expect(await page.textContent('h1')).to.equal('Pressed');
      } finally {
        await browser.close();
      }
      const observed = await call(cluster.base, key, 'POST', `/v1/sessions/${id}/act`, { steps: [{ observe: {} }] });
      expect((observed.body.page as { markdown: { content: string } }).markdown.content).to.include('Pressed');
      const stranger = cluster.nodes.find((other) => other.id !== node.id)!;
      const misrouted = await fetch(`${stranger.base}/v1/sessions/${id}/cdp`, { headers: { Authorization: `Bearer ${key}` } });
      expect(misrouted.status).to.equal(421);
      expect((await call(cluster.base, key, 'DELETE', `/v1/sessions/${id}`)).status).to.equal(204);
    }
  });

  it('keeps each MCP session on the node that opened it: its id names the node, and nginx routes its messages there', async () => {
    const key = cluster.createKey('scale');
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2025-06-18' };
    const post = (body: object, session?: string) =>
      fetch(`${cluster.base}/mcp`, { method: 'POST', headers: { ...headers, ...(session ? { 'Mcp-Session-Id': session } : {}) }, body: JSON.stringify(body) });
    const opened = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cluster', version: '1' } } });
      expect(init.status).to.equal(200);
      await init.text();
      const session = init.headers.get('mcp-session-id') ?? '';
      const node = /^([0-9a-z]+)_/.exec(session)?.[1];
      expect(cluster.nodes.map((n) => n.id)).to.include(node);
      opened.add(node!);
      expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).to.equal(202);
      const listed = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
      expect(listed.status).to.equal(200);
      expect(await listed.text()).to.include('run_steps');
    }
    // Spread by nginx over more than one node, each session's messages still found their node.
    expect(opened.size).to.be.above(1);
  });

  it('gives a Starter account exactly 5 of 20 concurrent creates spread over the nodes', async () => {
    const key = cluster.createKey('starter');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => call(nodeBase(i), key, 'POST', '/v1/sessions', {})));
    const created = answers.filter((a) => a.status === 201);
    expect(created).to.have.length(5);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).to.equal(429);
      expect(errorCode(refused)).to.equal('rate_limited');
    }
    await Promise.all(created.map((a) => call(cluster.base, key, 'DELETE', `/v1/sessions/${a.body.session_id as string}`)));
  });

  it("refuses a Trial key's 61st request in a minute, whichever node answers", async () => {
    const key = cluster.createKey('trial');
    const answers: number[] = [];
    for (let i = 0; i < 61; i++) answers.push((await call(nodeBase(i), key, 'GET', '/v1/sessions')).status);
    expect(answers.slice(0, 60).every((status) => status === 200), answers.join(' ')).to.equal(true);
    expect(answers[60]).to.equal(429);
  });

  it('makes one session of ten concurrent creates with one Idempotency-Key on different nodes', async () => {
    const key = cluster.createKey('scale');
    const headers = { 'Idempotency-Key': 'cluster-create-1' };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(nodeBase(i), key, 'POST', '/v1/sessions', {}, headers)));
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.session_id as string));
    expect(ids.size).to.equal(1);
    // The others waited for the first answer and replayed it, or were told it is still being made.
    for (const answer of answers) expect([201, 409]).to.include(answer.status);
    const listed = await call(cluster.base, key, 'GET', '/v1/sessions?status=active');
    expect((listed.body.sessions as unknown[]).length).to.equal(1);
    await call(cluster.base, key, 'DELETE', `/v1/sessions/${[...ids][0]!}`);
  });

  it('opens a profile saved by a session on one node in a session on another, and any node tells its summary', async () => {
    const key = cluster.createKey('scale');
    const [a, b, c] = cluster.nodes as [ClusterNode, ClusterNode, ClusterNode];
    const first = await signIn(a.base, key, { profile: { name: 'shop', persist: true } });
    expect(sessionNode(first)).to.equal(a.id);
    // Its end writes the state back to PostgreSQL, sealed with the key every node shares.
    expect((await call(a.base, key, 'DELETE', `/v1/sessions/${first}`)).status).to.equal(204);
    const reader = await call(b.base, key, 'POST', '/v1/sessions', { profile: { name: 'shop' }, url: site.url('/account'), steps: [{ wait: { text: 'local=' } }] });
    expect(reader.status, JSON.stringify(reader.body)).to.equal(201);
    expect(reader.body.error).to.equal(null);
    expect(sessionNode(reader.body.session_id as string)).to.equal(b.id);
    for (const line of signedIn('ada', false)) expect(contentOf(reader.body)).to.include(line);
    const summary = await call(c.base, key, 'GET', '/v1/profiles/shop');
    expect(summary.status, JSON.stringify(summary.body)).to.equal(200);
    expect(summary.body).to.include({ name: 'shop', cookies: 1, last_session: first, in_use_by: null });
    expect(summary.body.origins).to.deep.equal([site.origin]);
    expect((await call(cluster.base, key, 'DELETE', `/v1/sessions/${reader.body.session_id as string}`)).status).to.equal(204);
  });

  it('lets one of two persisting creates of a profile sent at once to two nodes hold it; the other is 409 profile_in_use naming it', async () => {
    const key = cluster.createKey('scale');
    // The first race meets no row (both insert it); the later ones the row the last winner saved (both lock it).
    const name = 'race';
    for (const [i, j] of [[0, 1], [1, 2], [2, 0]] as const) {
      const answers = await Promise.all([i, j].map((n) => call(nodeBase(n), key, 'POST', '/v1/sessions', { profile: { name, persist: true } })));
      const won = answers.filter((answer) => answer.status === 201);
      expect(won, JSON.stringify(answers)).to.have.length(1);
      const winner = won[0]!.body.session_id as string;
      const lost = answers.find((answer) => answer !== won[0])!;
      expect(lost.status, JSON.stringify(lost.body)).to.equal(409);
      expect(errorCode(lost)).to.equal('profile_in_use');
      expect((lost.body.error as { context?: { session_id?: string } }).context?.session_id).to.equal(winner);
      // The refused create left no session behind, and a third node sees the winner's hold.
      expect(await active(key)).to.deep.equal([winner]);
      expect((await call(nodeBase(3 - i - j), key, 'GET', `/v1/profiles/${name}`)).body.in_use_by).to.equal(winner);
      expect((await call(cluster.base, key, 'DELETE', `/v1/sessions/${winner}`)).status).to.equal(204);
      expect((await call(nodeBase(3 - i - j), key, 'GET', `/v1/profiles/${name}`)).body).to.include({ last_session: winner, in_use_by: null });
    }
  });

  it("forks a signed-in session through nginx on the source's node: each copy signed in at /account", async () => {
    const key = cluster.createKey('scale');
    const source = await signIn(cluster.base, key, {}, [{ goto: { url: site.url('/account') } }, { wait: { text: 'local=' } }]);
    const owner = sessionNode(source);
    const forked = await call(cluster.base, key, 'POST', `/v1/sessions/${source}/fork`, { count: 2, steps: [{ wait: { text: 'local=' } }] });
    expect(forked.status, JSON.stringify(forked.body)).to.equal(201);
    const copies = forked.body.sessions as Array<{ session_id: string; error: unknown; page: { url: string } }>;
    expect(copies).to.have.length(2);
    for (const copy of copies) {
      expect(sessionNode(copy.session_id)).to.equal(owner);
      expect(copy.error).to.equal(null);
      expect(copy.page.url).to.equal(site.url('/account'));
      for (const line of signedIn('ada')) expect(contentOf(copy)).to.include(line);
      // nginx finds each copy by its id, on the node that made it.
      expect((await call(cluster.base, key, 'POST', `/v1/sessions/${copy.session_id}/act`, { steps: [{ observe: {} }] })).status).to.equal(200);
    }
    const stranger = cluster.nodes.find((node) => node.id !== owner)!;
    const misrouted = await call(stranger.base, key, 'POST', `/v1/sessions/${source}/fork`, { count: 1 });
    expect(misrouted.status).to.equal(421);
    expect(errorCode(misrouted)).to.equal('wrong_node');
    const ids = [source, ...copies.map((copy) => copy.session_id)];
    expect(await active(key)).to.deep.equal([...ids].sort());
    for (const id of ids) expect((await call(cluster.base, key, 'DELETE', `/v1/sessions/${id}`)).status).to.equal(204);
  });

  it('refuses a profile on a node with another TABWRIGHT_PROFILE_KEY as 409 profile_unreadable, never opening it empty', async () => {
    const key = cluster.createKey('scale');
    const home = cluster.nodes[0]!;
    const writer = await signIn(home.base, key, { profile: { name: 'sealed', persist: true } });
    expect((await call(home.base, key, 'DELETE', `/v1/sessions/${writer}`)).status).to.equal(204);
    const foreign = await cluster.startLoneNode('n9', { TABWRIGHT_PROFILE_KEY: randomBytes(32).toString('hex') });
    try {
      const summary = await call(foreign.base, key, 'GET', '/v1/profiles/sealed');
      expect(summary.status, JSON.stringify(summary.body)).to.equal(409);
      expect(errorCode(summary)).to.equal('profile_unreadable');
      for (const persist of [false, true]) {
        const refused = await call(foreign.base, key, 'POST', '/v1/sessions', { profile: { name: 'sealed', persist }, url: site.url('/account') });
        expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
        expect(errorCode(refused)).to.equal('profile_unreadable');
      }
    } finally {
      await cluster.stopLoneNode(foreign);
    }
    // The refusals left nothing open or held, and the cluster's nodes still read the profile.
    expect(await active(key)).to.deep.equal([]);
    const kept = await call(home.base, key, 'GET', '/v1/profiles/sealed');
    expect(kept.body).to.include({ name: 'sealed', last_session: writer, in_use_by: null });
  });

  it('exports an exact ledger after sessions ended on every node: one debit each, the balance chain adding up', async () => {
    const key = cluster.createKey('starter');
    const created = await Promise.all(cluster.nodes.map((node) => call(node.base, key, 'POST', '/v1/sessions', {})));
    const ids = created.map((a) => a.body.session_id as string);
    await Promise.all(ids.map((id) => call(cluster.base, key, 'DELETE', `/v1/sessions/${id}`)));
    const csv = cluster.cli(['ledger', 'export', '--account', cluster.accountOf(key)]).trim().split('\n');
    const [header, ...rows] = csv;
    const columns = header!.split(',');
    const field = (row: string, name: string): string => row.split(',')[columns.indexOf(name)]!;
    const debits = rows.filter((row) => field(row, 'kind') === 'debit');
    expect(debits.map((row) => field(row, 'session_id')).sort()).to.deep.equal([...ids].sort());
    let balance = 0;
    for (const row of rows) {
      const amount = Number(field(row, 'amount'));
      const kind = field(row, 'kind');
      balance = kind === 'grant' ? amount : kind === 'debit' ? balance - amount : balance + amount;
      expect(Number(field(row, 'balance_after')), row).to.equal(balance);
    }
  });

  it('fails and refunds the sessions of a killed node exactly once, within the heartbeat timeout and 5 s, and the others go on', async () => {
    const key = cluster.createKey('scale');
    const victim = cluster.nodes[2]!;
    const doomed: string[] = [];
    for (let i = 0; i < 2; i++) doomed.push((await call(victim.base, key, 'POST', '/v1/sessions', {})).body.session_id as string);
    const survivor = (await call(cluster.nodes[0]!.base, key, 'POST', '/v1/sessions', { url: site.url('/') })).body.session_id as string;
    await cluster.kill(victim.id);
    const killedAt = Date.now();
    const failed = async (id: string): Promise<boolean> => (await call(cluster.base, key, 'GET', `/v1/sessions/${id}`)).body.status === 'failed';
    while (!(await failed(doomed[0]!)) || !(await failed(doomed[1]!))) {
      expect(Date.now() - killedAt).to.be.below((NODE_TIMEOUT_S + 5) * 1000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (const id of doomed) expect((await call(cluster.base, key, 'GET', `/v1/sessions/${id}`)).body.error_code).to.equal('engine_failure');
    // Both survivors saw the dead node; the ledger has one debit and one refund for each of its sessions.
    await new Promise((resolve) => setTimeout(resolve, NODE_TIMEOUT_S * 1000));
    const csv = cluster.cli(['ledger', 'export', '--account', cluster.accountOf(key)]).trim().split('\n');
    const columns = csv[0]!.split(',');
    for (const id of doomed) {
      const entries = csv.slice(1).filter((row) => row.split(',')[columns.indexOf('session_id')] === id).map((row) => row.split(',')[columns.indexOf('kind')]);
      expect(entries.sort()).to.deep.equal(['debit', 'refund']);
    }
    const acted = await call(cluster.base, key, 'POST', `/v1/sessions/${survivor}/act`, { steps: [{ click: { text: 'Press' } }] });
    expect(acted.status).to.equal(200);
    expect(acted.body.error).to.equal(null);
    expect((await call(cluster.base, key, 'POST', '/v1/sessions', {})).status).to.equal(201);
  });
});
