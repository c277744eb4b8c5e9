import type { Browser, BrowserContext } from 'playwright';
import { PageObserver } from '../lib/observe/observer.js';
import { StabilityTracker } from '../lib/observe/stability.js';
import { runAct, type ActPlan, type RunOutcome } from '../lib/steps/runner.js';
import type { Engine } from './engine.js';

/** Context options a create may set (contract 4.1). */
export interface ContextSettings {
  viewport: { width: number; height: number };
  userAgent?: string;
  locale?: string;
  timezoneId?: string;
  cookies?: Parameters<BrowserContext['addCookies']>[0];
}

/** One session's page as the lifecycle sees it: run an act, close, and whether the browser is still there. */
export interface PageDriver {
  run(plan: ActPlan, signal: AbortSignal): Promise<RunOutcome>;
  close(): Promise<void>;
  readonly connected: boolean;
}

/** Opens a page per session; the real one is Playwright, tests may give a fake. */
export interface BrowserDriver {
  open(settings: ContextSettings): Promise<PageDriver>;
}

/** A session's BrowserContext and page in the engine's Chromium. */
class PlaywrightPage implements PageDriver {
  constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    private readonly observer: PageObserver,
    private readonly page: Awaited<ReturnType<BrowserContext['newPage']>>,
  ) {}

  get connected(): boolean {
    return this.browser.isConnected();
  }

  run(plan: ActPlan, signal: AbortSignal): Promise<RunOutcome> {
    return runAct(this.page, this.observer, plan, signal);
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}

/** The real driver: each session gets its own BrowserContext in the engine's browser. */
export class PlaywrightDriver implements BrowserDriver {
  constructor(private readonly engine: Engine) {}

  async open(settings: ContextSettings): Promise<PageDriver> {
    const browser = this.engine.browser();
    const context = await browser.newContext({
      viewport: settings.viewport,
      userAgent: settings.userAgent,
      locale: settings.locale,
      timezoneId: settings.timezoneId,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    try {
      if (settings.cookies?.length) await context.addCookies(settings.cookies);
      const tracker = await StabilityTracker.attach(context);
      const page = await context.newPage();
      return new PlaywrightPage(browser, context, new PageObserver(page, tracker), page);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }
}
