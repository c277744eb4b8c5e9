import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { hooksScript, topProgramScript } from '../lib/browser/program.js';
import { preparePage } from '../lib/browser/context/page.js';
import { blockedTypes } from '../lib/browser/context/resources.js';
import { DEFAULT_PROXY } from '../lib/contract/request/settings.js';
import { takesWarmContext, WARM_SETTINGS, type ContextSettings } from '../lib/browser/context/settings.js';
import { applyIdentity, identityOf, nextIdentity, type Identity } from '../lib/browser/context/user-agent.js';
import { deviceOf, emulationOptions, markTouch, sessionUserAgent } from '../lib/browser/context/device.js';
import type { PageSetup } from '../lib/browser/context/page.js';
import { addSessionCookies } from '../lib/browser/context/cookies.js';
import { settingRefusal } from '../lib/browser/context/refusal.js';
import { ApiError, httpErrors } from '../lib/contract/errors.js';
import { SessionTabs } from '../lib/browser/tabs/tabs.js';
import { DEFAULT_MAX_TABS } from '../lib/platform/config/index.js';
import { StabilityTracker } from '../lib/browser/observe/stability.js';
import type { PageEnv } from '../lib/browser/act/runner.js';
import type { ActLimits } from '../lib/browser/act/act.js';
import { stepModule } from '../lib/api/steps.js';
import { installBlockers } from '../lib/browser/blockers/index.js';
import { bindAi, SelectorCache } from '../lib/browser/ai/index.js';
import type { AiProvider, SolverConfig } from '../lib/platform/config/services.js';
import type { Store } from '../lib/platform/store/index.js';
import { CaptchaSolver } from '../lib/browser/captcha/solver.js';
import { AddressGuard } from '../lib/network/address.js';
import { ByteMeter } from '../lib/network/meter.js';
import { contextProxy, startSessionProxy, wasBlocked, type SessionProxy } from '../lib/network/proxy.js';
import { resolveUpstream, type Pools } from '../lib/network/upstream.js';
import { startTrace } from '../lib/browser/trace.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { Engine } from './engine.js';
import type { PageDriver } from './page-driver.js';
import { PlaywrightPage, type TraceTarget } from './playwright-page.js';
import { WarmPool } from './pool.js';
import { writeStartingState } from '../lib/browser/state/restore.js';
import { DownloadHub, keepDownloads, type SessionDownloads } from '../lib/browser/downloads/index.js';
import { PLANS } from '../lib/contract/plans.js';

export type { ContextSettings } from '../lib/browser/context/settings.js';
export type { Consumed, LiveView, PageDriver, PageFailure } from './page-driver.js';

/** The network path every session gets: where pools come from and what the guard allows. */
export interface NetworkOptions {
  guard: AddressGuard;
  pools: Pools | null;
}

/** The warm pool of a driver (issue 16): TABWRIGHT_WARM_SESSIONS, and the capacity's say on making more. */
export interface WarmOptions {
  /** How many default sessions' pages to keep ready; 0 keeps none. */
  sessions: number;
  /** Whether the machine has room for one more page now (the memory threshold); default: always. */
  canGrow?: () => boolean;
}

/** What the real driver is given; each part defaults to off (no store, nothing private allowed, no pools, no solver, no AI, no warm pool). */
export interface DriverOptions {
  /** With a store, AI selector resolutions are cached in it (per account and domain). */
  store?: Store;
  /** TABWRIGHT_ALLOW_HOSTS as the guard, TABWRIGHT_PROXIES as the pools. */
  network?: NetworkOptions;
  /** TABWRIGHT_CAPTCHA_*: where detected CAPTCHAs are sent. */
  solver?: SolverConfig | null;
  /** AI_*: who answers `ai >>` fields. */
  ai?: AiProvider | null;
  /** The data folder: traces (`traces/<session id>.zip`) and downloads (`downloads/<session id>/`) are written under it. Without one, `trace` is refused and downloads are not kept. */
  dataDir?: string;
  /** Where what became of each trace is logged, the live view's screencasts and frames and the warm pool counted. */
  telemetry?: Telemetry;
  /** Pages made ahead for creates with default options. */
  warm?: WarmOptions;
  /** TABWRIGHT_MAX_TABS: tabs one session may have open at once. */
  maxTabs?: number;
  /** Limits of the sessions' steps in place of their defaults (default: none), so a test's page that only runs into one need not wait it out. */
  limits?: ActLimits;
}

