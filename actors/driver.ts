import type { Browser, BrowserContext, Page } from 'playwright';
import { hooksScript } from '../lib/observe/bundle.js';
import { PageObserver } from '../lib/observe/observer.js';
import { preparePage } from '../lib/context/page.js';
import { blockedTypes } from '../lib/context/resources.js';
import { DEFAULT_PROXY, type ContextSettings } from '../lib/context/settings.js';
import { identityOf, nextIdentity, type Identity } from '../lib/context/user-agent.js';
import { addSessionCookies } from '../lib/context/cookies.js';
import { settingRefusal } from '../lib/context/refusal.js';
import { ApiError, httpErrors } from '../lib/errors.js';
import { PageDeadline } from '../lib/page/deadline.js';
import { StabilityTracker } from '../lib/observe/stability.js';
import type { PageEnv } from '../lib/steps/runner.js';
import { installBlockers } from '../lib/blockers/index.js';
import { bindAi, SelectorCache, type AiProvider } from '../lib/ai/index.js';
import type { Store } from '../lib/store/index.js';
import { CaptchaSolver, type SolverConfig } from '../lib/captcha/solver.js';
import { AddressGuard } from '../lib/net/address.js';
import { ByteMeter } from '../lib/net/meter.js';
import { contextProxy, startSessionProxy, wasBlocked, type SessionProxy } from '../lib/net/proxy.js';
import { resolveUpstream, type Pools } from '../lib/net/upstream.js';
import { startTrace } from '../lib/trace/recording.js';
import type { Telemetry } from '../lib/telemetry/index.js';
import type { Engine } from './engine.js';
import type { PageDriver } from './page-driver.js';
import { PlaywrightPage, type TraceTarget } from './playwright-page.js';

export type { ContextSettings } from '../lib/context/settings.js';
export type { Consumed, LiveView, PageDriver, PageFailure } from './page-driver.js';

/** The network path every session gets: where pools come from and what the guard allows. */
export interface NetworkOptions {
  guard: AddressGuard;
  pools: Pools | null;
}

/** What the real driver is given; each part defaults to off (no store, nothing private allowed, no pools, no solver, no AI). */
export interface DriverOptions {
  /** With a store, AI selector resolutions are cached in it (per account and domain). */
  store?: Store;
  /** TABWRIGHT_ALLOW_HOSTS as the guard, TABWRIGHT_PROXIES as the pools. */
  network?: NetworkOptions;
  /** TABWRIGHT_CAPTCHA_*: where detected CAPTCHAs are sent. */
  solver?: SolverConfig | null;
  /** AI_*: who answers `ai >>` fields. */
  ai?: AiProvider | null;
  /** The data folder: traces are written under it (`traces/<session id>.zip`). Without one, `trace` is refused. */
  dataDir?: string;
  /** Where what became of each trace is logged, and the live view's screencasts and frames counted. */
  telemetry?: Telemetry;
}

/** Opens a page per session; the real one is Playwright, tests may give a fake. */
export interface BrowserDriver {
  open(settings: ContextSettings): Promise<PageDriver>;
}

/** A context and its page with every set-up done except the session's own (its account, solver and trace). */
interface OpenedPage {
  browser: Browser;
  context: BrowserContext;
  proxy: SessionProxy;
  env: Omit<PageEnv, 'solver' | 'journal'>;
}

/** The real driver: each session gets its own BrowserContext in the engine's browser. */
export class PlaywrightDriver implements BrowserDriver {
  private readonly selectors: SelectorCache | null;
  private readonly network: NetworkOptions;
  private readonly solver: SolverConfig | null;
  private readonly ai: AiProvider | null;
  private readonly dataDir: string | null;
  private readonly telemetry: Telemetry | undefined;

  constructor(
    private readonly engine: Engine,
    options: DriverOptions = {},
  ) {
    this.selectors = options.store ? new SelectorCache(options.store.db) : null;
    this.network = options.network ?? { guard: new AddressGuard(), pools: null };
    this.solver = options.solver ?? null;
    this.ai = options.ai ?? null;
    this.dataDir = options.dataDir ?? null;
    this.telemetry = options.telemetry;
  }

  /**
   * Opens the session's context and page, or leaves nothing behind: on any failure the context
   * and the session proxy are closed. A setting Chromium refuses is a 400 naming it; a browser
   * lost meanwhile is a 503.
   */
  async open(settings: ContextSettings): Promise<PageDriver> {
    const trace = this.traceTarget(settings);
    const opened = await this.build(settings, trace);
    const { browser, context, proxy, env } = opened;
    bindAi(env.page, { accountId: settings.accountId ?? '', cache: settings.accountId ? this.selectors : null, provider: this.ai });
    const solver = this.solver ? new CaptchaSolver(this.solver) : undefined;
    return new PlaywrightPage(browser, context, proxy, { ...env, solver }, trace, this.telemetry);
  }

  /** A context, page and session proxy made for `settings`, every set-up done; on failure nothing is left open. */
  private async build(settings: ContextSettings, trace: TraceTarget | null): Promise<OpenedPage> {
    const browser = this.engine.browser();
    const identity = settings.userAgent ? identityOf(settings.userAgent) : nextIdentity(browser.version());
    const upstream = resolveUpstream(settings.proxy ?? DEFAULT_PROXY, settings.url, this.network.pools);
    const proxy = await startSessionProxy({ upstream, guard: this.network.guard, meter: new ByteMeter() });
    let context: BrowserContext | undefined;
    try {
      context = await browser.newContext({
        proxy: contextProxy(proxy),
        viewport: settings.viewport,
        userAgent: identity.userAgent,
        locale: settings.locale,
        timezoneId: settings.timezoneId,
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
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
    // the blockers' (after their binding). The walker comes into a document when first needed.
    const [tracker, , blockers] = await Promise.all([
      StabilityTracker.attach(context),
      context.addInitScript({ content: hooksScript() }),
      installBlockers(context, { enabled: settings.autoDismissBlockers }),
      addSessionCookies(context, settings.cookies ?? []),
    ]);
    const setup = { identity, locale: settings.locale, blocked: blockedTypes(settings.blockResources) };
    // Each page is prepared once; whoever comes second (the 'page' event or us) awaits the same work.
    const prepared = new WeakMap<Page, Promise<void>>();
    const prepare = (target: Page): Promise<void> => {
      let done = prepared.get(target);
      if (!done) prepared.set(target, (done = preparePage(target, setup)));
      return done;
    };
    context.on('page', (opened) => void prepare(opened).catch(() => undefined));
    const page = await context.newPage();
    // Opened with the page: a renderer that is already busy could not answer the set-up of a new session.
    const [deadline] = await Promise.all([context.newCDPSession(page).then((cdp) => PageDeadline.attach(page, cdp)), prepare(page)]);
    const network = { blocked: (url: string) => wasBlocked(proxy, url), blockedCount: () => proxy.blockedHosts().length, diagnose: (url: string) => proxy.diagnose(url), proxyUrl: proxy.url };
    return { browser, context, proxy, env: { page, deadline, observer: new PageObserver(page, tracker), blockers, network } };
  }
}
