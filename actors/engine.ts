import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser } from 'playwright';
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate';
import { engineHealth, engineMachine, engineStatus, retryAfterSeconds, unavailableReason, type EngineHealth } from '../machines/engine.js';
import { CHROMIUM_ARGS, findChromium, NO_CHROMIUM } from '../lib/platform/config/chromium.js';
import { sharedMemoryArgs } from '../lib/platform/config/chromium-host.js';
import { httpErrors } from '../lib/contract/errors.js';
import { Telemetry } from '../lib/platform/telemetry/index.js';
import { browserEndpoint } from '../lib/browser/cdp/endpoint.js';

/** Which Chromium to launch and how. */
export interface LaunchOptions {
  /** The configured CHROMIUM_PATH; default: the first of Debian's usual paths. */
  executablePath?: string;
  extraArgs?: readonly string[];
  /** Chromium's own sandbox (CHROMIUM_SANDBOX as configured); default off, as for root. */
  sandbox?: boolean;
  /**
   * False when the caller owns SIGINT, SIGTERM and SIGHUP (serve does): Playwright's own handlers
   * would close the browser under the caller's shutdown, and on SIGINT exit with 130 before it ends.
   */
  handleSignals?: boolean;
}

/** How to launch the browser; tests swap `launch` for a fake or a deliberately failing one. */
export interface EngineOptions {
  launch?: () => Promise<Browser>;
  /** For the default launch. */
  chromium?: LaunchOptions;
  maxRelaunchDelayMs?: number;
  /** Where launches, losses and relaunches are logged and counted (default: the process log). */
  telemetry?: Telemetry;
}

/** How long asking a new browser for its process id may take before the log goes without it. */
const PID_CAP_MS = 2_000;

/** The browser's operating-system process id, as Chromium reports it (Playwright's Browser has no process()). */
async function browserPid(browser: Browser): Promise<number | undefined> {
  const ask = async (): Promise<number | undefined> => {
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    await cdp.detach().catch(() => undefined);
    return processInfo.find((info) => info.type === 'browser')?.id;
  };
  return Promise.race([ask().catch(() => undefined), sleep(PID_CAP_MS, undefined, { ref: false })]);
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message.split('\n')[0] ?? error.name : String(error));

/** Launches Chromium headless with the service's flags. */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? findChromium();
  if (!executablePath) return Promise.reject(new Error(NO_CHROMIUM));
  const handle = options.handleSignals ?? true;
  return chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, ...sharedMemoryArgs(), ...(options.extraArgs ?? [])],
    chromiumSandbox: options.sandbox ?? false,
    headless: true,
    handleSIGINT: handle,
    handleSIGTERM: handle,
    handleSIGHUP: handle,
  });
}

/**
 * The one Chromium of this process, supervised by the engine machine: relaunched when it dies,
 * and reported unavailable (503 with Retry-After) while it is down.
 */
export class Engine {
  private readonly actor: Actor<typeof engineMachine>;
  private readonly lostListeners = new Set<() => void>();
  private readonly upListeners = new Set<() => void>();
  private readonly launched = new Set<Browser>();
  private readonly launches = new WeakMap<Browser, { pid: number | undefined; attempt: number; endpoint: string | undefined }>();
  private readonly telemetry: Telemetry;
  private current: Browser | null = null;
  private wasUp = false;

