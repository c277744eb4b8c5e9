import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import type { BrowserDriver } from '../../actors/driver.js';
import { PlaywrightDriver } from '../../actors/driver.js';
import { Engine } from '../../actors/engine.js';
import { Registry } from '../../actors/registry.js';
import { createApp } from '../../http/app.js';
import type { PlanName } from '../../lib/billing/plans.js';
import { ManualClock, systemClock, type Clock } from '../../lib/clock.js';
import { openStore, type Store } from '../../lib/store/index.js';
import { FakeDriver } from './fake-driver.js';
import { localNetwork } from './network.js';
import { documentedAgent } from './openapi.js';

/** A whole service in-process: real store, registry, actors and HTTP app, with a chosen driver and clock. */
export interface Service {
  store: Store;
  registry: Registry;
  clock: Clock;
  http: ReturnType<typeof supertest>;
  dataDir: string;
  /** Tells the registry its browser was lost, as the engine would. */
  loseEngine(): void;
  /** Creates an account and an API key on `plan` and returns the key. */
  key(plan?: PlanName, test?: boolean): string;
  stop(): Promise<void>;
}

/** Options for `startService`. */
export interface ServiceOptions {
  driver?: BrowserDriver;
  engine?: Engine;
  clock?: Clock;
}

/** Starts a service over a fresh temporary data folder. */
export function startService(options: ServiceOptions = {}): Service {
  const dataDir = mkdtempSync(join(tmpdir(), 'tabwright-test-'));
  const store = openStore(dataDir);
  const clock = options.clock ?? systemClock;
  const driver = options.driver ?? (options.engine ? new PlaywrightDriver(options.engine, { store, network: localNetwork() }) : new FakeDriver());
  const lostListeners: Array<() => void> = [];
  const registry = new Registry({
    store,
    clock,
    driver,
    onEngineLost: (listener) => {
      lostListeners.push(listener);
      options.engine?.onLost(listener);
    },
  });
  const app = createApp({ store, registry, clock });
  // Every answer is checked against the API document when the test awaits it.
  const http = documentedAgent(supertest(app.callback()));
  return {
    store,
    registry,
    clock,
    http,
    dataDir,
    loseEngine: () => lostListeners.forEach((listener) => listener()),
    key(plan: PlanName = 'scale', test = false): string {
      const account = store.createAccount({ plan, now: clock.now() });
      return store.createKey({ accountId: account.id, test, now: clock.now() }).key;
    },
    async stop(): Promise<void> {
      await registry.shutdown();
      store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A service on a ManualClock and a FakeDriver: no browser, time moves only when told. */
export function startFakeService(): Service & { clock: ManualClock; driver: FakeDriver } {
  const clock = new ManualClock();
  const driver = new FakeDriver();
  return Object.assign(startService({ clock, driver }), { clock, driver });
}

/** Lets pending promise callbacks and timers of the current turn run. */
export const settle = async (turns = 5): Promise<void> => {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
};
