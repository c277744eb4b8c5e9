// Element refs are numbered once per session (never reused), whichever tab shows the element:
// every tab's observer draws its numbers from one ledger, which also remembers which tab drew
// each run of numbers, so a ref used in the wrong tab can be told apart from a stale one. The
// ledger also keeps the session's latest observation, of whichever tab: `changes` are always
// against what the caller saw last, as after a goto to another page.
import type { Snapshot } from './diff.js';

/** A run of ref numbers one tab handed out: [from, to). */
interface Span {
  from: number;
  to: number;
  tab: string;
}

/** The session's ref numbering, shared by the observers of all its tabs. */
export class RefLedger {
  private next = 1;
  /** Appended only when the numbering moves on in another tab than the last: as many as tab changes, not refs. */
  private readonly spans: Span[] = [];
  /** The session's latest observation (of any tab), the base of the next diff. */
  last: Snapshot | null = null;

  /** The number the next new element gets. */
  get nextNumber(): number {
    return this.next;
  }

  /** Moves the numbering past `next`, the numbers below it drawn in `tab`. */
  advance(next: number, tab: string): void {
    if (next <= this.next) return;
    const last = this.spans.at(-1);
    if (last && last.tab === tab && last.to === this.next) last.to = next;
    else this.spans.push({ from: this.next, to: next, tab });
    this.next = next;
  }

  /** The tab ref `ref` (e12) was handed out in; undefined for a number never handed out. */
  tabOf(ref: string): string | undefined {
    const n = Number(/^e(\d+)$/.exec(ref)?.[1] ?? NaN);
    if (!(n >= 1 && n < this.next)) return undefined;
    // A tab's elements keep their numbers: one seen again was numbered in a span of that tab already.
    for (let i = this.spans.length - 1; i >= 0; i--) {
      const span = this.spans[i]!;
      if (n >= span.from && n < span.to) return span.tab;
    }
    return undefined;
  }
}

/** One tab's share of the ledger: what its observer reads and moves. */
export class TabRefs {
  constructor(
    readonly ledger: RefLedger,
    readonly tab: string,
  ) {}

  /** The session's latest observation, of any tab. */
  get last(): Snapshot | null {
    return this.ledger.last;
  }

  set last(snapshot: Snapshot | null) {
    this.ledger.last = snapshot;
  }

  get next(): number {
    return this.ledger.nextNumber;
  }

  advance(next: number): void {
    this.ledger.advance(next, this.tab);
  }

  /** The tab `ref` was handed out in, if any. */
  tabOf(ref: string): string | undefined {
    return this.ledger.tabOf(ref);
  }
}