  constructor(options: EngineOptions = {}) {
    const launch = options.launch ?? (() => launchChromium(options.chromium));
    const telemetry = (this.telemetry = options.telemetry ?? new Telemetry());
    const machine = engineMachine.provide({
      actors: {
        launch: fromPromise<unknown, { attempt: number }>(async ({ input, signal }) => {
          let browser: Browser;
          try {
            browser = await launch();
          } catch (error) {
            telemetry.engineLaunchFailed({ attempt: input.attempt, error: messageOf(error) });
            throw error;
          }
          this.launched.add(browser);
          browser.on('disconnected', () => this.launched.delete(browser));
          // Shut down while it launched: the machine never sees this browser, so it is closed here.
          if (signal.aborted) {
            await browser.close().catch(() => undefined);
            throw new Error('the engine shut down while Chromium launched');
          }
          const pid = await browserPid(browser);
          this.launches.set(browser, { pid, attempt: input.attempt, endpoint: pid === undefined ? undefined : await browserEndpoint(pid) });
          return browser;
        }),
        watch: fromCallback(({ sendBack, input }) => {
          const browser = input.browser as Browser;
          const lost = (): void => sendBack({ type: 'lost' });
          if (!browser.isConnected()) lost();
          browser.on('disconnected', lost);
          return () => browser.off('disconnected', lost);
        }),
        close: fromPromise(async () => {
          // Close every browser ever launched, including one whose launch finished during shutdown.
          await Promise.all([...this.launched].map((browser) => browser.close().catch(() => undefined)));
        }),
      },
      actions: {
        notifyUp: (_, params) => {
          const browser = (this.current = params.browser as Browser);
          const launched = this.launches.get(browser);
          telemetry.engineUp({ pid: launched?.pid, version: browser.version(), attempt: launched?.attempt ?? 1, relaunch: this.wasUp });
          this.wasUp = true;
          for (const listener of this.upListeners) listener();
        },
        notifyLost: () => {
          telemetry.engineLost({ pid: this.pid });
          this.current = null;
          for (const listener of this.lostListeners) listener();
        },
        notifyDown: () => {
          this.current = null;
        },
      },
    });
    this.actor = createActor(machine, { input: { maxRelaunchDelayMs: options.maxRelaunchDelayMs } });
  }

  /** Starts the machine and resolves once the first launch has succeeded or failed. */
  async start(): Promise<void> {
    this.actor.start();
    await new Promise<void>((resolve) => {
      const check = (): void => {
        const status = engineStatus(this.actor.getSnapshot());
        if (status !== 'starting') {
          subscription.unsubscribe();
          resolve();
        }
      };
      const subscription = this.actor.subscribe(check);
      check();
    });
  }

  /** True while a browser is up. */
  get available(): boolean {
    return this.current !== null && engineStatus(this.actor.getSnapshot()) === 'up';
  }

  /** The running browser's process id (undefined while down, or if Chromium did not say). */
  get pid(): number | undefined {
    return this.current ? this.launches.get(this.current)?.pid : undefined;
  }

  /**
   * Where the running browser takes CDP connections besides Playwright's (a loopback address with
   * a secret path, lib/browser/cdp/endpoint.ts): only the CDP bridge connects there. Undefined while
   * down, or for a browser launched without the port.
   */
  get debuggingEndpoint(): string | undefined {
    return this.current && this.available ? this.launches.get(this.current)?.endpoint : undefined;
  }

  /** Why the last launch failed or the browser was lost, for the operator only (it names paths); undefined while none has. */
  get lastError(): string | undefined {
    return this.actor.getSnapshot().context.error;
  }

  /** up, restarting (a launch under way) or down, for /health. */
  get health(): EngineHealth {
    return engineHealth(this.actor.getSnapshot());
  }

  /** The running browser, or a 503 engine_unavailable with Retry-After, saying what the engine is doing. */
  browser(): Browser {
    if (this.current && this.available) return this.current;
    const snapshot = this.actor.getSnapshot();
    throw httpErrors.engineUnavailable(retryAfterSeconds(snapshot), unavailableReason(snapshot));
  }

  /** Seconds a client should wait before retrying while the engine is down. */
  retryAfter(): number {
    return retryAfterSeconds(this.actor.getSnapshot());
  }

  /** Calls `listener` each time the browser is lost. */
  onLost(listener: () => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  /** Calls `listener` each time a browser is up: after the first launch and after every relaunch. */
  onUp(listener: () => void): () => void {
    this.upListeners.add(listener);
    return () => this.upListeners.delete(listener);
  }

  /** Shuts the browser down and waits until no Chromium of ours is left. */
  async stop(): Promise<void> {
    this.actor.send({ type: 'shutdown' });
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (this.actor.getSnapshot().status === 'done') resolve();
      };
      this.actor.subscribe({ next: check, complete: resolve });
      check();
    });
    this.current = null;
    this.telemetry.engineStopped();
  }
}
