import { SimulatedClock } from 'xstate';

/**
 * Wall-clock time in milliseconds plus timers. One object serves both our own arithmetic
 * (rate windows, expiry times) and XState's delays, so a test can move them together.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as NodeJS.Timeout),
};

/** A clock that only moves when told to: tests and property runs advance it by hand. */
export class ManualClock implements Clock {
  private readonly simulated = new SimulatedClock();

  constructor(private readonly base = Date.UTC(2026, 0, 1)) {}

  now(): number {
    return this.base + this.simulated.now();
  }

  setTimeout(fn: (...args: unknown[]) => void, ms: number): unknown {
    return this.simulated.setTimeout(fn, ms);
  }

  clearTimeout(id: unknown): void {
    this.simulated.clearTimeout(id as number);
  }

  /** Moves time forward, firing every timer that falls due, in order. */
  advance(ms: number): void {
    this.simulated.increment(ms);
  }
}
