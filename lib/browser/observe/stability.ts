import type { BrowserContext, Page, Request } from 'playwright';
import { bounded, READ_LIMIT_MS } from '../deadline.js';
import { pause } from '../../platform/time.js';
import { evaluateTop } from '../evaluate.js';

/** Network idle and DOM quiet thresholds of the contract (2.2 `stable`). */
export const NETWORK_IDLE_MS = 300;
export const DOM_QUIET_MS = 500;
/** A request pending longer than this is long-polling or stalled: it no longer holds the page unstable. */
const STALLED_AFTER_MS = 5_000;
/** Resource types that stay open by design and never mean "still loading". */
const IGNORED_TYPES = new Set(['websocket', 'eventsource', 'media']);
/** True for a request that means the page is still loading (not one that stays open by design). */
export const countsAsLoading = (request: Request): boolean => !IGNORED_TYPES.has(request.resourceType());
/** Where the init script keeps the time of the last DOM mutation (performance.now() in the page). */
export const MUTATION_KEY = '__tabwrightLastMutation';

/**
 * Installed in every document before its own scripts: records the time of the last DOM
 * mutation, so quietness is measured continuously rather than by sleeping and watching.
 * An animation is no loading: a node whose attributes, or whose text without growing, changed
 * `repeats` times within `windowMs` (a carousel's progress bar, a ticking clock) no longer moves
 * the clock with such changes. Added or removed elements always do, and so does growing text.
 */
function mutationClock([key, repeats, windowMs]: [string, number, number]): void {
  const mark = (): void => {
    Object.defineProperty(window, key, { value: performance.now(), configurable: true, enumerable: false });
  };
  const recent = new WeakMap<Node, number[]>();
  const repeating = (node: Node, now: number): boolean => {
    const times = (recent.get(node) ?? []).filter((time) => now - time < windowMs);
    times.push(now);
    recent.set(node, times);
    return times.length > repeats;
  };
  const textOnly = (nodes: NodeList): boolean => Array.from(nodes).every((node) => node.nodeType === Node.TEXT_NODE);
  const textLength = (nodes: NodeList): number => Array.from(nodes).reduce((sum, node) => sum + (node.nodeValue ?? '').length, 0);
  mark();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      let animation = false;
      if (record.type === 'attributes') animation = repeating(record.target, now);
      else if (record.type === 'characterData') {
        animation = (record.target.nodeValue ?? '').length <= (record.oldValue ?? '').length + 8 && repeating(record.target, now);
      } else if (textOnly(record.addedNodes) && textOnly(record.removedNodes)) {
        // textContent = ...: the text node swapped for another.
        animation = textLength(record.addedNodes) <= textLength(record.removedNodes) + 8 && repeating(record.target, now);
      }
      if (!animation) {
        mark();
        return;
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true, characterDataOldValue: true });
}

/** Changes of one node within this window, past this many, are an animation (see mutationClock). */
const ANIMATION_REPEATS = 3;
const ANIMATION_WINDOW_MS = 2_000;

/**
 * What the page says of its own quiet: how long its DOM has been still, in ms, whether it
 * finished loading, and whether `<html>` or `<body>` is transparent or hidden. Anti-flicker
 * snippets hide the whole page that way until their script (or a timer of a few seconds) shows
 * it: such a page is still loading, not empty.
 */
export interface DomQuiet {
  quietFor: number;
  loaded: boolean;
  hidden: boolean;
}

/** One look at the page during a stability wait: its quiet, and whatever else the same evaluate read. */
export interface Look {
  dom: DomQuiet;
}

/** What a look that failed (a navigation replaced the document under it) counts as: not quiet yet. */
export const NOT_QUIET: DomQuiet = { quietFor: 0, loaded: false, hidden: false };

/**
 * Runs in the page: its DomQuiet, from the mutation clock under `key` (the observer's walk reads
 * it the same way); with `turnMs`, a task later (at most that long), so what the page's handlers
 * scheduled in answer to an action has run.
 */
function domQuiet([key, turnMs]: [string, number]): DomQuiet | Promise<DomQuiet> {
  const read = (): DomQuiet => {
    const last = (window as unknown as Record<string, number | undefined>)[key];
    const hidden = [document.documentElement, document.body].some((el) => {
      if (!el) return false;
      const style = getComputedStyle(el);
      return style.opacity === '0' || style.visibility === 'hidden';
    });
    return {
      // No clock (a document its init script missed): quiet as far as anyone knows, in a number JSON carries.
      quietFor: last === undefined ? Number.MAX_VALUE : performance.now() - last,
      loaded: document.readyState === 'complete',
      hidden,
    };
  };
  if (turnMs <= 0) return read();
  return new Promise((resolve) => {
    const done = (): void => resolve(read());
    setTimeout(done, 0);
    setTimeout(done, turnMs);
  });
}

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

  /** Starts tracking `context`: its request events and the mutation clock in every document. */
  static async attach(context: BrowserContext, now: () => number = () => performance.now()): Promise<StabilityTracker> {
    const tracker = new StabilityTracker(now);
    context.on('request', (request) => tracker.started(request));
    context.on('requestfinished', (request) => tracker.ended(request));
    context.on('requestfailed', (request) => tracker.ended(request));
    await context.addInitScript(mutationClock, [MUTATION_KEY, ANIMATION_REPEATS, ANIMATION_WINDOW_MS] as [string, number, number]);
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
    return bounded(page, READ_LIMIT_MS, () => evaluateTop(page, domQuiet, [MUTATION_KEY, turnMs] as [string, number])).catch(() => NOT_QUIET);
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
