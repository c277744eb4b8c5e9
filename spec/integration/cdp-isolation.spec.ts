import { expect } from 'chai';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { browserSuite } from '../support/browser.js';
import { RawCdp } from '../support/cdp.js';
import { html } from '../support/site.js';

/**
 * A CDP client of one session trying to reach beyond it, through a raw WebSocket (any method on
 * any session) and through Playwright. Each refusal names the method; each test also checks that
 * nothing of the other session leaked and that it still works.
 */
describe('the CDP endpoint keeps a client inside its session', function () {
  this.timeout(60_000);
  const t = browserSuite({
    '/a': { body: html('A', '<h1>Session A</h1><input type="file" id="f">') },
    '/b': { body: html('B', '<h1>Session B</h1>') },
    '/file': (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Disposition': 'attachment; filename="report.bin"' });
      res.end('payload');
    },
  });
  const clients: RawCdp[] = [];
  afterEach(() => clients.splice(0).forEach((client) => client.close()));

  /** A session on `path` and a raw client connected to it, with its context and page. */
  const connected = async (path: string) => {
    const res = await t.create({ url: t.site.url(path) });
    const id = res.body.session_id as string;
    const url = (res.body.cdp_url as string).replace(/^ws:\/\/[^/]+/, (await t.service.listen()).replace('http', 'ws'));
    const cdp = await RawCdp.connect(url);
    clients.push(cdp);
    const { targetInfos } = (await cdp.call('Target.getTargets')) as { targetInfos: Array<{ targetId: string; browserContextId: string; type: string; url: string }> };
    const page = targetInfos.find((info) => info.type === 'page')!;
    const { sessionId } = (await cdp.call('Target.attachToTarget', { targetId: page.targetId, flatten: true })) as { sessionId: string };
    return { id, url, cdp, targetId: page.targetId, contextId: page.browserContextId, sessionId, targetInfos };
  };
  const refusedWith = async (cdp: RawCdp, method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<string> => {
    const reply = await cdp.send(method, params, sessionId);
    expect(reply.error, `${method} was answered ${JSON.stringify(reply.result)}`).to.not.equal(undefined);
    expect(reply.error!.message).to.include(`${method} is refused by tabwright`);
    return reply.error!.message;
  };

  it('lists, attaches to and announces only its own targets, and cannot reach another session\'s', async () => {
    const a = await connected('/a');
    const b = await connected('/b');
    expect(a.targetInfos.map((info) => info.browserContextId)).to.satisfy((ids: string[]) => ids.every((id) => id === a.contextId));
    expect(a.targetInfos.map((info) => info.targetId)).to.not.include(b.targetId);
    await a.cdp.call('Target.setDiscoverTargets', { discover: true });
    await a.cdp.call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true });
    expect(await refusedWith(a.cdp, 'Target.attachToTarget', { targetId: b.targetId, flatten: true })).to.include('outside the session');
    expect(await refusedWith(a.cdp, 'Target.closeTarget', { targetId: b.targetId })).to.include('outside the session');
    expect(await refusedWith(a.cdp, 'Target.activateTarget', { targetId: b.targetId })).to.include('outside the session');
    // B opens a page; A hears nothing of it.
    const { targetId: opened } = (await b.cdp.call('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const mine = (await a.cdp.call('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = JSON.stringify(a.cdp.events);
    expect(seen).to.not.include(opened);
    expect(seen).to.not.include(b.targetId);
    expect(seen).to.not.include(b.contextId);
    expect(seen).to.include(mine.targetId);
    expect(a.cdp.events.filter((event) => event.method === 'Target.attachedToTarget').every((event) => (event.params.targetInfo as { browserContextId: string }).browserContextId === a.contextId)).to.equal(true);
    const reply = await a.cdp.send('Runtime.evaluate', { expression: '1' }, b.sessionId);
    expect(reply.error?.code).to.equal(-32001);
    expect((await t.act(b.id, [{ observe: {} }])).body.page.title).to.equal('B');
  });

  it('cannot make, dispose or name another browser context; a tab it opens lands in its own', async () => {
    const a = await connected('/a');
    const b = await connected('/b');
    await refusedWith(a.cdp, 'Target.createBrowserContext');
    await refusedWith(a.cdp, 'Target.disposeBrowserContext', { browserContextId: b.contextId });
    expect(await a.cdp.call('Target.getBrowserContexts')).to.deep.equal({ browserContextIds: [] });
    expect(await refusedWith(a.cdp, 'Target.createTarget', { url: 'about:blank', browserContextId: b.contextId })).to.include('browser context other');
    const { targetId } = (await a.cdp.call('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { targetInfo } = (await a.cdp.call('Target.getTargetInfo', { targetId })) as { targetInfo: { browserContextId: string } };
    expect(targetInfo.browserContextId).to.equal(a.contextId);
    expect((await b.cdp.call('Target.getTargets')).targetInfos).to.have.length(1);
  });

  it('cannot close, crash or reconfigure the browser, nor read the machine', async () => {
    const a = await connected('/a');
    const b = await connected('/b');
    for (const method of ['Browser.close', 'Browser.crash', 'Browser.crashGpuProcess', 'Browser.setWindowBounds', 'Browser.getBrowserCommandLine', 'Browser.getHistograms', 'SystemInfo.getInfo', 'SystemInfo.getProcessInfo', 'Memory.getBrowserSamplingProfile', 'Tracing.start', 'Tethering.bind', 'Storage.getUsageAndQuota']) {
      await refusedWith(a.cdp, method, method === 'Tethering.bind' ? { port: 9222 } : {});
    }
    for (const method of ['SystemInfo.getProcessInfo', 'Memory.simulatePressureNotification', 'Memory.getAllTimeSamplingProfile', 'Tracing.start', 'Browser.close', 'Page.crash', 'Extensions.loadUnpacked']) {
      await refusedWith(a.cdp, method, method === 'Memory.simulatePressureNotification' ? { level: 'critical' } : {}, a.sessionId);
    }
    expect(t.engine.available).to.equal(true);
    expect((await t.act(b.id, [{ observe: {} }])).body.page.title).to.equal('B');
  });

  it('reads and sets cookies and permissions of its own context only, also through Playwright', async () => {
    const a = await connected('/a');
    const b = await connected('/b');
    await t.act(b.id, [{ execute_js: { code: 'document.cookie = "secret_b=1; max-age=3600"' } }]);
    await refusedWith(a.cdp, 'Storage.getCookies', { browserContextId: b.contextId });
    await refusedWith(a.cdp, 'Storage.setCookies', { browserContextId: b.contextId, cookies: [{ name: 'x', value: '1', domain: '127.0.0.1', path: '/' }] });
    await refusedWith(a.cdp, 'Browser.grantPermissions', { browserContextId: b.contextId, permissions: ['geolocation'] });
    const own = (await a.cdp.call('Storage.getCookies')) as { cookies: Array<{ name: string }> };
    expect(own.cookies.map((cookie) => cookie.name)).to.not.include('secret_b');
    const browser = await chromium.connectOverCDP(a.url);
    try {
      const context = browser.contexts()[0]!;
      await context.addCookies([{ name: 'from_a', value: '1', url: t.site.url('/') }]);
      await context.grantPermissions(['geolocation']);
      expect((await context.cookies()).map((cookie) => cookie.name)).to.deep.equal(['from_a']);
    } finally {
      await browser.close();
    }
    const inB = (await b.cdp.call('Storage.getCookies')) as { cookies: Array<{ name: string }> };
    expect(inB.cookies.map((cookie) => cookie.name)).to.deep.equal(['secret_b']);
  });

  it('opens and navigates to web URLs only, however the scheme is spelled', async () => {
    const a = await connected('/a');
    for (const url of ['file:///etc/passwd', ' FILE:///etc/passwd', 'chrome://version', 'chrome://gpu', 'devtools://devtools/bundled/inspector.html', 'view-source:http://127.0.0.1/', 'java\tscript:alert(1)', 'data:text/html,<h1>x', 'filesystem:http://127.0.0.1/temporary/x', 'chrome-extension://abc/x.html']) {
      expect(await refusedWith(a.cdp, 'Target.createTarget', { url }), url).to.include('http(s)');
      expect(await refusedWith(a.cdp, 'Page.navigate', { url }, a.sessionId), url).to.include('http(s)');
    }
    const browser = await chromium.connectOverCDP(a.url);
    try {
      const page = browser.contexts()[0]!.pages()[0]!;
      const failure = await page.goto('file:///etc/passwd').then(() => 'loaded', (error: Error) => error.message);
      expect(failure).to.include('Page.navigate is refused');
      expect(page.url()).to.equal(t.site.url('/a'));
    } finally {
      await browser.close();
    }
  });

  it('hands no server file to a page, keeps downloads in the session\'s place, gives page scripts no protocol and relays nothing', async () => {
    const a = await connected('/a');
    const { root } = (await a.cdp.call('DOM.getDocument', {}, a.sessionId)) as { root: { nodeId: number } };
    const { nodeId } = (await a.cdp.call('DOM.querySelector', { nodeId: root.nodeId, selector: '#f' }, a.sessionId)) as { nodeId: number };
    await refusedWith(a.cdp, 'DOM.setFileInputFiles', { nodeId, files: ['/etc/passwd'] }, a.sessionId);
    await refusedWith(a.cdp, 'Input.dispatchDragEvent', { type: 'drop', x: 10, y: 10, data: { items: [], files: ['/etc/passwd'], dragOperationsMask: 1 } }, a.sessionId);
    await refusedWith(a.cdp, 'Network.loadNetworkResource', { url: 'file:///etc/passwd', options: { disableCache: true, includeCredentials: false } }, a.sessionId);
    const files = await a.cdp.call('Runtime.evaluate', { expression: 'document.getElementById("f").files.length', returnByValue: true }, a.sessionId);
    expect((files.result as { value: number }).value).to.equal(0);
    // A download folder on the client's machine means the session's own place: answered, never passed on.
    expect(await a.cdp.call('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/etc' })).to.deep.equal({});
    expect(await a.cdp.call('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: '/etc' }, a.sessionId)).to.deep.equal({});
    await refusedWith(a.cdp, 'Target.exposeDevToolsProtocol', { targetId: a.targetId, bindingName: 'cdp' });
    await refusedWith(a.cdp, 'Target.exposeDevToolsProtocol', { targetId: a.targetId }, a.sessionId);
    await refusedWith(a.cdp, 'Target.sendMessageToTarget', { message: '{"id":1,"method":"Browser.close"}', targetId: a.targetId });
    await refusedWith(a.cdp, 'Target.attachToBrowserTarget', {}, a.sessionId);
    await refusedWith(a.cdp, 'Target.attachToTarget', { targetId: a.targetId, flatten: false });
    await refusedWith(a.cdp, 'Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    const exposed = await a.cdp.call('Runtime.evaluate', { expression: 'typeof window.cdp', returnByValue: true }, a.sessionId);
    expect((exposed.result as { value: string }).value).to.equal('undefined');
  });

  it('holds a second browser-level session to the same rules as the first; Playwright\'s newCDPSession works through it', async () => {
    const a = await connected('/a');
    const b = await connected('/b');
    const { sessionId: browser } = (await a.cdp.call('Target.attachToBrowserTarget')) as { sessionId: string };
    const { targetInfos } = (await a.cdp.call('Target.getTargets', {}, browser)) as { targetInfos: Array<{ targetId: string; browserContextId: string }> };
    expect(targetInfos.map((info) => info.browserContextId)).to.deep.equal([a.contextId]);
    await refusedWith(a.cdp, 'Browser.close', {}, browser);
    await refusedWith(a.cdp, 'Target.attachToTarget', { targetId: b.targetId, flatten: true }, browser);
    await refusedWith(a.cdp, 'Target.createBrowserContext', {}, browser);
    await a.cdp.call('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, browser);
    await b.cdp.call('Target.createTarget', { url: 'about:blank' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.stringify(a.cdp.events)).to.not.include(b.contextId);
    const client = await chromium.connectOverCDP(a.url);
    try {
      const page = client.contexts()[0]!.pages()[0]!;
      const session = await page.context().newCDPSession(page);
      const evaluated = (await session.send('Runtime.evaluate', { expression: 'document.title', returnByValue: true })) as { result: { value: string } };
      expect(evaluated.result.value).to.equal('A');
      const refused = await session.send('SystemInfo.getProcessInfo').then(() => 'answered', (error: Error) => error.message);
      expect(refused).to.include('SystemInfo.getProcessInfo is refused by tabwright');
    } finally {
      await client.close();
    }
  });

  it('cannot reach the engine\'s own CDP port, even where the allow-list lets pages reach this machine', async () => {
    const a = await connected('/a');
    const port = new URL(t.engine.debuggingEndpoint!).port;
    await a.cdp.call('Network.enable', {}, a.sessionId);
    await a.cdp.call('Page.navigate', { url: `http://127.0.0.1:${port}/json/version` }, a.sessionId);
    let answer: { status: number; headers: Record<string, string> } | undefined;
    for (let i = 0; i < 50 && !answer; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = a.cdp.events
        .filter((event) => event.method === 'Network.responseReceived')
        .map((event) => event.params.response as { url: string; status: number; headers: Record<string, string> })
        .find((response) => response.url.includes(`:${port}/`));
    }
    expect(answer?.status).to.equal(403);
    const text = await a.cdp.call('Runtime.evaluate', { expression: 'document.body.innerText', returnByValue: true }, a.sessionId);
    expect((text.result as { value: string }).value).to.not.include('webSocketDebuggerUrl');
    // The site on this machine is still reachable: the allow-list holds for everything else.
    expect((await t.act(a.id, [{ goto: { url: t.site.url('/b') } }])).body.page.title).to.equal('B');
  });

  it('writes no download where a client asks: its folder is answered, never handed to Chromium', async () => {
    const a = await connected('/a');
    const folder = mkdtempSync(join(tmpdir(), 'tabwright-cdp-download-'));
    try {
      expect(await a.cdp.call('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: folder, eventsEnabled: true })).to.deep.equal({});
      expect(await a.cdp.call('Page.setDownloadBehavior', { behavior: 'allow', downloadPath: folder }, a.sessionId)).to.deep.equal({});
      await a.cdp.call('Runtime.evaluate', { expression: `location.href = ${JSON.stringify(t.site.url('/file'))}` }, a.sessionId);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(t.site.hits.get('/file')).to.equal(1);
      expect(readdirSync(folder)).to.deep.equal([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('meets the address guard on a navigation of its own, as steps do', async () => {
    const a = await connected('/a');
    await a.cdp.call('Network.enable', {}, a.sessionId);
    await a.cdp.call('Page.navigate', { url: 'http://10.255.255.1/inside' }, a.sessionId);
    let refused: { status: number; headers: Record<string, string> } | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      refused = a.cdp.events
        .filter((event) => event.method === 'Network.responseReceived')
        .map((event) => (event.params.response as { url: string; status: number; headers: Record<string, string> }))
        .find((response) => response.url.startsWith('http://10.255.255.1/'));
    }
    expect(refused?.status).to.equal(403);
    expect(Object.keys(refused!.headers).map((name) => name.toLowerCase())).to.include('x-tabwright-blocked');
  });

  it('keeps the session\'s own page: it closes with the session, not with a client', async () => {
    const a = await connected('/a');
    await refusedWith(a.cdp, 'Target.closeTarget', { targetId: a.targetId });
    await refusedWith(a.cdp, 'Page.close', {}, a.sessionId);
    expect((await t.act(a.id, [{ observe: {} }])).body.page.title).to.equal('A');
  });

  it('sends its traffic through the session\'s proxy, metered as steps are', async () => {
    const a = await connected('/a');
    const before = (await t.service.http.get(`/v1/sessions/${a.id}`).set(t.auth)).body.usage.bytes.datacenter as number;
    await a.cdp.call('Page.enable', {}, a.sessionId);
    await a.cdp.call('Page.navigate', { url: t.site.url('/b') }, a.sessionId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = (await t.service.http.get(`/v1/sessions/${a.id}`).set(t.auth)).body.usage.bytes.datacenter as number;
    expect(after).to.be.above(before);
  });
});
