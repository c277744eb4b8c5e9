import { Agent, type AgentOptions } from 'node:http';
import { connect, type LookupFunction, type Socket } from 'node:net';
import { RequestError, Server, type PrepareRequestFunctionResult } from 'proxy-chain';
import { httpErrors } from '../contract/errors.js';
import { canonicalHost, type AddressGuard, type GuardVerdict } from './address.js';
import type { ByteMeter, ByteTotals } from './meter.js';
import type { Upstream } from './upstream.js';

/** The header a refused plain-HTTP request is answered with (status 403); HTTPS and WebSockets get a refused CONNECT (403, same header). */
export const BLOCKED_HEADER = 'x-tabwright-blocked';

/** One session's local proxy: the browser context's only way out. */
export interface SessionProxy {
  /** `http://127.0.0.1:port`, for `newContext({ proxy: { server: url, bypass: '<-loopback>' } })`. */
  readonly url: string;
  /** Stops the proxy, cutting open connections (their bytes so far are counted). */
  close(): Promise<void>;
  /** Response bytes received from destinations so far, open connections included. */
  bytes(): ByteTotals;
  /** Hosts the guard refused, in the order they were asked for (repeats kept). */
  blockedHosts(): readonly string[];
  /**
   * Why `url` could not be reached, when Chromium cannot say: a failed HTTPS tunnel reads
   * ERR_TUNNEL_CONNECTION_FAILED whatever the cause. `dns` when the name did not resolve (here or
   * now), else, on a direct path, what a connection to the checked address meets:
   * `connection_refused` or `timeout`. Undefined when nothing better is known.
   */
  diagnose(url: string): Promise<string | undefined>;
}

/** How long a diagnosis may try to connect. */
const DIAGNOSE_CONNECT_MS = 3_000;

/** What a TCP connection to `address:port` meets: undefined when it connects. */
function tryConnect(address: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    const finish = (reason: string | undefined): void => {
      socket.destroy();
      resolve(reason);
    };
    socket.setTimeout(DIAGNOSE_CONNECT_MS, () => finish('timeout'));
    socket.once('connect', () => finish(undefined));
    socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ECONNREFUSED' ? 'connection_refused' : error.code === 'ECONNRESET' ? 'connection_reset' : 'unreachable'));
  });
}

/** What a session proxy needs: where traffic leaves, which destinations it may reach, where bytes are counted. */
export interface SessionProxyOptions {
  upstream: Upstream | null;
  guard: AddressGuard;
  meter: ByteMeter;
}

type DnsLookup = NonNullable<PrepareRequestFunctionResult['dnsLookup']>;

/** A lookup that answers with the one address the guard checked, whatever the name: no second resolution. */
function pinnedLookup(verdict: Extract<GuardVerdict, { ok: true }>): DnsLookup {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: verdict.address, family: verdict.family }]);
    else callback(null, verdict.address, verdict.family);
  };
  // proxy-chain types it as dns.lookup (with its promisified twin), but only ever calls it as net.connect's `lookup`.
  return lookup as unknown as DnsLookup;
}

/** How long an idle connection to a site is kept for the next plain-HTTP request to it. */
const IDLE_CONNECTION_MS = 15_000;

/**
 * The keep-alive agent plain-HTTP requests of a direct session leave through: a page's requests
 * to one site reuse its connections, as Chromium's would without a proxy. Its sockets are
 * metered here, whole, when they close (or when the proxy stops): a socket serves many requests,
 * one after another, which proxy-chain's per-request count cannot follow exactly, so that count
 * is neutralised for these sockets (it measures `bytesRead - previousBytesRead`).
 */
class MeteredAgent extends Agent {
  private readonly live = new Set<Socket>();

  constructor(private readonly closed: (bytes: number) => void) {
    super({ keepAlive: true, timeout: IDLE_CONNECTION_MS } satisfies AgentOptions);
  }

  override createConnection(...args: Parameters<Agent['createConnection']>): ReturnType<Agent['createConnection']> {
    const socket = super.createConnection(...args) as Socket;
    for (const key of ['previousBytesRead', 'previousBytesWritten'] as const) {
      const current = key === 'previousBytesRead' ? () => socket.bytesRead : () => socket.bytesWritten;
      Object.defineProperty(socket, key, { get: current, set: () => undefined });
    }
    this.live.add(socket);
    socket.once('close', () => {
      this.live.delete(socket);
      this.closed(socket.bytesRead);
    });
    return socket;
  }

  /** Bytes read so far by sockets still open. */
  openBytes(): number {
    let sum = 0;
    for (const socket of this.live) sum += socket.bytesRead;
    return sum;
  }
}

