// Nodes sharing one database watch each other through it: each writes a heartbeat, and the first
// survivor to find a node silent past the timeout fails that node's sessions (engine_failure,
// runtime billed and refunded). The store decides who does it, session by session, so a session
// is failed and refunded once however many survivors notice at the same moment.
import type { Clock } from '../clock.js';
import type { NodeStore, SessionRow } from '../store/types.js';

/** What the heartbeat reports: a node taken for dead and the sessions this node failed for it. */
export type FailoverListener = (failed: SessionRow[]) => void;

/** Writes this node's heartbeat every interval and fails the sessions of nodes silent past `timeoutMs`. */
export class Heartbeat {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: NodeStore,
    private readonly clock: Clock,
    private readonly node: string,
    private readonly timeoutMs: number,
    private readonly onFailover: FailoverListener,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** How often the heartbeat is written: a third of the timeout, so two missed beats are not yet a death. */
  get intervalMs(): number {
    return Math.max(200, Math.floor(this.timeoutMs / 3));
  }

  /** Beats once now (the node is known before it serves), then every interval. */
  async start(): Promise<void> {
    await this.store.beatNode(this.node, this.clock.now());
    this.timer = setInterval(() => {
      this.running = this.running.then(() => this.tick()).catch(this.onError);
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One beat and one look for silent nodes. */
  async tick(): Promise<void> {
    const now = this.clock.now();
    await this.store.beatNode(this.node, now);
    const failed = await this.store.failStaleNodes({ self: this.node, staleBefore: now - this.timeoutMs, now });
    if (failed.length > 0) this.onFailover(failed);
  }

  /** Stops beating (the other nodes will take this one for dead after the timeout unless it says goodbye). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }
}
