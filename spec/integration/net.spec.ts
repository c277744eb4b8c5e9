import { expect } from 'chai';
import { Agent, createServer, request, type Server as HttpServer } from 'node:http';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright';
import { Server as ProxyServer } from 'proxy-chain';
import { launchChromium } from '../../actors/engine.js';
import { testChromium } from '../support/chromium.js';
import { AddressGuard, AllowList } from '../../lib/network/address.js';
import { ByteMeter } from '../../lib/network/meter.js';
import { contextProxy, startSessionProxy, wasBlocked, type SessionProxy } from '../../lib/network/proxy.js';
import { Pools, resolveUpstream, type Upstream } from '../../lib/network/upstream.js';
import { offlineResolver } from '../support/network.js';
import { TestSite, html } from '../support/site.js';

/** A server on the refused address 127.0.0.2 that counts every TCP connection and UDP packet it gets. */
class Canary {
  connections = 0;
  packets = 0;
  private constructor(
    private readonly http: HttpServer,
    private readonly udp: UdpSocket,
    readonly port: number,
    readonly udpPort: number,
  ) {}

  static async start(): Promise<Canary> {
    const holder: { canary?: Canary } = {};
    const http = createServer((_req, res) => res.end('canary'));
    http.on('connection', () => holder.canary && holder.canary.connections++);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.2', resolve));
    const udp = createSocket('udp4');
    udp.on('message', () => holder.canary && holder.canary.packets++);
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.2', resolve));
    const canary = new Canary(http, udp, (http.address() as AddressInfo).port, udp.address().port);
    holder.canary = canary;
    return canary;
  }

  async stop(): Promise<void> {
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
    await new Promise<void>((resolve) => this.udp.close(() => resolve()));
  }
}

/** "The operator's pool" (and a user's own proxy): a proxy-chain server on loopback that insists on credentials. */
async function startUpstream(): Promise<{ server: ProxyServer; url: string; requests: () => number; rejected: () => number }> {
  let requests = 0;
  let rejected = 0;
  const server = new ProxyServer({
    port: 0,
    host: '127.0.0.1',
    prepareRequestFunction: ({ username, password }) => {
      if (username !== 'pool' || password !== 's3cret') {
        rejected++;
        return { requestAuthentication: true };
      }
      requests++;
      return {};
    },
  });
  await server.listen();
  return { server, url: `http://pool:s3cret@127.0.0.1:${server.port}`, requests: () => requests, rejected: () => rejected };
}

const BIG = 'x'.repeat(300_000);

