import { createServer, type Server } from 'node:http';
import { Engine } from '../actors/engine.js';
import { PlaywrightDriver } from '../actors/driver.js';
import { Registry } from '../actors/registry.js';
import { roomForReadyPage } from '../lib/platform/admission.js';
import { EngineGate } from '../lib/platform/capacity/gate.js';
import { Heartbeat } from '../lib/platform/cluster/heartbeat.js';
import { systemMemory } from '../lib/platform/capacity/memory.js';
import { systemClock } from '../lib/platform/clock.js';
import { profileKey, type Config } from '../lib/platform/config/index.js';
import { pruneEnded } from '../lib/platform/journal/retention.js';
import { sweepDownloads } from '../lib/platform/downloads/sweep.js';
import { PRUNE_INTERVAL_MS } from '../lib/platform/journal/limits.js';
import { closeOrphanJournals } from '../lib/platform/journal/orphans.js';
import { sessionNode } from '../lib/platform/ids.js';
import { log } from '../lib/platform/log.js';
import { AddressGuard } from '../lib/network/address.js';
import { ProfileVault } from '../lib/platform/profiles/vault.js';
import { secretSealingKey } from '../lib/platform/webhooks/secret.js';
import { WEBHOOK_RETENTION_MS, Webhooks } from '../lib/platform/webhooks/service.js';
import { openStore, takeOwnership, type Store } from '../lib/platform/store/index.js';
import { Telemetry } from '../lib/platform/telemetry/index.js';
import { packageVersion } from '../lib/platform/version.js';
import { McpConnections } from '../mcp/http.js';
import { createApp } from './app.js';
import { answerClientError } from './client-error.js';
import { cdpUpgrades } from './cdp.js';

/** A running service: its HTTP server and the parts to stop in order. */
export interface Running {
  server: Server;
  url: string;
  store: Store;
  /** Saved browser profiles, sealed with this node's key, over `store`. */
  profiles: ProfileVault;
  engine: Engine;
  registry: Registry;
  stop(): Promise<void>;
}

