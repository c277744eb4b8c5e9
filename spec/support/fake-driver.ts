import type { BrowserDriver, ContextSettings, LiveView, PageDriver, PageFailure } from '../../actors/driver.js';
import { StepError } from '../../lib/contract/errors.js';
import type { LiveFrame, Viewer } from '../../lib/browser/live/screencast.js';
import type { InputEvent } from '../../lib/contract/request/input.js';
import type { ActRequest, RunOutcome } from '../../lib/browser/act/runner.js';

/**
 * A page driver with no browser, behind the real actors: each act takes a few event-loop turns
 * (so overlapping acts would be caught) and answers like the runner would. A step named `goto`
 * to a URL containing '/403' answers access_denied, the fatal path; one to a URL containing
 * '/fault' throws, as a fault nobody expected would.
 */
export class FakeDriver implements BrowserDriver {
  /** Acts running right now, across all pages; a session must never have two. */
  readonly running = new Map<FakePage, number>();
  maxOverlap = 0;
  /** The URL of every goto step, in the order the acts ran them. */
  readonly visited: string[] = [];
  opened = 0;
  /** While true, acts do not answer (a page that never settles). */
  hold = false;
  closed = 0;
  connected = true;
  private readonly pages: FakePage[] = [];
  /** Every input request the pages took, in order. */
  readonly inputs: InputEvent[][] = [];
  /** Viewers watching any page right now. */
  readonly viewers = new Set<Viewer>();
  /** Creates under way, as the registry marks them with `creating()` (a warm pool refills only at 0). */
  creates = 0;
  /** For each call of `shutdown()`, how many pages were still open then. */
  readonly shutdowns: number[] = [];

  /** What each page was opened with, in order. */
  get settings(): ContextSettings[] {
    return this.pages.map((page) => page.settings);
  }

  open(settings: ContextSettings): Promise<PageDriver> {
    this.opened++;
    const page = new FakePage(this, settings);
    this.pages.push(page);
    return Promise.resolve(page);
  }

  creating(): () => void {
    this.creates++;
    let answered = false;
    return () => {
      if (!answered) this.creates--;
      answered = true;
    };
  }

  shutdown(): Promise<void> {
    this.shutdowns.push(this.opened - this.closed);
    return Promise.resolve();
  }

  /** Sends `frame` to every viewer, as a screencast would. */
  frame(frame: LiveFrame = { data: '/9j/', width: 1280, height: 720 }): void {
    for (const viewer of this.viewers) viewer(frame);
  }

  /** Every page opened so far is lost as `failure` says (a renderer crash, by default), as PlaywrightPage reports it. */
  losePages(failure: PageFailure = { code: 'page_crashed', message: 'The page crashed' }): void {
    for (const page of this.pages) page.lose(failure);
  }
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

class FakePage implements PageDriver {
  private url = 'about:blank';
  private readonly failureListeners: Array<(failure: PageFailure) => void> = [];
  readonly live: LiveView = {
    watch: (viewer) => {
      this.driver.viewers.add(viewer);
      return () => this.driver.viewers.delete(viewer);
    },
    input: (events) => {
      this.driver.inputs.push([...events]);
      return Promise.resolve(events.length);
    },
  };
  constructor(
    private readonly driver: FakeDriver,
    readonly settings: ContextSettings,
  ) {}

  get connected(): boolean {
    return this.driver.connected;
  }

  onPageFailure(listener: (failure: PageFailure) => void): void {
    this.failureListeners.push(listener);
  }

  lose(failure: PageFailure): void {
    for (const listener of this.failureListeners.splice(0)) listener(failure);
  }

  async run(request: ActRequest, signal: AbortSignal): Promise<RunOutcome> {
    const now = (this.driver.running.get(this) ?? 0) + 1;
    this.driver.running.set(this, now);
    this.driver.maxOverlap = Math.max(this.driver.maxOverlap, now);
    try {
      if (request.url) this.url = request.url;
      let completed = 0;
      let close = false;
      const ran: RunOutcome['ran'] = request.url ? [{ name: 'goto', params: { url: request.url } }] : [];
      for (const step of request.steps) {
        ran.push(step);
        for (let i = 0; i < 3; i++) await turn();
        if (signal.aborted) throw new Error('aborted');
        const params = step.params as { url?: string };
        if (step.name === 'goto' && params.url?.includes('/403')) {
          const fatal = new StepError('access_denied', 'The site answered HTTP 403', { status: 403, url: params.url });
          const error = { step: completed, action: 'goto' as const, code: fatal.code, message: fatal.message, context: fatal.context };
          return { result: this.result(request, completed, error), ran, close: false, fatal };
        }
        if (step.name === 'goto' && params.url?.includes('/fault')) throw new Error(`the fake page driver failed at ${params.url}`);
        if (step.name === 'goto' && params.url) {
          this.url = params.url;
          this.driver.visited.push(params.url);
        }
        if (step.name === 'close') close = true;
        completed++;
      }
      while (this.driver.hold && !signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1));
      return { result: this.result(request, completed, null), ran, close };
    } finally {
      this.driver.running.set(this, (this.driver.running.get(this) ?? 1) - 1);
    }
  }

  private result(request: ActRequest, completed: number, error: RunOutcome['result']['error']): RunOutcome['result'] {
    const scroll = { y: 0, height: 720, viewport: 720, percent: 100 };
    const page =
      request.pageMode === 'light'
        ? { url: this.url, title: 'Fake', scroll }
        : { url: this.url, title: 'Fake', stable: true, markdown: { content: '' }, interactive_elements: [], forms: [], changes: null, scroll };
    return { completed, page: request.observe ? page : null, media: [], extraction: null, blockers_dismissed: [], error };
  }

  close(): Promise<void> {
    this.driver.closed++;
    return Promise.resolve();
  }
}
