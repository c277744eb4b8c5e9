import type { Browser, BrowserContext, Page } from 'playwright';
import { hooksScript } from '../lib/observe/bundle.js';
import { PageObserver } from '../lib/observe/observer.js';
import { preparePage } from '../lib/context/page.js';
import { blockedTypes } from '../lib/context/resources.js';
import { identityOf, nextIdentity, type Identity } from '../lib/context/user-agent.js';
import { addSessionCookies, type ContextCookies } from '../lib/context/cookies.js';
import { settingRefusal } from '../lib/context/refusal.js';
import { ApiError, httpErrors, type StepError } from '../lib/errors.js';
import type { JournalSink } from '../lib/journal/events.js';
import { PageDeadline } from '../lib/page/deadline.js';
import { StabilityTracker } from '../lib/observe/stability.js';
import { runAct, type ActPlan, type PageEnv, type RunOutcome } from '../lib/steps/runner.js';
import { installBlockers } from '../lib/blockers/index.js';
import { bindAi, SelectorCache, takeAiUsage, type AiProvider } from '../lib/ai/index.js';
import type { Store } from '../lib/store/index.js';
import { CaptchaSolver, type SolverConfig } from '../lib/captcha/solver.js';
import { AddressGuard } from '../lib/net/address.js';
import { ByteMeter } from '../lib/net/meter.js';
import { contextProxy, startSessionProxy, wasBlocked, type SessionProxy } from '../lib/net/proxy.js';
import { resolveUpstream, type Pools } from '../lib/net/upstream.js';
import type { ProxySetting } from '../lib/net/upstream.js';
import { saveTrace, startTrace, TRACE_SAVE_CAP_MS } from '../lib/trace/recording.js';
import { Screencast, type Viewer } from '../lib/live/screencast.js';
import { applyInput } from '../lib/live/input.js';
import type { InputEvent } from '../lib/request/input.js';
import type { Telemetry } from '../lib/telemetry/index.js';
import type { Engine } from './engine.js';
import { journalPageEvents } from './page-journal.js';

/** Context options a create may set (contract 4.1). */
export interface ContextSettings {
  viewport: { width: number; height: number };
  /** A custom User-Agent; absent means the next one of the rotating pool. */
  userAgent?: string;
  locale?: string;
  timezoneId?: string;
  cookies?: ContextCookies;
  /** `block_resources` of the create body (media is always blocked). */
  blockResources: readonly string[];
  autoDismissBlockers: boolean;
  /** The session's account: AI selector resolutions are cached per account and domain. */
  accountId?: string;
  /** The create's `proxy` (default datacenter, country auto) and `url` (for country auto). */
  proxy?: ProxySetting;
  url?: string;
  /** The create's `trace`: record a Playwright trace, written when the page closes. */
  trace?: boolean;
  /** The id the session will have: the trace's file name. */
  sessionId?: string;
}

/** One session's page as the lifecycle sees it: run an act, close, and whether the browser is still there. */
export interface PageDriver {
  run(plan: ActPlan, signal: AbortSignal): Promise<RunOutcome>;
  /** Ends the page; a trace is written first unless `keepTrace` is false (a session that never started). */
  close(options?: { keepTrace?: boolean }): Promise<void>;
  /** How much longer than closing a context `close` may take: writing a trace (0 when there is none). */
  readonly closeExtraMs?: number;
  readonly connected: boolean;
  /** What the session consumed besides time since the previous call (take semantics: each amount once). */
  usage?(): Consumed;
  /**
   * Calls `listener` once if the page is lost for good while the browser stays up: its renderer
   * crashed (page_crashed), or it was closed because its script could not be stopped (page_unresponsive).
   */
  onPageFailure?(listener: (failure: PageFailure) => void): void;
  /** The page as a person sees and drives it (issue 14); a driver without one has no live view. */
  readonly live?: LiveView;
  /** From now on, records navigations, page errors and console errors, and each step of each act, in `journal`. */
  attachJournal?(journal: JournalSink): void;
}

/** A page's live view: screencast frames to whoever watches, and a person's input. */
export interface LiveView {
  /** Streams frames to `viewer` until the returned function is called. */
  watch(viewer: Viewer): () => void;
  /** Applies the events in order; resolves with how many were applied. */
  input(events: readonly InputEvent[]): Promise<number>;
}

/** Why a session's page is gone (a step error code and its message). */
export interface PageFailure {
  code: StepError['code'];
  message: string;
}

