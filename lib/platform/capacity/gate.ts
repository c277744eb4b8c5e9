// How much page work the one browser runs at once. Past a few acts per core, more at once does
// not finish more: every renderer waits for CPU, and an action's own allowance (Playwright's 5 s
// auto-wait) runs out while its page waits its turn, so load turns into action_failed. The gate
// lets a fixed number of acts (and session openings) run and queues the rest in arrival order;
// waiting is never an error, and a step's allowance starts when its act is let in.
import { availableParallelism } from 'node:os';
import type { Clock } from '../clock.js';

/**
 * Slots per core by default: an act spends much of its time waiting on the network and for the
 * page to settle, not on the CPU. bench:load at 50 workers on 2 cores: 8 slots finished about 10%
 * fewer flows than 16, 24 and 32 no more than 16, and none failed one; with no gate a third failed.
 */
export const SLOTS_PER_CORE = 8;

/**
 * How long one act or opening holds its slot at most: past it the slot goes to the next in line
 * and the work carries on outside the count, so a long wait or a slow site cannot hold every
 * other session back.
 */
export const HOLD_CAP_MS = 15_000;

/** The default number of slots on this machine: SLOTS_PER_CORE per core. */
export function defaultSlots(): number {
  return SLOTS_PER_CORE * availableParallelism();
}

/** Thrown by `enter` when the work's signal aborted while it waited (a DELETE, the session's timeout). */
export class GateLeft extends Error {
  constructor() {
    super('left the engine queue before its turn');
    this.name = 'GateLeft';
  }
}

/** What the gate holds now, for /metrics. */
export interface GateLoad {
  running: number;
  waiting: number;
}

interface Waiter {
  admit: () => void;
}

/**
 * A first-in, first-out gate of `slots` places (0: no limit). `enter` resolves with the function
 * that gives the place back, once one is free for this caller and everyone who came before.
 */
export class EngineGate {
  private running = 0;
  private readonly queue: Waiter[] = [];

  constructor(
    readonly slots: number,
    private readonly clock: Clock,
    private readonly holdCapMs = HOLD_CAP_MS,
  ) {
    if (!Number.isInteger(slots) || slots < 0) throw new Error(`slots must be a whole number from 0, got ${slots}`);
  }

  /** Acts and openings under way, and those waiting for a place. */
  get load(): GateLoad {
    return { running: this.running, waiting: this.queue.length };
  }

  /**
   * Waits for a place in arrival order. Rejects with GateLeft, and takes no place, when `signal`
   * aborts first. The returned release may be called any number of times; past HOLD_CAP_MS the
   * place was already handed on.
   */
  enter(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new GateLeft());
    if (this.slots === 0) return Promise.resolve(() => {});
    if (this.running < this.slots && this.queue.length === 0) return Promise.resolve(this.take());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          signal?.removeEventListener('abort', leave);
          resolve(this.take());
        },
      };
      const leave = (): void => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new GateLeft());
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.queue.push(waiter);
    });
  }

  /** Occupies a place until the release, or until the hold cap hands it on. */
  private take(): () => void {
    this.running++;
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      this.clock.clearTimeout(timer);
      this.running--;
      this.queue.shift()?.admit();
    };
    const timer = this.clock.setTimeout(release, this.holdCapMs);
    return release;
  }
}
