// What every API benchmark starts: the whole service in-process on a loopback port and a key.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Engine, launchChromium } from '../actors/engine.js';
import { PlaywrightDriver } from '../actors/driver.js';
import { Registry } from '../actors/registry.js';
import { createApp } from '../http/app.js';
import { cdpUpgrades } from '../http/cdp.js';
import type { EngineGate } from '../lib/platform/capacity/gate.js';
import { systemClock } from '../lib/platform/clock.js';
import { ProfileVault } from '../lib/platform/profiles/vault.js';
import { openStore, type Store } from '../lib/platform/store/index.js';
import { Telemetry } from '../lib/platform/telemetry/index.js';
import { createLogger } from '../lib/platform/log.js';
import { testChromium } from '../spec/support/chromium.js';
import { localNetwork, offlineResolver } from '../spec/support/network.js';
import { AddressGuard, AllowList, type GuardVerdict } from '../lib/network/address.js';
import { packageVersion } from '../lib/platform/version.js';
import { McpConnections } from '../mcp/http.js';

/** Chromium flag: every host but this machine fails at once (the real pages reference the whole web). */
export const OFFLINE_DNS = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1';
/**
 * Chromium flags for pages nobody here wrote: what a context without a proxy of its own asks for
 * goes to a closed port of this machine, addresses written as numbers and WebSockets included,
 * except loopback, which Chromium never proxies.
 */
const NOWHERE_BUT_LOOPBACK = ['--proxy-server=http://127.0.0.1:9'];

/** The sessions' guard for such pages: the test sites' 127.0.0.1 and no other address, public ones included. */
class LoopbackOnly extends AddressGuard {
  override async check(host: string, port?: number): Promise<GuardVerdict> {
    const verdict = await super.check(host, port);
    return verdict.ok && verdict.address !== '127.0.0.1' ? { ok: false, reason: 'blocked_address', detail: `${host} is not 127.0.0.1` } : verdict;
  }
}

/** A running service for a benchmark. */
export interface BenchService {
  engine: Engine;
  store: Store;
  /** `http://127.0.0.1:port` */
  base: string;
  /** Authorization (a Scale key) and Content-Type for every request. */
  headers: Record<string, string>;
  /** The driver, for its warm pool (`warm`, `shutdown()`). */
  driver: PlaywrightDriver;
  /** The service's metrics, the warm pool's among them. */
  telemetry: Telemetry;
  /** The service's profile vault, for timing its parts apart from a request. */
  profiles: ProfileVault;
  /** The account the key belongs to. */
  accountId: string;
  readonly stop: () => Promise<void>;
}

/** Pages the service's warm pool holds ready now. */
const ready = async (service: BenchService): Promise<number> => (await service.telemetry.metrics.warmReady.get()).values[0]?.value ?? 0;

/** Waits until the warm pool is full again (at most 10 s): a client that does not create back-to-back leaves it that long. */
export async function refilled(service: BenchService, size: number): Promise<void> {
  const end = Date.now() + 10_000;
  while ((await ready(service)) < size && Date.now() < end) await sleep(5);
}

/**
 * Starts engine, store, registry and HTTP server on a random loopback port; `offline` adds
 * OFFLINE_DNS; `loopbackOnly` (with `offline`) lets neither sessions nor raw contexts reach any
 * address but 127.0.0.1; `warmSessions` as TABWRIGHT_WARM_SESSIONS (default 0); `gate` replaces the
 * registry's default one; `profileMaxBytes` as TABWRIGHT_PROFILE_MAX_MB, in bytes (default 10 MiB).
 */
export async function startBenchService(options: { offline?: boolean; loopbackOnly?: boolean; warmSessions?: number; gate?: EngineGate; profileMaxBytes?: number } = {}): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabwright-bench-'));
  const store = await openStore(dataDir);
  // Logged as a server logs (info, JSON lines, synchronous writes), so the figures carry that cost,
  // but to /dev/null: the terminal shows the figures, not a line per request.
  const telemetry = new Telemetry(createLogger(pino.destination({ dest: '/dev/null', sync: true }), 'info'));
  const engine = new Engine({
    telemetry,
    ...(options.offline ? { launch: () => launchChromium({ executablePath: testChromium(), extraArgs: [OFFLINE_DNS, ...(options.loopbackOnly ? NOWHERE_BUT_LOOPBACK : [])] }) } : { chromium: { executablePath: testChromium() } }),
  });
  await engine.start();
  const driver = new PlaywrightDriver(engine, { store, network: options.loopbackOnly ? { guard: new LoopbackOnly(AllowList.parse('127.0.0.1'), offlineResolver), pools: null } : localNetwork(), dataDir, telemetry, warm: { sessions: options.warmSessions ?? 0 } });
  const profiles = new ProfileVault(store, { key: randomBytes(32), maxBytes: options.profileMaxBytes ?? 10 * 2 ** 20 });
  const registry = new Registry({ store, profiles, clock: systemClock, driver, telemetry, gate: options.gate });
  const mcp = new McpConnections(packageVersion());
  const deps = { store, profiles, registry, clock: systemClock, engine, telemetry, dataDir, mcp };
  const server = createApp(deps).listen(0, '127.0.0.1');
  server.on('upgrade', cdpUpgrades(deps));
  await new Promise((resolve) => server.once('listening', resolve));
  const account = await store.createAccount({ plan: 'scale', now: Date.now() });
  const { key } = await store.createKey({ accountId: account.id, test: false, now: Date.now() });
  return {
    engine,
    store,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    driver,
    telemetry,
    profiles,
    accountId: account.id,
    stop: async () => {
      await mcp.closeAll();
      server.close();
      await registry.shutdown();
      await engine.stop();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
