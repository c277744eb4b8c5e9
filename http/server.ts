import type { Server } from 'node:http';
import { Engine } from '../actors/engine.js';
import { PlaywrightDriver } from '../actors/driver.js';
import { Registry } from '../actors/registry.js';
import { systemClock } from '../lib/clock.js';
import type { Config } from '../lib/config/index.js';
import { log } from '../lib/log.js';
import { AddressGuard } from '../lib/net/address.js';
import { openStore, type Store } from '../lib/store/index.js';
import { createApp } from './app.js';

/** A running service: its HTTP server and the parts to stop in order. */
export interface Running {
  server: Server;
  url: string;
  store: Store;
  engine: Engine;
  registry: Registry;
  stop(): Promise<void>;
}

/**
 * Starts the whole service: store (failing sessions a previous process left active), engine,
 * registry and the HTTP app. `stop` refuses new work, ends every session cleanly, closes
 * Chromium and the store.
 */
export async function startServer(config: Config): Promise<Running> {
  const store = openStore(config.dataDir);
  const orphans = store.failOrphanedSessions(systemClock.now());
  if (orphans.length) log.warn({ count: orphans.length }, 'sessions left active by a previous process recorded as failed');

  const engine = new Engine({ chromium: { executablePath: config.chromiumPath ?? undefined } });
  await engine.start();
  const network = { guard: new AddressGuard(config.allowHosts), pools: config.proxies };
  const registry = new Registry({
    store,
    clock: systemClock,
    driver: new PlaywrightDriver(engine, { store, network, solver: config.captcha, ai: config.ai }),
    onEngineLost: (listener) => engine.onLost(listener),
  });
  const app = createApp({ store, registry, clock: systemClock });
  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await registry.shutdown();
      server.closeAllConnections();
      await closed;
      await engine.stop();
      store.close();
    })());
  return { server, url: `http://${config.host}:${port}`, store, engine, registry, stop };
}
