// The tabs on their way into a session: windows its pages announced (Page.windowOpen comes before
// the action that opened them has answered) and pages being made tabs. An act waits for them
// after each step, bounded, so that the act's next step and observation know of the tab.
import { pause } from '../../platform/time.js';

/** Windows announced and pages arriving (see the file's head). */
export class Arrivals {
  /** The tab of each window announced and not arrived yet, oldest first. */
  private announced: string[] = [];
  private readonly arriving = new Set<Promise<unknown>>();
  private wake: () => void = () => undefined;

  /** True when nothing is on its way: the usual case, answered without waiting. */
  get idle(): boolean {
    return this.announced.length === 0 && this.arriving.size === 0;
  }

  /** Pages being made tabs now. */
  get inFlight(): number {
    return this.arriving.size;
  }

  /** Tab `id`'s page announced a window. */
  announce(id: string): void {
    this.announced.push(id);
  }

  /** A page arrived, opened by tab `opener` when known: its announcement is taken; answers its opener (the oldest announcer's when unknown, or null). */
  arrived(opener: string | undefined): string | null {
    const at = opener === undefined ? 0 : this.announced.indexOf(opener);
    const [taken] = at >= 0 ? this.announced.splice(at, 1) : [];
    this.wake();
    return opener ?? taken ?? null;
  }

  /** Counts `work` (a page being made a tab) until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.arriving.add(work);
    const done = (): void => {
      this.arriving.delete(work);
      this.wake();
    };
    work.then(done, done);
    return work;
  }

  /** Waits until every announced window arrived and every arriving page is a tab, at most `capMs`; what has not arrived by then is forgotten. */
  async settled(capMs: number): Promise<void> {
    const end = performance.now() + capMs;
    while (!this.idle) {
      const left = end - performance.now();
      if (left <= 0) break;
      const slept = new AbortController();
      await Promise.race([new Promise<void>((resolve) => (this.wake = resolve)), pause(left, slept.signal).catch(() => undefined)]);
      slept.abort();
    }
    this.wake = () => undefined;
    this.announced = [];
  }
}
