import type { Server } from 'node:http';
import { Engine } from '../actors/engine.js';
import { PlaywrightDriver } from '../actors/driver.js';
import { Registry } from '../actors/registry.js';
import { systemClock } from '../lib/clock.js';
import type { ServerConfig } from '../lib/config.js';
import { log } from '../lib/log.js';
import { openStore, type Store } from '../lib/store/index.js';
import { Telemetry } from '../lib/telemetry/index.js';
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
export async function startServer(config: ServerConfig): Promise<Running> {
  const store = openStore(config.dataDir);
  const orphans = store.failOrphanedSessions(systemClock.now());
  if (orphans.length) log.warn({ count: orphans.length }, 'sessions left active by a previous process recorded as failed');

  const telemetry = new Telemetry(log);
  const engine = new Engine({ telemetry });
  await engine.start();
  const registry = new Registry({
    store,
    clock: systemClock,
    driver: new PlaywrightDriver(engine, { store }),
    telemetry,
    onEngineLost: (listener) => engine.onLost(listener),
  });
  // The one read of the metrics token; it is to move into lib/config.ts with the other settings.
  const metricsToken = process.env.TABWRIGHT_METRICS_TOKEN || undefined;
  const app = createApp({ store, registry, clock: systemClock, engine, telemetry }, { metricsToken });
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
