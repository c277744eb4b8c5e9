import type { Browser, BrowserContext, Page } from 'playwright';
import type { JournalSink } from '../lib/platform/journal/events.js';
import { applyInput } from '../lib/browser/live/input.js';
import { Screencast } from '../lib/browser/live/screencast.js';
import type { SessionProxy } from '../lib/network/proxy.js';
import { runAct, type ActRequest, type PageEnv, type RunOutcome } from '../lib/browser/act/runner.js';
import type { TabView } from '../lib/browser/act/act.js';
import type { SessionTabs } from '../lib/browser/tabs/tabs.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import { takeAiUsage } from '../lib/browser/ai/index.js';
import { saveTrace, TRACE_SAVE_CAP_MS } from '../lib/browser/trace.js';
import type { BridgeTarget } from '../lib/browser/cdp/bridge.js';
import type { Consumed, LiveView, PageDriver, PageFailure } from './page-driver.js';
import { journalPageEvents } from './page-journal.js';
import { readForkPoint, type ForkPoint } from '../lib/browser/state/fork.js';
import { readStorage, type StorageState } from '../lib/browser/state/storage.js';
import { DOWNLOAD_SETTLE_MS, type SessionDownloads } from '../lib/browser/downloads/index.js';
import type { DownloadItem } from '../lib/contract/response/download.js';

/** Where a page's trace goes when it closes. */
export interface TraceTarget {
  dataDir: string;
  sessionId: string;
  telemetry?: Telemetry;
}

/** A session's BrowserContext and its tabs' pages in the engine's Chromium. */
export class PlaywrightPage implements PageDriver {
  readonly live: LiveView;
  private readonly screencast: Screencast;
  /** Every page the session has had, for the AI tokens spent on it; a closed one goes once they are taken. */
  private readonly pages: Page[];

  constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    private readonly proxy: SessionProxy,
    private readonly env: PageEnv & { tabs: SessionTabs },
    private readonly trace: TraceTarget | null,
    telemetry?: Telemetry,
    /** The engine's own CDP address while it is up (actors/engine.ts). */
    private readonly debuggingEndpoint: () => string | undefined = () => undefined,
    /** What its pages download (null without a data folder: Playwright refuses downloads then). */
    private readonly kept: SessionDownloads | null = null,
  ) {
    const metrics = telemetry?.metrics;
    this.pages = [env.page];
    env.tabs.onTab((page) => this.pages.push(page));
    // The live view and takeover follow the active tab.
    this.screencast = new Screencast(() => this.tab.page, metrics && {
      frame: () => metrics.liveFrames.inc(),
      running: (on) => (on ? metrics.screencasts.inc() : metrics.screencasts.dec()),
    });
    this.live = {
      watch: (viewer) => this.screencast.watch(viewer),
      input: (events) => applyInput(this.tab.page, events),
    };
  }

  /** The active tab: what acts run on, the live view shows and a fork starts from. */
  private get tab(): TabView {
    return this.env.tabs.active;
  }

  get closeExtraMs(): number {
    return this.trace ? TRACE_SAVE_CAP_MS : 0;
  }

  get connected(): boolean {
    return this.browser.isConnected();
  }

  onPageFailure(listener: (failure: PageFailure) => void): void {
    // A browser that went away takes its pages with it: that is the engine's loss to report. A tab
    // in the background that fails closes alone (lib/browser/tabs/tabs.ts).
    this.env.tabs.onFailure(({ code, message }) => {
      if (this.browser.isConnected()) listener({ code, message });
    });
  }

  async run(request: ActRequest, signal: AbortSignal): Promise<RunOutcome> {
    try {
      const outcome = await runAct(this.env, request, signal);
      // A click that starts a download answers once the file is kept (or cut), within a bound.
      await this.kept?.settled(DOWNLOAD_SETTLE_MS, signal);
      return outcome;
    } finally {
      this.screencast.follow();
    }
  }

  attachJournal(journal: JournalSink): void {
    this.env.journal = journal;
    this.env.tabs.journal = journal;
    journalPageEvents(this.env.page, journal);
    this.env.tabs.onTab((page) => journalPageEvents(page, journal));
    this.kept?.attachJournal(journal);
  }

  downloads(): DownloadItem[] {
    return this.kept?.list() ?? [];
  }

  async close({ keepTrace = true } = {}): Promise<void> {
    this.env.tabs.end();
    await this.screencast.stop();
    // The trace is written while the context is still open: closing it first would lose the recording.
    if (this.trace && keepTrace && this.browser.isConnected()) {
      const { dataDir, sessionId, telemetry } = this.trace;
      const saved = await saveTrace(this.context, dataDir, sessionId);
      telemetry?.traceSaved(sessionId, saved);
    }
    this.kept?.closeStarted();
    await this.context.close().catch(() => undefined);
    this.kept?.close();
    await this.proxy.close().catch(() => undefined);
  }

  forkPoint(): Promise<ForkPoint | undefined> {
    return readForkPoint(this.tab.page);
  }

  storage(): Promise<StorageState> {
    return readStorage(this.context);
  }

  private cdpIds: Promise<{ contextId: string; mainTargetId: string }> | undefined;

  async cdpTarget(): Promise<BridgeTarget | undefined> {
    const endpoint = this.debuggingEndpoint();
    if (!endpoint || !this.browser.isConnected()) return undefined;
    // Asked through the CDP session the page's deadline already holds: opening one more takes
    // Playwright tens of milliseconds, on the path of every first connection.
    // The session's first tab (or, once it closed, the active one) is the page a client may not close.
    this.cdpIds ??= this.env.tabs.first.deadline.session.send('Target.getTargetInfo').then(({ targetInfo }) => ({ contextId: targetInfo.browserContextId ?? '', mainTargetId: targetInfo.targetId }));
    return { endpoint, ...(await this.cdpIds) };
  }

  private bytesTaken = { datacenter: 0, residential: 0 };

  /** Tokens, bytes and CAPTCHA solves since the previous call; bytes count connections still open, up to now. */
  usage(): Consumed {
    const spent = { promptTokens: 0, completionTokens: 0 };
    for (const page of this.pages) {
      const taken = takeAiUsage(page);
      spent.promptTokens += taken.promptTokens;
      spent.completionTokens += taken.completionTokens;
    }
    this.pages.splice(0, this.pages.length, ...this.pages.filter((page) => page === this.env.page || !page.isClosed()));
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