describe('lib/network session proxy with Chromium', function () {
  this.timeout(60_000);
  let browser: Browser;
  let site: TestSite;
  let canary: Canary;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  // 127.0.0.1 (the fixture site and the test upstream) is allowed; 127.0.0.2 (the canary) is not.
  const guard = new AddressGuard(AllowList.parse('127.0.0.1'));
  const open: { proxy: SessionProxy; context: BrowserContext }[] = [];

  /** One session: its own proxy and a context that sends everything through it. */
  async function session(up: Upstream | null = null): Promise<{ proxy: SessionProxy; context: BrowserContext; meter: ByteMeter }> {
    const meter = new ByteMeter();
    const proxy = await startSessionProxy({ upstream: up, guard, meter });
    const context = await browser.newContext({ proxy: contextProxy(proxy) });
    open.push({ proxy, context });
    return { proxy, context, meter };
  }

  const canaryUrl = (host = '127.0.0.2', scheme = 'http'): string => `${scheme}://${host}:${canary.port}/secret`;

  before(async () => {
    canary = await Canary.start();
    upstream = await startUpstream();
    site = await TestSite.start({
      '/': { body: html('Home', '<p>home</p>') },
      '/big': { type: 'text/plain', body: BIG },
      '/to-canary': (_req, res) => res.writeHead(302, { Location: canaryUrl() }).end(),
      '/to-canary-https': (_req, res) => res.writeHead(302, { Location: canaryUrl('127.0.0.2', 'https') }).end(),
      '/sub': {
        body: html('Sub', `<img id="i" src="${canaryUrl()}"><script>window.fetched = fetch(${JSON.stringify(canaryUrl())}).then(() => 'ok', () => 'failed');</script>`),
      },
      '/ws': {
        body: html('WS', `<script>window.ws = new Promise((resolve) => { const s = new WebSocket(${JSON.stringify(`ws://127.0.0.2:${canary.port}/`)}); s.onopen = () => resolve('open'); s.onerror = () => resolve('error'); });</script>`),
      },
    });
    browser = await launchChromium({ executablePath: testChromium() });
  });

  afterEach(async () => {
    for (const { proxy, context } of open.splice(0)) {
      await context.close();
      await proxy.close();
    }
    expect(canary.connections, 'connections reaching the canary').to.equal(0);
    expect(canary.packets, 'UDP packets reaching the canary').to.equal(0);
  });

  after(async () => {
    await browser?.close();
    await site?.stop();
    await upstream?.server.close(true);
    await canary?.stop();
  });

  it('sends a direct session through the local proxy and meters the bytes the site sent', async () => {
    const { context, proxy } = await session(null);
    const page = await context.newPage();
    const response = await page.goto(site.url('/big'));
    expect(response?.status()).to.equal(200);
    await context.close();
    await proxy.close();
    const { datacenter, residential } = proxy.bytes();
    expect(residential).to.equal(0);
    expect(datacenter).to.be.at.least(BIG.length);
    expect(datacenter).to.be.below(BIG.length + 4096);
  });

  it('keeps a session\'s plain-HTTP connections to itself, closes them with it, and meters every byte they read', async () => {
    // A site that counts its connections and every byte it wrote on them.
    const sockets = new Set<import('node:net').Socket>();
    const image = Buffer.alloc(3_000, 7);
    const images = 8;
    const origin = createServer((req, res) => {
      if (req.url === '/') res.end(html('Gallery', Array.from({ length: images }, (_, i) => `<img src="/i${i}.png">`).join('')));
      else res.writeHead(200, { 'Content-Type': 'image/png' }).end(image);
    });
    origin.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    try {
      const { context, proxy } = await session(null);
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(origin.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      // Two pages' worth of requests over fewer connections than requests.
      await page.reload();
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      expect(sockets.size).to.be.below(2 * (images + 1));
      await context.close();
      await proxy.close();
      // No connection outlives the session (none waits in a pool shared with other sessions).
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([...sockets].filter((socket) => !socket.destroyed)).to.have.length(0);
      const written = [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0);
      expect(proxy.bytes().datacenter).to.equal(written);
    } finally {
      origin.closeAllConnections();
      await new Promise<void>((resolve) => origin.close(() => resolve()));
    }
  });

  it('goes through the operator\'s pool with its credentials and bills residential bytes as residential', async () => {
    const pools = new Pools({ residential: { de: [upstream.url] } });
    const before = upstream.requests();
    const { context, proxy } = await session(resolveUpstream({ kind: 'residential', country: 'de' }, undefined, pools));
    const page = await context.newPage();
    expect((await page.goto(site.url('/big')))?.status()).to.equal(200);
    expect(upstream.requests()).to.be.greaterThan(before);
    expect(upstream.rejected()).to.equal(0);
    await context.close();
    await proxy.close();
    const { datacenter, residential } = proxy.bytes();
    expect(datacenter).to.equal(0);
    expect(residential).to.be.at.least(BIG.length).and.below(BIG.length + 4096);
  });

  it('goes through a user\'s own proxy URL', async () => {
    const before = upstream.requests();
    const { context } = await session(resolveUpstream(upstream.url, undefined, null));
    const page = await context.newPage();
    expect((await page.goto(site.url('/')))?.status()).to.equal(200);
    expect(await page.title()).to.equal('Home');
    expect(upstream.requests()).to.be.greaterThan(before);
  });

  it('refuses a user\'s own proxy on a refused address', async () => {
    const meter = new ByteMeter();
    const error = await startSessionProxy({ upstream: { kind: 'datacenter', url: `http://u:p@127.0.0.2:${canary.port}`, country: null, byo: true }, guard, meter }).catch((e: unknown) => e);
    expect(error).to.include({ status: 400, code: 'invalid_request' });
  });

  const forms = ['127.0.0.2', '2130706434', '0177.0.0.2', '0x7f.0.0.2', '127.2', '0x7f000002', '[::ffff:127.0.0.2]', '[::ffff:7f00:2]', '[::127.0.0.2]', '[::7f00:2]'];
  for (const form of forms) {
    it(`refuses http://${form}/ with 403 and X-Tabwright-Blocked, and records it`, async () => {
      const { context, proxy } = await session();
      const page = await context.newPage();
      const url = canaryUrl(form);
      const response = await page.goto(url);
      expect(response?.status()).to.equal(403);
      expect(response?.headers()['x-tabwright-blocked']).to.equal('blocked_address');
      expect(wasBlocked(proxy, page.url())).to.equal(true);
    });
  }

  for (const host of ['10.0.0.1', '169.254.169.254', '100.64.0.1', '[::1]', '[fd00:ec2::254]', '0.0.0.0']) {
    it(`refuses ${host} without connecting`, async () => {
      const { context } = await session();
      const response = await (await context.newPage()).goto(`http://${host}/latest/meta-data/`);
      expect(response?.headers()['x-tabwright-blocked']).to.equal('blocked_address');
    });
  }

  it('answers refused and unresolvable plain-HTTP requests on the connection they came on, which serves the next', async () => {
    // A page's dozens of failed references must not each cost the browser a new connection.
    const meter = new ByteMeter();
    const proxy = await startSessionProxy({ upstream: null, guard: new AddressGuard(AllowList.parse('127.0.0.1'), offlineResolver), meter });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = (url: string): Promise<{ status: number | undefined; headers: Record<string, unknown>; body: string }> =>
      new Promise((resolve, reject) => {
        const { port } = new URL(proxy.url);
        const req = request({ host: '127.0.0.1', port, path: url, agent, headers: { host: new URL(url).host } }, (res) => {
          sockets.add(req.socket);
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const refused = await get(canaryUrl());
      const unknown = await get('http://no-such-host.test/x');
      const allowed = await get(site.url('/'));
      expect([refused.status, refused.headers['x-tabwright-blocked']]).to.deep.equal([403, 'blocked_address']);
      expect(refused.body).to.match(/127\.0\.0\.2/);
      expect([unknown.status, unknown.headers['x-tabwright-error']]).to.deep.equal([502, 'dns']);
      expect(allowed.status).to.equal(200);
      expect(sockets.size, 'connections to the proxy').to.equal(1);
      expect(proxy.blockedHosts()).to.deep.equal(['127.0.0.2']);
      expect(await proxy.diagnose('http://no-such-host.test/')).to.equal('dns');
    } finally {
      agent.destroy();
      await proxy.close();
    }
    // Only the allowed page's bytes are metered: the refusals were the proxy's own answers.
    expect(meter.read().datacenter).to.be.within(1, 2_000);
  });

  it('refuses HTTPS to a refused address with a failed tunnel, and records the host', async () => {
    const { context, proxy } = await session();
    const page = await context.newPage();
    const url = canaryUrl('127.0.0.2', 'https');
    const error = await page.goto(url).then(() => 'loaded', (e: Error) => e.message);
    expect(error).to.match(/ERR_TUNNEL_CONNECTION_FAILED/);
    expect(wasBlocked(proxy, url)).to.equal(true);
  });

  it('refuses a redirect from an allowed page to a refused address (http and https)', async () => {
    const { context, proxy } = await session();
    const page = await context.newPage();
    const response = await page.goto(site.url('/to-canary'));
    expect(response?.headers()['x-tabwright-blocked']).to.equal('blocked_address');
    const error = await page.goto(site.url('/to-canary-https')).then(() => 'loaded', (e: Error) => e.message);
    expect(error).to.match(/ERR_TUNNEL_CONNECTION_FAILED/);
    // Chromium may retry a failed tunnel, so the host can be recorded more than once.
    expect(proxy.blockedHosts()).to.have.length.of.at.least(2);
    expect(new Set(proxy.blockedHosts())).to.deep.equal(new Set(['127.0.0.2']));
  });

  it('refuses subresources (img, fetch) to a refused address while the page loads', async () => {
    const { context } = await session();
    const page = await context.newPage();
    expect((await page.goto(site.url('/sub')))?.status()).to.equal(200);
    expect(await page.evaluate('window.fetched')).to.equal('failed');
    expect(await page.evaluate('document.getElementById("i").naturalWidth')).to.equal(0);
  });

  it('refuses a WebSocket to a refused address', async () => {
    const { context } = await session();
    const page = await context.newPage();
    await page.goto(site.url('/ws'));
    expect(await page.evaluate('window.ws')).to.equal('error');
  });

  it('keeps WebRTC from sending UDP around the proxy', async () => {
    const { context } = await session();
    const page = await context.newPage();
    await page.goto(site.url('/'));
    const candidates = await page.evaluate<string[]>(`new Promise((resolve) => {
      const found = [];
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.2:${canary.udpPort}' }] });
      pc.createDataChannel('x');
      pc.onicecandidate = (e) => { if (e.candidate) found.push(e.candidate.candidate); else resolve(found); };
      pc.createOffer().then((offer) => pc.setLocalDescription(offer));
      setTimeout(() => resolve(found), 3000);
    })`);
    expect(candidates.filter((c) => / udp /i.test(c))).to.deep.equal([]);
  });
});
