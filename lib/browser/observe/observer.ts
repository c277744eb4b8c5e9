import type { Frame, Page } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { diff } from './diff.js';
import type { DomQuiet, WalkLook, WalkOptions, WalkResult } from '../injected/walk/types.js';
import { ForeignFrames } from './frames.js';
import { bounded, Overrun, WALK_LIMIT_MS } from '../deadline.js';
import { inPage } from '../program.js';
import { DOM_QUIET_MS, NOT_QUIET, type StabilityTracker } from './stability.js';
import type { InteractiveElement, PageState } from '../../contract/response/page.js';
import { DEFAULT_OBSERVE, type ObserveOptions } from '../../contract/request/observe.js';
import type { Observer } from './types.js';
import { RefLedger, TabRefs } from './refs.js';

export { foreignFrames } from './frames.js';

/** The page state's `captcha`: a widget on the page that did not stop the navigation. */
export type CaptchaNote = NonNullable<PageState['captcha']>;

/** How long an observation waits for the page to settle before reporting `stable: false`. */
export const STABLE_CAP_MS = 3_000;
/** A stability wait that ran out its cap this recently makes the observation's own wait a follow-up (FOLLOW_UP_CAP_MS). */
const RECENTLY_CAPPED_MS = 100;
/**
 * Right after a wait that ran out its cap (a goto's own), the observation waits at most this
 * long more: a page that did not settle in 3 s seldom does in the next 3, and one act should not
 * pay two caps for it. It still covers an anti-flicker snippet's usual 4 s.
 */
export const FOLLOW_UP_CAP_MS = 1_000;

/**
 * A session's observer: waits (bounded) for stability, walks the page once, and keeps what the
 * next observation needs: the next ref number (refs are never reused in a session), the refs of
 * the latest observation (older ones are stale) and the content for the diff.
 */
export class PageObserver implements Observer {
  /** This tab's latest elements: its refs' neighbours for element_not_found. */
  private elements: InteractiveElement[] = [];
  private current = new Set<string>();
  /** The frame of each current ref that lives in a cross-origin iframe. */
  private refFrames = new Map<string, Frame>();
  /** The page's cross-origin iframes, walked through their own frames. */
  private readonly frames: ForeignFrames;

  constructor(
    private readonly page: Page,
    private readonly tracker: StabilityTracker,
    /** The session's numbering, shared with its other tabs' observers (lib/browser/tabs). */
    readonly refs: TabRefs = new TabRefs(new RefLedger(), 't1'),
  ) {
    this.frames = new ForeignFrames(page);
  }

  private get nextRef(): number {
    return this.refs.next;
  }

  /** Milliseconds spent waiting for stability and walking the page since the last `takeTimings`. */
  private timings = { stable: 0, walk: 0 };
  /** When a stability wait last ran out its cap with the page still unsettled. */
  private cappedAt = Number.NEGATIVE_INFINITY;
  /** The CAPTCHA the latest navigation's access check left on the page, and the URL it was found at. */
  private captcha: { found: CaptchaNote; url: string } | null = null;

  /** Records the CAPTCHA widget (or none) that the access check after a navigation found and let pass; observations of that document report it. */
  noteCaptcha(found: CaptchaNote | null): void {
    this.captcha = found ? { found, url: this.page.url().split('#')[0] ?? '' } : null;
  }

  async waitForStable(capMs: number, signal?: AbortSignal): Promise<boolean> {
    const start = performance.now();
    try {
      const stable = await this.tracker.waitForStable(this.page, capMs, signal);
      if (!stable && !signal?.aborted) this.cappedAt = performance.now();
      return stable;
    } finally {
      this.timings.stable += performance.now() - start;
    }
  }

  /**
   * Whether the page is stable right now: one read, no wait (targeting asks while its target is
   * missing). With `turnMs`, a task from now (at most that long), in the same read: an action's
   * handlers have had their turn.
   */
  async stableNow(turnMs = 0): Promise<boolean> {
    return this.tracker.isStable(await this.tracker.quiet(this.page, turnMs));
  }

  /** The time spent on stability waits and walks since the last call (for Server-Timing), and resets it. */
  takeTimings(): { stable: number; walk: number } {
    const taken = this.timings;
    this.timings = { stable: 0, walk: 0 };
    return taken;
  }

  /** The cross-origin frame whose document holds current ref `ref`; undefined for the top document's refs. */
  frameOf(ref: string): Frame | undefined {
    return this.refFrames.get(ref);
  }

  /** True when `ref` was in the latest observation. */
  isCurrent(ref: string): boolean {
    return this.current.has(ref);
  }

  /** True when `ref` was handed out at some point in this session (so, if not current, it is stale). */
  wasIssued(ref: string): boolean {
    return this.refs.tabOf(ref) !== undefined;
  }

  /** The tab `ref` was handed out in (t1, t2, ...), when it was handed out at all. */
  tabOf(ref: string): string | undefined {
    return this.refs.tabOf(ref);
  }

  /** The number the next new element gets; targeting by text or label may hand out refs too. */
  get nextRefNumber(): number {
    return this.nextRef;
  }

  /** Moves the ref counter past numbers the page handed out outside an observation. */
  reserve(next: number): void {
    this.refs.advance(next);
  }