/** What the operator is told when the port cannot be had; anything else stays as it came. */
function listenFailure(error: NodeJS.ErrnoException, config: Config): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new Error(`port ${config.port} is in use`);
    case 'EACCES':
      return new Error(`port ${config.port} may not be used by this user (ports below 1024 need root or CAP_NET_BIND_SERVICE)`);
    case 'EADDRNOTAVAIL':
      return new Error(`${config.host} is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new Error(`host ${config.host} could not be resolved`);
    default:
      return error;
  }
}

function listen(server: Server, config: Config): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException): void => reject(listenFailure(error, config));
    server.once('error', failed);
    server.listen(config.port, config.host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/** Settles like `promise`, or rejects with the signal's reason as soon as it aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const abort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error(`start-up aborted (${String(signal.reason)})`));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Starts the whole service in the order that keeps a failed start harmless: bind the port first
 * (a busy one fails before anything is opened), then take the data folder's ownership (a second
 * owner, serve or embedded mcp, fails with DataFolderInUse before it could take the first one's
 * live sessions for orphans), then read or make the profile key (lib/platform/config/profile-key.ts), then open the store
 * (failing sessions a previous process left active), then launch Chromium; requests during the launch
 * are answered 503 engine_unavailable. `stop` refuses new work, ends every session cleanly,
 * closes Chromium and the store, and gives the data folder up.
 *
 * `signal` aborts the start-up at any point: what was opened is closed again and the promise
 * rejects with the signal's reason. A Chromium launch still under way is closed by the engine
 * when it lands, or killed by Playwright's exit hook if the process exits first.
 */
export async function startServer(config: Config, signal?: AbortSignal): Promise<Running> {
  signal?.throwIfAborted();
  const telemetry = new Telemetry(log);
  const server = createServer();
  server.on('clientError', answerClientError(telemetry));
  await listen(server, config);
  const undo: Array<() => unknown> = [() => closeServer(server)];
  try {
    signal?.throwIfAborted();
    const ownership = takeOwnership(config.dataDir);
    undo.push(() => ownership.release());
    // Before the store: a key file that may not be used stops the start with nothing opened.
    const key = profileKey(config);
    const store = await openStore(config.dataDir, { databaseUrl: config.databaseUrl });
    undo.push(() => store.close());
    const profiles = new ProfileVault(store, { key, maxBytes: config.profileMaxBytes });
    signal?.throwIfAborted();
    const orphans = await store.failOrphanedSessions(systemClock.now(), config.nodeId);
    if (orphans.length) log.warn({ count: orphans.length }, 'sessions left active by a previous process recorded as failed');
    await closeOrphanJournals(store, orphans);
    const prune = async (): Promise<void> => {
      try {
        const count = await pruneEnded(store, config.dataDir, systemClock.now());
        if (count) log.info({ count }, 'journals pruned');
        await store.pruneWebhooks(systemClock.now() - WEBHOOK_RETENTION_MS);
      } catch (error) {
        log.warn({ err: error }, 'journal pruning failed');
      }
      // Downloads of sessions that ended over 24 h ago go on the same schedule, each on its own.
      if (config.dataDir === ':memory:') return;
      try {
        const count = await sweepDownloads(store, config.dataDir, systemClock.now());
        if (count) log.info({ count }, 'download folders swept');
      } catch (error) {
        log.warn({ err: error }, 'download sweep failed');
      }
    };
    await prune();
    const pruning = setInterval(() => void prune(), PRUNE_INTERVAL_MS).unref();
    undo.push(() => clearInterval(pruning));

    // serve owns the signals: Playwright's handlers would close the browser under the shutdown.
    log.info({ sandbox: config.chromiumSandbox.on, why: config.chromiumSandbox.why }, `Chromium's sandbox is ${config.chromiumSandbox.on ? 'on' : 'off'}`);
    const engine = new Engine({ telemetry, chromium: { executablePath: config.chromiumPath ?? undefined, sandbox: config.chromiumSandbox.on, handleSignals: false } });
    // One guard for the sessions' requests and the webhooks' deliveries: one address policy.
    const guard = new AddressGuard(config.allowHosts);
    const network = { guard, pools: config.proxies };
    const webhooks = new Webhooks({
      store,
      guard,
      clock: systemClock,
      sealingKey: secretSealingKey(key),
      ca: config.webhookCa,
      userAgent: `tabwright/${packageVersion()} (webhooks)`,
      warn: (fields, message) => log.warn(fields, message),
    });
    const memory = { read: systemMemory, minFreeMb: config.minFreeMemoryMb };
    const warm = { sessions: config.warmSessions, canGrow: () => roomForReadyPage(memory) };
    const registry = new Registry({
      store,
      profiles,
      clock: systemClock,
      driver: new PlaywrightDriver(engine, { store, network, solver: config.captcha, ai: config.ai, dataDir: config.dataDir, telemetry, warm, maxTabs: config.maxTabs }),
      telemetry,
      onEngineLost: (listener) => engine.onLost(listener),
      gate: new EngineGate(config.engineConcurrency, systemClock),
      memory,
      node: config.nodeId,
      webhooks,
    });
    // Nodes sharing the database watch each other through it (with SQLite alone, only this one beats).
    const heartbeat = new Heartbeat(
      store,
      systemClock,
      config.nodeId,
      config.nodeTimeoutMs,
      (failed) => {
        log.warn({ count: failed.length, nodes: [...new Set(failed.map((row) => sessionNode(row.id)))] }, 'sessions of a node that stopped answering recorded as failed and refunded');
        void closeOrphanJournals(store, failed).catch((error: unknown) => log.warn({ err: error }, 'closing the journals of a lost node failed'));
      },
      (error) => log.warn({ err: error }, 'heartbeat failed'),
    );
    await heartbeat.start();
    undo.push(() => heartbeat.stop());
    webhooks.start();
    undo.push(() => webhooks.stop());
    const mcp = new McpConnections(packageVersion(), config.nodeId);
    const deps = { store, profiles, registry, clock: systemClock, engine, telemetry, dataDir: config.dataDir, mcp };
    const app = createApp(deps, { metricsToken: config.metricsToken ?? undefined });
    const handle = app.callback();
    server.on('request', (request, response) => void handle(request, response));
    server.on('upgrade', cdpUpgrades(deps));
    // MCP sessions first: each closes its default session through the API while it still answers.
    undo.push(() => mcp.closeAll().then(() => registry.shutdown()).then(() => engine.stop()));
    await unlessAborted(engine.start(), signal);

    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> =>
      (stopping ??= (async () => {
        // MCP sessions first, while the server still answers the DELETE of each default session.
        await mcp.closeAll();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await registry.shutdown();
        server.closeAllConnections();
        await closed;
        await engine.stop();
        clearInterval(pruning);
        await heartbeat.stop();
        await webhooks.stop();
        await store.close();
        ownership.release();
      })());
    return { server, url: `http://${config.host}:${port}`, store, profiles, engine, registry, stop };
  } catch (error) {
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (failure) {
        log.error({ err: failure }, 'closing after a failed start-up failed');
      }
    }
    throw error;
  }
}

function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
