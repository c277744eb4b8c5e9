import type { BrowserContext, Page, Request } from 'playwright';
import { bounded, READ_LIMIT_MS } from '../deadline.js';
import type { DomQuiet } from '../injected/walk/types.js';
import { clockScript, inPage } from '../program.js';
import { pause } from '../../platform/time.js';

/** Network idle and DOM quiet thresholds of the contract (2.2 `stable`). */
export const NETWORK_IDLE_MS = 300;
export const DOM_QUIET_MS = 500;
/** A request pending longer than this is long-polling or stalled: it no longer holds the page unstable. */
const STALLED_AFTER_MS = 5_000;
/** Resource types that stay open by design and never mean "still loading". */
const IGNORED_TYPES = new Set(['websocket', 'eventsource', 'media']);
/** True for a request that means the page is still loading (not one that stays open by design). */
export const countsAsLoading = (request: Request): boolean => !IGNORED_TYPES.has(request.resourceType());

/** One look at the page during a stability wait: its quiet (injected/walk/types.ts), and whatever else the same call read. */
export interface Look {
  dom: DomQuiet;
}

/** What a look that failed (a navigation replaced the document under it) counts as: not quiet yet. */
export const NOT_QUIET: DomQuiet = { quietFor: 0, loaded: false, hidden: false };

/**
 * Tracks a context's network activity from its request events and tells whether a page is
 * stable: no counted request in flight for 300 ms, no DOM mutation for 500 ms, and its root shown.
 */
export class StabilityTracker {
  private readonly inflight = new Map<Request, number>();
  private lastActivity: number;

  private constructor(private readonly now: () => number) {
    this.lastActivity = now();
  }

  /** Starts tracking `context`: its request events, and the mutation clock in every document (the injected program's boot/clock.ts). */
  static async attach(context: BrowserContext, now: () => number = () => performance.now()): Promise<StabilityTracker> {
    const tracker = new StabilityTracker(now);
    context.on('request', (request) => tracker.started(request));
    context.on('requestfinished', (request) => tracker.ended(request));
    context.on('requestfailed', (request) => tracker.ended(request));
    await context.addInitScript({ content: clockScript() });
    return tracker;
  }

  private started(request: Request): void {
    if (!countsAsLoading(request)) return;
    this.inflight.set(request, this.now());
    this.lastActivity = this.now();
  }

  private ended(request: Request): void {
    if (this.inflight.delete(request)) this.lastActivity = this.now();
  }

  /**
   * Forgets the requests of `page`, which closed: a closed page's requests end with no event, and
   * would hold the session's other tabs unstable until they count as stalled.
   */
  forget(page: Page): void {
    for (const request of this.inflight.keys()) {
      let of: Page | null = null;
      try {
        of = request.frame().page();
      } catch {
        // A service worker's request has no frame, so no page of its own.
      }
      if (of === page) this.inflight.delete(request);
    }
  }

  /** Milliseconds the network has been idle (0 while a counted request is in flight). */
  networkIdleFor(): number {
    const now = this.now();
    for (const [request, since] of this.inflight) {
      if (now - since > STALLED_AFTER_MS) {
        this.inflight.delete(request);
      } else {
        return 0;
      }
    }
    return now - this.lastActivity;
  }

  /** True when the page whose DomQuiet this is, read just now, counts as stable. */
  isStable(dom: DomQuiet): boolean {
    return dom.loaded && !dom.hidden && dom.quietFor >= DOM_QUIET_MS && this.networkIdleFor() >= NETWORK_IDLE_MS;
  }

  /** True when no counted request has been in flight for the contract's 300 ms: a walk now could count as stable. */
  networkIdle(): boolean {
    return this.networkIdleFor() >= NETWORK_IDLE_MS;
  }

  /**
   * Waits until `page` is stable or `capMs` passes; true when stable. A page that is already
   * quiet costs one evaluate and no wait; otherwise it sleeps exactly as long as the
   * thresholds still need, then looks again. An abort of `signal` ends the wait early (false).
   */
  async waitForStable(page: Page, capMs: number, signal?: AbortSignal): Promise<boolean> {
    return (await this.settle(async () => ({ dom: await this.quiet(page) }), capMs, signal)).stable;
  }

  /**
   * The page's DomQuiet now, or with `turnMs` a task from now (at most that long); NOT_QUIET when
   * it cannot say (a navigation under way, a busy page).
   */
  quiet(page: Page, turnMs = 0): Promise<DomQuiet> {
    // A page too busy to answer within the read limit gets its script stopped by its deadline.
    return bounded(page, READ_LIMIT_MS, () => inPage(page, 'quiet', turnMs)).catch(() => NOT_QUIET);
  }

  /**
   * Looks at the page with `look` until what it read is stable or `capMs` passes, sleeping
   * between looks exactly as long as the thresholds still need. Returns whether it became
   * stable and the last look, so a look that also walked the page hands that walk back.
   */
  async settle<L extends Look>(look: () => Promise<L>, capMs: number, signal?: AbortSignal): Promise<{ stable: boolean; last: L }> {
    const deadline = this.now() + capMs;
    for (;;) {
      const last = await look();
      const { dom } = last;
      if (this.isStable(dom)) return { stable: true, last };
      const network = this.networkIdleFor();
      const left = deadline - this.now();
      if (left <= 0 || signal?.aborted) return { stable: false, last };
      // A hidden root shows itself on a timer of its own: look again soon.
      const need = Math.max(
        dom.loaded && !dom.hidden ? DOM_QUIET_MS - dom.quietFor : 50,
        network > 0 ? NETWORK_IDLE_MS - network : 50,
        10,
      );
      await pause(Math.min(need, left), signal);
    }
  }
}
