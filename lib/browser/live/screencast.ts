import type { CDPSession, Page } from 'playwright';

/** One screencast frame as viewers get it: a base64 JPEG and the viewport it shows, in CSS pixels. */
export interface LiveFrame {
  data: string;
  width: number;
  height: number;
}

/** Receives every frame while it watches. */
export type Viewer = (frame: LiveFrame) => void;

/** What a screencast reports as it runs, for the metrics. */
export interface ScreencastHooks {
  frame(): void;
  running(on: boolean): void;
}

/** At most this many frames a second reach viewers (issue 14). */
export const MAX_FRAMES_PER_SECOND = 10;
/** JPEG quality of the frames: legible text at a fraction of a PNG's size. */
export const FRAME_QUALITY = 60;

interface ScreencastFrame {
  data: string;
  sessionId: number;
  metadata: { deviceWidth: number; deviceHeight: number };
}

/**
 * A page's CDP screencast, fanned out to its viewers: started when the first one comes, stopped
 * (and its CDP session detached) when the last one leaves, so a page nobody watches costs nothing.
 * Chromium keeps two frames in flight until they are acknowledged, so each ack goes out a frame
 * interval after its frame (it encodes no faster than it may send), and a frame that arrives
 * within the interval waits for its end, replaced by any newer one: viewers get at most 10 a
 * second, and always the latest picture.
 */
export class Screencast {
  private readonly viewers = new Set<Viewer>();
  private cdp: { session: CDPSession; page: Page } | null = null;
  /** Start and stop run one after another, so a quick leave and come back cannot interleave them. */
  private change: Promise<void> = Promise.resolve();
  private lastSent = -Infinity;
  /** A frame that came too soon after the last one sent, and the timer that sends it. */
  private held: { frame: LiveFrame; timer: NodeJS.Timeout } | null = null;

  /** `page` names the session's current page; the screencast is (re)attached to it on every start. */
  constructor(
    private readonly page: () => Page,
    private readonly hooks?: ScreencastHooks,
    private readonly intervalMs = 1000 / MAX_FRAMES_PER_SECOND,
  ) {}

  /** Adds `viewer` until the returned function is called. */
  watch(viewer: Viewer): () => void {
    this.viewers.add(viewer);
    if (this.viewers.size === 1) this.reconcile();
    return () => {
      if (this.viewers.delete(viewer) && this.viewers.size === 0) this.reconcile();
    };
  }

  /** True while a screencast runs on the page. */
  get running(): boolean {
    return this.cdp !== null;
  }

  /** Moves the screencast to the session's current page if it changed (after an act). */
  follow(): void {
    if (this.viewers.size > 0 && this.cdp?.page !== this.page()) this.reconcile();
  }

  /** Stops the screencast whatever the viewers: the page is closing. */
  async stop(): Promise<void> {
    this.viewers.clear();
    this.reconcile();
    await this.change;
  }

  private reconcile(): void {
    this.change = this.change.then(() => (this.viewers.size > 0 ? this.start() : this.halt())).catch(() => this.halt());
  }

  private async start(): Promise<void> {
    const page = this.page();
    if (this.cdp?.page === page) return;
    // The session moved to another page (or its CDP session went away): follow it.
    await this.halt();
    if (page.isClosed()) return;
    const session = await page.context().newCDPSession(page);
    this.cdp = { session, page };
    this.hooks?.running(true);
    session.on('Page.screencastFrame', (frame: ScreencastFrame) => this.onFrame(session, frame));
    const viewport = page.viewportSize();
    await session.send('Page.startScreencast', {
      format: 'jpeg',
      quality: FRAME_QUALITY,
      ...(viewport ? { maxWidth: viewport.width, maxHeight: viewport.height } : {}),
    });
  }

  private async halt(): Promise<void> {
    const current = this.cdp;
    this.cdp = null;
    if (this.held) clearTimeout(this.held.timer);
    this.held = null;
    if (!current) return;
    this.hooks?.running(false);
    await current.session.send('Page.stopScreencast').catch(() => undefined);
    await current.session.detach().catch(() => undefined);
  }

  private onFrame(session: CDPSession, { data, sessionId, metadata }: ScreencastFrame): void {
    if (this.cdp?.session !== session) return;
    this.hooks?.frame();
    const frame: LiveFrame = { data, width: Math.round(metadata.deviceWidth), height: Math.round(metadata.deviceHeight) };
    const wait = this.lastSent + this.intervalMs - performance.now();
    if (wait <= 0) this.send(frame);
    else if (this.held) this.held.frame = frame;
    else {
      const timer = setTimeout(() => {
        const held = this.held;
        this.held = null;
        if (held) this.send(held.frame);
      }, wait);
      timer.unref();
      this.held = { frame, timer };
    }
    const ack = setTimeout(() => {
      if (this.cdp?.session === session) session.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
    }, this.intervalMs);
    ack.unref();
  }

  private send(frame: LiveFrame): void {
    this.lastSent = performance.now();
    for (const viewer of this.viewers) viewer(frame);
  }
}