/**
 * Starts a proxy-chain server on 127.0.0.1 (random port) for one session. Every destination
 * (plain HTTP, CONNECT for HTTPS and WebSockets) is resolved and checked by `guard`; a refused
 * one is answered 403 with `X-Tabwright-Blocked: blocked_address` and recorded. Allowed traffic
 * goes to `upstream`, or straight to the checked address when it is null. Bytes read from
 * destination or upstream sockets are added to `meter` under the upstream's kind (direct and a
 * user's own proxy count as datacenter).
 */
export async function startSessionProxy(options: SessionProxyOptions): Promise<SessionProxy> {
  const { upstream, guard, meter } = options;
  const kind = upstream?.kind ?? 'datacenter';
  const blocked: string[] = [];
  const unresolved = new Set<string>();
  let upstreamLookup: DnsLookup | undefined;
  if (upstream?.byo) {
    // The user's own proxy is a destination like any other: it may not be a way into this network.
    const host = new URL(upstream.url).hostname;
    const verdict = await guard.check(host);
    if (!verdict.ok) {
      throw httpErrors.invalid(`The proxy URL cannot be used: ${verdict.detail}`, {
        path: 'proxy',
        expected: 'a proxy URL whose host resolves to a public address',
        reason: verdict.reason,
      });
    }
    upstreamLookup = pinnedLookup(verdict);
  }

  let closing = false;
  // Only on the direct path: through an upstream proxy each request keeps its own connection.
  const agent = upstream
    ? undefined
    : new MeteredAgent((bytes) => {
        if (!closing) meter.add(kind, bytes);
      });
  const server = new Server({
    port: 0,
    host: '127.0.0.1',
    verbose: false,
    prepareRequestFunction: async ({ hostname, port, isHttp }): Promise<PrepareRequestFunctionResult> => {
      const verdict = await guard.check(hostname, Number(port));
      if (!verdict.ok) {
        const refused = verdict.reason === 'blocked_address';
        if (refused) blocked.push(hostname);
        else unresolved.add(canonicalHost(hostname));
        const status = refused ? 403 : 502;
        const headers: Record<string, string> = refused ? { 'X-Tabwright-Blocked': 'blocked_address' } : { 'X-Tabwright-Error': verdict.reason };
        const body = refused ? `Refused by tabwright: ${verdict.detail}` : verdict.detail;
        // A plain-HTTP answer keeps the browser's connection to this proxy for its next request
        // (a page's failed references come by the dozen); a refused CONNECT must close it.
        if (isHttp) return { customResponseFunction: () => ({ statusCode: status, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }, body }) };
        throw new RequestError(body, status, headers);
      }
      // A reused connection was made to an address checked then, for this same host name.
      if (!upstream) return { upstreamProxyUrl: null, dnsLookup: pinnedLookup(verdict), httpAgent: agent };
      return { upstreamProxyUrl: upstream.url, dnsLookup: upstreamLookup };
    },
  });

  server.on('connectionClosed', ({ stats }: { stats?: { trgRxBytes: number | null } }) => {
    if (!closing) meter.add(kind, stats?.trgRxBytes ?? 0);
  });
  // A refused or failed request is answered by proxy-chain itself; nothing else to do here.
  server.on('requestFailed', () => undefined);
  await server.listen();

  const openBytes = (): number =>
    server.getConnectionIds().reduce((sum, id) => sum + (server.getConnectionStats(id)?.trgRxBytes ?? 0), 0) + (agent?.openBytes() ?? 0);

  return {
    url: `http://127.0.0.1:${server.port}`,
    async close() {
      if (closing) return;
      // Count what open connections (long-lived WebSockets, streams) received, then cut them.
      closing = true;
      meter.add(kind, openBytes());
      agent?.destroy();
      await server.close(true);
    },
    bytes() {
      const totals = meter.read();
      if (!closing) totals[kind] += openBytes();
      return totals;
    },
    blockedHosts: () => [...blocked],
    async diagnose(url) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return undefined;
      }
      const host = canonicalHost(target.hostname);
      if (unresolved.has(host)) return 'dns';
      // Through an upstream proxy the cause lies beyond it, where this process cannot look.
      if (upstream) return undefined;
      const verdict = await guard.check(host);
      if (!verdict.ok) return verdict.reason;
      const port = Number(target.port) || (target.protocol === 'https:' || target.protocol === 'wss:' ? 443 : 80);
      return tryConnect(verdict.address, port);
    },
  };
}

/** Whether `proxy` refused the host of `url` (any spelling of it): the act's test for a blocked navigation (lib/browser/act/navigation). */
export function wasBlocked(proxy: SessionProxy, url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return proxy.blockedHosts().some((refused) => refused.replace(/^\[|\]$/g, '').toLowerCase() === host.toLowerCase());
}

/** The Playwright `proxy` option for a context that must send everything, loopback included, through `proxy`. */
export const contextProxy = (proxy: SessionProxy): { server: string; bypass: string } => ({ server: proxy.url, bypass: '<-loopback>' });
