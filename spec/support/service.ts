import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import type { BrowserDriver } from '../../actors/driver.js';
import type { ActLimits } from '../../lib/browser/act/act.js';
import { PlaywrightDriver } from '../../actors/driver.js';
import { Engine } from '../../actors/engine.js';
import { Registry } from '../../actors/registry.js';
import { createApp } from '../../http/app.js';
import { cdpUpgrades } from '../../http/cdp.js';
import { McpConnections } from '../../mcp/http.js';
import type { EngineView } from '../../http/state.js';
import type { MemoryRule } from '../../lib/platform/admission.js';
import type { AiProvider, SolverConfig } from '../../lib/platform/config/services.js';
import type { EngineGate } from '../../lib/platform/capacity/gate.js';
import type { PlanName } from '../../lib/contract/plans.js';
import { ManualClock, systemClock, type Clock } from '../../lib/platform/clock.js';
import { ProfileVault } from '../../lib/platform/profiles/vault.js';
import { openSqliteStore, type SqliteStore } from '../../lib/platform/store/sqlite/index.js';
import { Telemetry } from '../../lib/platform/telemetry/index.js';
import type { Webhooks } from '../../lib/platform/webhooks/service.js';
import { FakeDriver } from './fake-driver.js';
import { localNetwork } from './network.js';
import { documentedAgent } from './openapi.js';

/** A whole service in-process: real store, registry, actors and HTTP app, with a chosen driver and clock. */
export interface Service {
  store: SqliteStore;
  /** Saved profiles over `store`, sealed with a fresh random key (TEST_PROFILE_MAX_BYTES at most). */
  profiles: ProfileVault;
  registry: Registry;
  clock: Clock;
  /** The log and metrics the app, registry and sessions write to. */
  telemetry: Telemetry;
  http: ReturnType<typeof supertest>;
  dataDir: string;
  /** Tells the registry its browser was lost, as the engine would. */
  loseEngine(): void;
  /** Its webhooks, when `webhooks` made them. */
  webhooks?: Webhooks;
  /** Creates an account and an API key on `plan` and returns the key. */
  key(plan?: PlanName, test?: boolean): string;
  /**
   * The app on a random loopback port, for streams supertest cannot read as they come (SSE) and
   * for a browser loading the dashboard; answers read this way are not checked against the
   * document. Closed by stop().
   */
  listen(): Promise<string>;
  stop(): Promise<void>;
}

/** Options for `startService`. */
export interface ServiceOptions {
  /** The node name session ids carry (NODE_ID); none by default. */
  node?: string;
  /** A data folder to share with another service, as a second node shares the database (default: a fresh one, removed by stop()). */
  dataDir?: string;
  driver?: BrowserDriver;
  engine?: Engine;
  clock?: Clock;
  /** Where to log and count (default: the process log, silent in tests, and metrics of its own). */
  telemetry?: Telemetry;
  /** What /health reads (default: the engine, or always up without one). */
  health?: EngineView;
  /** Makes GET /metrics require this bearer token. */
  metricsToken?: string;
  /** For the real driver: what TABWRIGHT_CAPTCHA_* and AI_* would configure (default: off). */
  solver?: SolverConfig | null;
  ai?: AiProvider | null;
  /** The engine gate (default: the registry's, sized from this machine). */
  gate?: EngineGate;
  /** The memory rule for creates (default: none). */
  memory?: MemoryRule;
  /** Makes the service's webhooks over its store (default: none, and a create naming webhook_url is refused); started with it, stopped by stop(). */
  webhooks?: (store: SqliteStore) => Webhooks;
  /** For the real driver: TABWRIGHT_MAX_TABS (default: its default). */
  maxTabs?: number;
  /** For the real driver: limits of the sessions' steps in place of their defaults (default: none). */
  limits?: ActLimits;
}

/** The profile bound of a test service: 1 MiB, small enough for a test to pass it. */
export const TEST_PROFILE_MAX_BYTES = 2 ** 20;

/** Without a browser (a FakeDriver) the engine is always up. */
const NO_ENGINE: EngineView = { health: 'up', retryAfter: () => 1 };

/** Starts a service over a fresh temporary data folder. */
export function startService(options: ServiceOptions = {}): Service {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tabwright-test-'));
  const store = openSqliteStore(dataDir);
  const clock = options.clock ?? systemClock;
  const telemetry = options.telemetry ?? new Telemetry();
  const driver =
    options.driver ??
    (options.engine ? new PlaywrightDriver(options.engine, { store, network: localNetwork(), solver: options.solver, ai: options.ai, dataDir, telemetry, maxTabs: options.maxTabs, limits: options.limits }) : new FakeDriver());
  const lostListeners: Array<() => void> = [];
  const stopListening: Array<() => void> = [];
  const profiles = new ProfileVault(store, { key: randomBytes(32), maxBytes: TEST_PROFILE_MAX_BYTES });
  const webhooks = options.webhooks?.(store);
  webhooks?.start();
  const registry = new Registry({
    store,
    profiles,
    clock,
    driver,
    telemetry,
    onEngineLost: (listener) => {
      lostListeners.push(listener);
      const off = options.engine?.onLost(listener);
      // An engine outlives the services of its suite (and a shared one every suite): stop() lets go of it.
      if (off) stopListening.push(off);
    },
    gate: options.gate,
    memory: options.memory,
    node: options.node,
    webhooks,
  });
  const mcp = new McpConnections('0.0.0-test');
  const deps = { store, profiles, registry, clock, engine: options.health ?? options.engine ?? NO_ENGINE, telemetry, dataDir, mcp };
  const app = createApp(deps, { metricsToken: options.metricsToken });
  // Every answer is checked against the API document when the test awaits it.
  const http = documentedAgent(supertest(app.callback()));
  let server: Server | undefined;
  return {
    store,
    profiles,
    registry,
    clock,
    telemetry,
    http,
    dataDir,
    loseEngine: () => lostListeners.forEach((listener) => listener()),
    webhooks,
    key(plan: PlanName = 'scale', test = false): string {
      const account = store.sync.createAccount({ plan, now: clock.now() });
      return store.sync.createKey({ accountId: account.id, test, now: clock.now() }).key;
    },
    async listen(): Promise<string> {
      const handle = app.callback();
      if (!server) {
        server = createServer((request, response) => void handle(request, response));
        server.on('upgrade', cdpUpgrades(deps));
      }
      if (!server.listening) await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop(): Promise<void> {
      await mcp.closeAll();
      await registry.shutdown();
      stopListening.splice(0).forEach((off) => off());
      if (server) {
        server.closeAllConnections();
        await new Promise((resolve) => server?.close(resolve));
      }
      await webhooks?.stop();
      await store.close();
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A service on a ManualClock and a FakeDriver: no browser, time moves only when told. */
export function startFakeService(options: Omit<ServiceOptions, 'clock' | 'driver' | 'engine'> = {}): Service & { clock: ManualClock; driver: FakeDriver } {
  const clock = new ManualClock();
  const driver = new FakeDriver();
  return Object.assign(startService({ ...options, clock, driver }), { clock, driver });
}

/** Lets pending promise callbacks and timers of the current turn run. */
export const settle = async (turns = 5): Promise<void> => {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
};
