// What an action step waits for: what the action caused, not the whole page's quiet. A page with
// a ticking clock or a poll never goes quiet, and the contract asks for a stable page in the
// answer, not after every step: the act's observation takes that measure once. After an action,
// the requests it fired (during the action, or within a short grace after it or after one of
// them ended: a response's handler that fires the next) are waited for, bounded, and the page
// gets a frame to apply their results; the next step's own auto-wait does the rest. An action
// that changed and fired nothing on a quiet page costs a task turn and one read of its quiet.
import type { BrowserContext, Page, Request } from 'playwright';
import type { Act } from '../act.js';
import { countsAsLoading } from '../../observe/stability.js';
import { inPage } from '../../program.js';
import { pause, withCap } from '../../../platform/time.js';

/** After the action, or after a request it caused ended, how long a new request still counts as caused. */
export const CAUSE_GRACE_MS = 50;
/** The longest an action step waits for the requests it caused to end (a navigation it started gets longer). */
export const SETTLE_CAP_MS = 3_000;
/** Once a navigation request ended, how long its document gets to commit (a 204 never does). */
const COMMIT_WAIT_MS = 500;
/** A page that paints no frames (hidden) or answers slowly still ends the turn. */
const TURN_CAP_MS = 250;

/** True when `request` is one of `page`'s frames' (a service worker's has no frame). */
export function isPageRequest(page: Page, request: Request): boolean {
  try {
    return request.frame().page() === page;
  } catch {
    return false;
  }
}

/** One turn of the page's rendering and event loop: what its handlers scheduled has run. Never fails. */
async function pageTurn(page: Page): Promise<void> {
  await withCap(inPage(page, 'nextTurn', TURN_CAP_MS).catch(() => undefined), 2 * TURN_CAP_MS);
}

/**
 * Watches a page while an action runs and after it: the requests the action caused (counted as
 * the stability tracker counts them: no websocket, event stream or media), and whether one of
 * them is a main-frame navigation. Dispose it when the step is done with it.
 */
export class ActionEffects {
  /**
   * The page's requests are heard through its context, whose request events the session's
   * stability tracker keeps subscribed: a listener added on the page itself would switch
   * Playwright's page subscription on and off for every step.
   */
  private readonly context: BrowserContext;
  private readonly caused = new Set<Request>();
  private acting = true;
  /** Until when a new request still counts as caused (performance.now()). */
  private windowEnd = Number.POSITIVE_INFINITY;
  private wake: () => void = () => undefined;
  /** Some caused request ended: its result is for the page to apply. */
  private answered = false;
  /** Some request was caused. */
  private anyCaused = false;
  /** A main-frame navigation request was caused. */
  navigationStarted = false;

  /**
   * `stableAfterTurn` reads whether the page passes the stability check a task from now (at most
   * the `turnMs` it is given): a page that does, once its handlers had their turn and nothing was
   * caused, has nothing left to wait for.
   */
  constructor(
    private readonly page: Page,
    private readonly stableAfterTurn?: (turnMs: number) => Promise<boolean>,
  ) {
    this.context = page.context();
    this.context.on('request', this.onRequest);
    this.context.on('requestfinished', this.onEnded);
    this.context.on('requestfailed', this.onEnded);
  }

  private readonly onRequest = (request: Request): void => {
    if (!countsAsLoading(request) || !isPageRequest(this.page, request)) return;
    if (!this.acting && performance.now() > this.windowEnd) return;
    this.caused.add(request);
    this.anyCaused = true;
    if (request.isNavigationRequest() && request.frame() === this.page.mainFrame()) this.navigationStarted = true;
    this.wake();
  };

  private readonly onEnded = (request: Request): void => {
    if (!this.caused.delete(request)) return;
    this.answered = true;
    // A document that came may still be committing; one that failed (or became a download) will not.
    const committing = request.isNavigationRequest() && request.frame() === this.page.mainFrame() && request.failure() === null;
    this.windowEnd = Math.max(this.windowEnd, performance.now() + (committing ? COMMIT_WAIT_MS : CAUSE_GRACE_MS));
    this.wake();
  };

  /** True while a main-frame navigation request the action caused is in flight. */
  private navigating(): boolean {
    for (const request of this.caused) if (request.isNavigationRequest() && request.frame() === this.page.mainFrame()) return true;
    return false;
  }

  /** The action is over: from now on a request counts only within the grace after it (or after a caused one ended). */
  actionEnded(): void {
    this.acting = false;
    this.windowEnd = performance.now() + CAUSE_GRACE_MS;
  }

  /**
   * Waits until the requests caused so far have ended and the grace after the last has passed
   * without a new one, then for the page's next frame (so handlers of their answers ran): at most
   * `capMs`, or `navigationCapMs` while a main-frame navigation it caused is in flight. An abort
   * of `signal` (the navigation committed or failed) ends it at once. When nothing was caused and
   * the page is stable a task after the action (it changed nothing, fired nothing), it ends
   * there, without the grace: one read, as cheap as the stability check it replaces.
   */
  async settled({ capMs = SETTLE_CAP_MS, navigationCapMs = capMs, signal }: { capMs?: number; navigationCapMs?: number; signal?: AbortSignal } = {}): Promise<void> {
    const start = performance.now();
    this.windowEnd = Math.max(this.acting ? 0 : this.windowEnd, start + CAUSE_GRACE_MS);
    if (this.stableAfterTurn && !this.anyCaused && (await this.stableAfterTurn(TURN_CAP_MS)) && !this.anyCaused) return;
    // The page's own turn, for what its handlers do a frame after the action.
    let turn = pageTurn(this.page);
    for (;;) {
      if (signal?.aborted) return;
      const now = performance.now();
      const cap = this.navigating() ? navigationCapMs : capMs;
      const left = start + cap - now;
      if (left <= 0) return;
      if (this.answered) {
        // Another answer came in: the page gets a frame after it.
        this.answered = false;
        turn = pageTurn(this.page);
      }
      if (this.caused.size === 0 && now >= this.windowEnd) {
        await turn;
        if (this.caused.size === 0 && !this.answered) return;
        continue;
      }
      const woken = new Promise<void>((resolve) => (this.wake = resolve));
      const slept = new AbortController();
      const until = this.caused.size === 0 ? this.windowEnd - now : left;
      await Promise.race([woken, pause(Math.min(until, left), signal ? AbortSignal.any([signal, slept.signal]) : slept.signal)]);
      slept.abort();
      this.wake = () => undefined;
    }
  }

  /** Stops watching the page. */
  dispose(): void {
    this.context.off('request', this.onRequest);
    this.context.off('requestfinished', this.onEnded);
    this.context.off('requestfailed', this.onEnded);
    this.wake();
  }
}

/** Runs an action that does not navigate (a scroll), then waits for what it caused, within `capMs`; the action gets the watcher. */
export async function withEffects<T>({ page, observer }: Pick<Act, 'page' | 'observer'>, capMs: number, action: (effects: ActionEffects) => Promise<T>): Promise<T> {
  const effects = new ActionEffects(page, (turnMs) => observer.stableNow(turnMs));
  try {
    const value = await action(effects);
    effects.actionEnded();
    await effects.settled({ capMs });
    return value;
  } finally {
    effects.dispose();
  }
}