/** What a session consumed besides time. */
export interface Consumed {
  aiTokens: number;
  bytesDatacenter: number;
  bytesResidential: number;
  captchaSolves: number;
}

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

/** Where a page's trace goes when it closes. */
interface TraceTarget {
  dataDir: string;
  sessionId: string;
  telemetry?: Telemetry;
}

/** Opens a page per session; the real one is Playwright, tests may give a fake. */
export interface BrowserDriver {
  open(settings: ContextSettings): Promise<PageDriver>;
}

/** A session's BrowserContext and page in the engine's Chromium. */
class PlaywrightPage implements PageDriver {
  readonly live: LiveView;
  private readonly screencast: Screencast;

  constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    private readonly proxy: SessionProxy,
    private readonly env: PageEnv,
    private readonly trace: TraceTarget | null,
    telemetry?: Telemetry,
  ) {
    const metrics = telemetry?.metrics;
    this.screencast = new Screencast(() => this.env.page, metrics && {
      frame: () => metrics.liveFrames.inc(),
      running: (on) => (on ? metrics.screencasts.inc() : metrics.screencasts.dec()),
    });
    this.live = {
      watch: (viewer) => this.screencast.watch(viewer),
      input: (events) => applyInput(this.env.page, events),
    };
  }

  get closeExtraMs(): number {
    return this.trace ? TRACE_SAVE_CAP_MS : 0;
  }

  get connected(): boolean {
    return this.browser.isConnected();
  }

  onPageFailure(listener: (failure: PageFailure) => void): void {
    // A browser that went away takes its pages with it: that is the engine's loss to report.
    this.env.deadline.onFailure(({ code, message }) => {
      if (this.browser.isConnected()) listener({ code, message });
    });
  }

  async run(plan: ActPlan, signal: AbortSignal): Promise<RunOutcome> {
    try {
      return await runAct(this.env, plan, signal);
    } finally {
      this.screencast.follow();
    }
  }

  attachJournal(journal: JournalSink): void {
    this.env.journal = journal;
    journalPageEvents(this.env.page, journal);
  }

  async close({ keepTrace = true } = {}): Promise<void> {
    await this.screencast.stop();
    // The trace is written while the context is still open: closing it first would lose the recording.
    if (this.trace && keepTrace && this.browser.isConnected()) {
      const { dataDir, sessionId, telemetry } = this.trace;
      const saved = await saveTrace(this.context, dataDir, sessionId);
      telemetry?.traceSaved(sessionId, saved);
    }
    await this.context.close().catch(() => undefined);
    await this.proxy.close().catch(() => undefined);
  }

  private bytesTaken = { datacenter: 0, residential: 0 };

  /** Tokens, bytes and CAPTCHA solves since the previous call; bytes count connections still open, up to now. */
  usage(): Consumed {
    const spent = takeAiUsage(this.env.page);
    const bytes = this.proxy.bytes();
    const taken = this.bytesTaken;
    this.bytesTaken = { ...bytes };
    return {
      aiTokens: spent.promptTokens + spent.completionTokens,
      bytesDatacenter: bytes.datacenter - taken.datacenter,
      bytesResidential: bytes.residential - taken.residential,
      captchaSolves: this.env.solver?.takeSolves() ?? 0,
    };
  }
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
    const browser = this.engine.browser();
    const identity = settings.userAgent ? identityOf(settings.userAgent) : nextIdentity(browser.version());
    const upstream = resolveUpstream(settings.proxy ?? { kind: 'datacenter', country: 'auto' }, settings.url, this.network.pools);
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
      return await this.setUp(browser, context, proxy, settings, identity, trace);
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

  private async setUp(
    browser: Browser, context: BrowserContext, proxy: SessionProxy, settings: ContextSettings, identity: Identity, trace: TraceTarget | null,
  ): Promise<PlaywrightPage> {
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
    bindAi(page, { accountId: settings.accountId ?? '', cache: settings.accountId ? this.selectors : null, provider: this.ai });
    const network = { blocked: (url: string) => wasBlocked(proxy, url), blockedCount: () => proxy.blockedHosts().length, diagnose: (url: string) => proxy.diagnose(url), proxyUrl: proxy.url };
    const solver = this.solver ? new CaptchaSolver(this.solver) : undefined;
    return new PlaywrightPage(browser, context, proxy, { page, deadline, observer: new PageObserver(page, tracker), blockers, network, solver }, trace, this.telemetry);
  }
}
