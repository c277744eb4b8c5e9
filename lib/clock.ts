/** Wall-clock time in milliseconds; injected so tests can move time by hand. */
export interface Clock {
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to (tests and property runs). */
export class ManualClock implements Clock {
  constructor(private time = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}