/** Opens a page per session; the real one is Playwright, tests may give a fake. */
export interface BrowserDriver {
  open(settings: ContextSettings): Promise<PageDriver>;
  /**
   * Marks a create under way until the returned function is called, once it has its answer: the
   * driver's background work (refilling its warm pool) waits meanwhile, so it never competes with it.
   */
  creating?(): () => void;
  /** Stops the driver's background work and closes the pages it holds ready; called once every session has ended. */
  shutdown?(): Promise<void>;
}

/** A context and its page with every set-up done except the session's own (its account, solver and trace). */
interface OpenedPage {
  browser: Browser;
  context: BrowserContext;
  /** What each of its pages is prepared with; its identity changes when a session that pins one takes a ready page. */
  setup: PageSetup;
  proxy: SessionProxy;
  env: Omit<PageEnv, 'solver' | 'limits' | 'journal' | 'tabs'> & { tabs: SessionTabs };
}

/** The real driver: each session gets its own BrowserContext in the engine's browser. */
export class PlaywrightDriver implements BrowserDriver {
  private readonly selectors: SelectorCache | null;
  private readonly network: NetworkOptions;
  private readonly solver: SolverConfig | null;
  private readonly ai: AiProvider | null;
  private readonly dataDir: string | null;
  private readonly telemetry: Telemetry | undefined;
  private readonly pool: WarmPool<OpenedPage> | null = null;
  private readonly maxTabs: number;
  private readonly limits: ActLimits | undefined;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    private readonly engine: Engine,
    options: DriverOptions = {},
  ) {
    this.selectors = options.store ? new SelectorCache(options.store) : null;
    this.network = options.network ?? { guard: new AddressGuard(), pools: null };
    this.solver = options.solver ?? null;
    this.ai = options.ai ?? null;
    this.dataDir = options.dataDir ?? null;
    this.telemetry = options.telemetry;
    this.maxTabs = options.maxTabs ?? DEFAULT_MAX_TABS;
    this.limits = options.limits;
    if (this.dataDir !== null && this.dataDir !== ':memory:') {
      // The downloads' browser CDP session is opened with the browser, not on a create's path.
      // onUp runs while the engine's machine is still entering `up`, when browser() would refuse:
      // the browser is asked for once that transition is done (and not at all if it was lost again).
      const prepare = (): void =>
        queueMicrotask(() => {
          if (engine.available) void DownloadHub.of(engine.browser()).catch(() => undefined);
        });
      this.unsubscribe.push(engine.onUp(prepare));
      if (engine.available) prepare();
    }
    const warm = options.warm;
    if (warm && warm.sessions > 0) {
      const canGrow = warm.canGrow ?? (() => true);
      const pool = (this.pool = new WarmPool<OpenedPage>(
        {
          make: () => this.build(WARM_SETTINGS, null),
          usable: (opened) => this.engine.available && this.engine.browser() === opened.browser && !opened.env.page.isClosed() && opened.env.deadline.failure === null,
          watch: (opened, lost) => {
            const { page } = opened.env;
            page.on('crash', lost);
            page.on('close', lost);
            opened.context.on('close', lost);
            return () => {
              page.off('crash', lost);
              page.off('close', lost);
              opened.context.off('close', lost);
            };
          },
          discard: (opened) => closeOpened(opened),
        },
        { size: warm.sessions, canGrow: () => this.engine.available && canGrow(), onChange: (ready) => this.telemetry?.warmReady(ready) },
      ));
      // Filled once the engine is up, emptied when it is lost (its pages went with it), filled again after the relaunch.
      this.unsubscribe.push(engine.onUp(() => pool.fill()), engine.onLost(() => void pool.drain()));
      pool.fill();
    }
  }

  /** Sessions' pages held ready or being made: memory the capacity check counts like live sessions'. */
  get warm(): number {
    return this.pool?.size ?? 0;
  }

  creating(): () => void {
    return this.pool?.hold() ?? (() => undefined);
  }

  async shutdown(): Promise<void> {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    await this.pool?.close();
  }

  /**
   * Opens the session's context and page, or leaves nothing behind: on any failure the context
   * and the session proxy are closed. A setting Chromium refuses is a 400 naming it; a browser
   * lost meanwhile is a 503. A create with every default option takes a page of the warm pool
   * when one is ready (nothing else tells it apart: each was made for one session only).
   */
  async open(settings: ContextSettings): Promise<PageDriver> {
    this.reserveDebuggingPort();
    const trace = this.traceTarget(settings);
    let opened: OpenedPage | undefined;
    if (this.pool && takesWarmContext(settings, this.network.pools)) {
      opened = await this.pool.take();
      this.telemetry?.warmTake(opened ? 'hit' : 'miss');
    }
    opened ??= await this.build(settings, trace);
    const { browser, context, proxy, env } = opened;
    let downloads: SessionDownloads | null;
    try {
      await assignIdentity(opened, settings.assignedUserAgent);
      await writeStartingState(context, env.page, settings);
      downloads = await this.keepDownloads(opened, settings);
    } catch (error) {
      await closeOpened(opened);
      if (!browser.isConnected()) throw httpErrors.engineUnavailable(this.engine.retryAfter(), 'The browser was lost while the session was opening');
      throw error;
    }
    const ai = { accountId: settings.accountId ?? '', cache: settings.accountId ? this.selectors : null, provider: this.ai };
    bindAi(env.page, ai);
    env.tabs.onTab((page) => bindAi(page, ai));
    const solver = this.solver ? new CaptchaSolver(this.solver) : undefined;
    return new PlaywrightPage(browser, context, proxy, { ...env, solver, limits: this.limits }, trace, this.telemetry, () => this.engine.debuggingEndpoint, downloads);
  }

  /** Keeps what the session's pages download under the data folder, within its plan's bounds; none without a data folder. */
  private keepDownloads(opened: OpenedPage, settings: ContextSettings): Promise<SessionDownloads | null> {
    if (this.dataDir === null || this.dataDir === ':memory:' || settings.sessionId === undefined) return Promise.resolve(null);
    const limits = PLANS[settings.plan ?? 'trial'];
    return keepDownloads(opened.browser, opened.context, opened.env.deadline.session, { dataDir: this.dataDir, sessionId: settings.sessionId, limits });
  }

  /** The engine's own CDP port is refused to every page, whatever the allow-list lets through (it changes with each launch). */
  private reserveDebuggingPort(): void {
    const endpoint = this.engine.debuggingEndpoint;
    if (endpoint) this.network.guard.reservePort(Number(new URL(endpoint).port));
  }

  /** A context, page and session proxy made for `settings`, every set-up done; on failure nothing is left open. */
  private async build(settings: ContextSettings, trace: TraceTarget | null): Promise<OpenedPage> {
    const browser = this.engine.browser();
    const pinned = sessionUserAgent(settings, browser.version()) ?? settings.assignedUserAgent;
    const device = deviceOf(settings);
    const identity = pinned ? identityOf(pinned, device?.isMobile) : nextIdentity(browser.version());
    const upstream = resolveUpstream(settings.proxy ?? DEFAULT_PROXY, settings.url, this.network.pools);
    const proxy = await startSessionProxy({ upstream, guard: this.network.guard, meter: new ByteMeter() });
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext({
        proxy: contextProxy(proxy),
        viewport: settings.viewport,
        userAgent: identity.userAgent,
        locale: settings.locale,
        timezoneId: settings.timezone,
        serviceWorkers: 'block',
        acceptDownloads: false,
        ...emulationOptions(settings),
      });
      if (device?.hasTouch) markTouch(context);
      // From the first moment, so the trace shows the session's whole set-up and first navigation.
      if (trace) await startTrace(context);
      return await this.setUp(browser, context, proxy, settings, identity);
    } catch (error) {
      await context?.close().catch(() => undefined);
      await proxy.close().catch(() => undefined);
      if (error instanceof ApiError) throw error;
      if (!browser.isConnected()) throw httpErrors.engineUnavailable(this.engine.retryAfter(), 'The browser was lost while the session was opening');
      throw settingRefusal(error) ?? error;
    }
  }

  /** Where the trace of a session opened with `settings` goes, or null when it records none. */
  private traceTarget(settings: ContextSettings): TraceTarget | null {
    if (!settings.trace) return null;
    if (this.dataDir === null || settings.sessionId === undefined) throw new Error('a trace needs a data folder and the session id');
    return { dataDir: this.dataDir, sessionId: settings.sessionId, telemetry: this.telemetry };
  }

  private async setUp(browser: Browser, context: BrowserContext, proxy: SessionProxy, settings: ContextSettings, identity: Identity): Promise<OpenedPage> {
    // Independent context set-up, sent together rather than one round trip after another. The
    // init scripts keep the order they are issued in: the mutation clock, the click hooks, then
    // the program in top documents (which takes the hooks), then the blockers' (after their binding).
    const [tracker, , , blockers] = await Promise.all([
      StabilityTracker.attach(context),
      context.addInitScript({ content: hooksScript() }),
      context.addInitScript({ content: topProgramScript() }),
      installBlockers(context, { enabled: settings.auto_dismiss_blockers }),
      addSessionCookies(context, settings.cookies ?? []),
    ]);
    const setup: PageSetup = { identity, locale: settings.locale, blocked: blockedTypes(settings.block_resources) };
    // Each page is prepared once; whoever comes second (the 'page' event or us) awaits the same work.
    const prepared = new WeakMap<Page, Promise<CDPSession>>();
    const prepare = (target: Page): Promise<CDPSession> => {
      let done = prepared.get(target);
      if (!done) prepared.set(target, (done = preparePage(target, setup)));
      return done;
    };
    context.on('page', (opened) => void prepare(opened).catch(() => undefined));
    const page = await context.newPage();
    // The deadline's CDP session is opened with the page (a renderer that is already busy could
    // not answer the set-up of a new one): the one its preparation opens. Pages it opens become tabs.
    const tabs = await SessionTabs.start(page, await prepare(page), { context, tracker, prepare, max: this.maxTabs });
    const { deadline, observer } = tabs.first;
    const network = { blocked: (url: string) => wasBlocked(proxy, url), blockedCount: () => proxy.blockedHosts().length, diagnose: (url: string) => proxy.diagnose(url), proxyUrl: proxy.url };
    return { browser, context, proxy, setup, env: { page, deadline, observer, tabs, blockers, network, stepModule } };
  }
}

/**
 * Gives a ready page the User-Agent a fork's source was assigned, when the pool made it with
 * another: the page's override changes now, and the pages it opens later get it too.
 */
async function assignIdentity(opened: OpenedPage, userAgent: string | undefined): Promise<void> {
  if (!userAgent || opened.setup.identity.userAgent === userAgent) return;
  opened.setup.identity = identityOf(userAgent);
  await applyIdentity(opened.env.deadline.session, opened.setup.identity, opened.setup.locale);
}

/** Closes a page that no session took (the pool's, on a drain or at shutdown): its context, then its proxy. */
async function closeOpened(opened: OpenedPage): Promise<void> {
  await opened.context.close().catch(() => undefined);
  await opened.proxy.close().catch(() => undefined);
}