  /** Up to 5 other elements of the latest observation nearest to `ref` by number, for element_not_found. */
  nearest(ref: string): Array<{ ref: string; label: string }> {
    const n = Number(/^e(\d+)$/.exec(ref)?.[1] ?? NaN);
    // The ref itself is no candidate: it is the one that could not be used.
    const elements = this.elements.filter((element) => element.ref !== ref);
    const distance = (r: string): number => (Number.isNaN(n) ? 0 : Math.abs(Number(r.slice(1)) - n));
    return [...elements]
      .sort((a, b) => distance(a.ref) - distance(b.ref))
      .slice(0, 5)
      .map(({ ref: r, label }) => ({ ref: r, label }));
  }

  async observe(options: ObserveOptions = DEFAULT_OBSERVE): Promise<PageState> {
    const { mode } = options;
    const first = this.refs.last === null;
    const walkOptions: WalkOptions = {
      mode,
      format: options.format,
      scope: options.scope,
      includeLinks: options.include_links,
      controlsInPlace: options.controls === 'in_place',
      includeMap: mode !== 'full' && (first || options.include_page_map),
      maxTextLength: options.max_text_length,
      nextRef: this.nextRef,
    };
    // Each look of the wait reads the page's quiet and, once the page is quiet, walks it in the
    // same evaluate: a stable page costs one evaluate. A wait that runs out its cap walks the page as it is.
    const capped = performance.now() - this.cappedAt < RECENTLY_CAPPED_MS;
    const start = performance.now();
    const walked = this.timings.walk;
    let looks = 0;
    const { stable, last } = await this.tracker.settle(() => (looks++, this.look(walkOptions)), capped ? FOLLOW_UP_CAP_MS : STABLE_CAP_MS);
    // A page stable at the first look had no wait: the time of that look is the walk's.
    if (looks > 1 || !last.walk) this.timings.stable += performance.now() - start - (this.timings.walk - walked);
    if (!stable) this.cappedAt = performance.now();
    let walk = (stable ? last.walk : null) ?? (await this.walk(walkOptions, null)).walk;
    if (options.scope !== undefined && !walk.scopeMatched) {
      throw new StepError('element_not_found', `The scope ${options.scope} matches nothing on the page`, {
        target: { scope: options.scope },
        candidates: [],
      });
    }
    const framesStart = performance.now();
    const framed = await this.frames.add(walk, walkOptions);
    this.timings.walk += performance.now() - framesStart;
    walk = framed.walk;
    this.refFrames = framed.refFrames;
    this.refs.advance(walk.nextRef);
    const previous = this.refs.last;
    this.refs.last = { content: walk.content, elements: walk.elements };
    this.elements = walk.elements;
    this.current = new Set(walk.elements.map((element) => element.ref));
    const state: PageState = {
      url: this.page.url(),
      title: walk.title,
      stable,
      markdown: walk.total > walk.content.length ? { content: walk.content, length: { shown: walk.content.length, total: walk.total } } : { content: walk.content },
      interactive_elements: walk.elements,
      forms: walk.forms,
      ...(walk.map ? { map: walk.map } : {}),
      changes: previous ? diff(previous, this.refs.last) : null,
      scroll: walk.scroll,
      // Another URL (its fragment aside) is another document, which no access check has read.
      ...(this.captcha && this.captcha.url === this.page.url().split('#')[0] ? { captcha: this.captcha.found } : {}),
    };
    return state;
  }

  /** The `page: light` answer: url, title and scroll only, with no wait. */
  async light(): Promise<PageState> {
    const { title, scroll } = await inPage(this.page, 'light');
    return { url: this.page.url(), title, scroll };
  }

  /**
   * One look of the observation's stability wait: the page's quiet, and its walk when the page
   * is quiet and its network idle (a walk the wait would throw away is not done). A look that
   * fails because a navigation replaced the document counts as not quiet; a page that does not
   * answer, or a bad scope, ends the observation as a walk would.
   */
  private async look(options: WalkOptions): Promise<WalkLook> {
    if (!this.tracker.networkIdle()) return { walk: null, dom: await this.tracker.quiet(this.page) };
    try {
      return await this.walk(options, DOM_QUIET_MS);
    } catch (error) {
      if (error instanceof StepError || error instanceof Overrun) throw error;
      return { walk: null, dom: NOT_QUIET };
    }
  }

  /**
   * One call into the page (the walk and the page's quiet), within a walk's limit; with
   * `ifQuietFor`, the walk only when the page has been quiet that long.
   */
  private async walk(options: WalkOptions, ifQuietFor: null): Promise<{ walk: WalkResult; dom: DomQuiet }>;
  private async walk(options: WalkOptions, ifQuietFor: number): Promise<{ walk: WalkResult | null; dom: DomQuiet }>;
  private async walk(options: WalkOptions, ifQuietFor: number | null): Promise<{ walk: WalkResult | null; dom: DomQuiet }> {
    const start = performance.now();
    try {
      return await bounded(this.page, WALK_LIMIT_MS, () => inPage(this.page, 'look', options, ifQuietFor));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const scope = /invalid scope selector:[^\n]*/.exec(message);
      if (scope) throw new StepError('invalid_request', scope[0], { path: 'observe.scope', expected: 'a valid CSS selector' });
      throw error;
    } finally {
      this.timings.walk += performance.now() - start;
    }
  }
}
