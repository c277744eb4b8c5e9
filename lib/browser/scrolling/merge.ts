/** A pair of matched line indexes: `[index in the old text, index in the new text]`. */
export type LinePair = [number, number];

/**
 * Lines unique (and not blank) within both ranges, as pairs in increasing order of both indexes:
 * the longest such chain (patience diff's anchors).
 */
function anchors(a: readonly string[], a0: number, a1: number, b: readonly string[], b0: number, b1: number): LinePair[] {
  const seen = new Map<string, { inA: number; inB: number; i: number; j: number }>();
  for (let i = a0; i < a1; i++) {
    const line = a[i]!;
    if (!line.trim()) continue;
    const entry = seen.get(line);
    if (entry) entry.inA++;
    else seen.set(line, { inA: 1, inB: 0, i, j: -1 });
  }
  for (let j = b0; j < b1; j++) {
    const entry = seen.get(b[j]!);
    if (entry) {
      entry.inB++;
      entry.j = j;
    }
  }
  const pairs: LinePair[] = [];
  for (const { inA, inB, i, j } of seen.values()) if (inA === 1 && inB === 1) pairs.push([i, j]);
  pairs.sort((x, y) => x[0] - y[0]);
  // Longest increasing run of j (patience sorting with back links).
  const tops: number[] = [];
  const back = new Array<number>(pairs.length).fill(-1);
  pairs.forEach(([, j], k) => {
    let lo = 0;
    let hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tops[mid]!]![1] < j) lo = mid + 1;
      else hi = mid;
    }
    back[k] = lo > 0 ? tops[lo - 1]! : -1;
    tops[lo] = k;
  });
  const chain: LinePair[] = [];
  for (let k = tops.length ? tops[tops.length - 1]! : -1; k >= 0; k = back[k]!) chain.push(pairs[k]!);
  return chain.reverse();
}

/**
 * Matches the lines of `b` to lines of `a` in order (a patience diff): equal heads and tails,
 * then lines unique in both as anchors, recursively between them. Repeated lines (blank lines,
 * "Reply" under every comment) only match next to an anchor, so they are never shuffled.
 */
export function matchLines(a: readonly string[], b: readonly string[]): LinePair[] {
  const out: LinePair[] = [];
  // An explicit stack of ranges: a pathological text must not exhaust the call stack.
  const work: Array<[number, number, number, number]> = [[0, a.length, 0, b.length]];
  while (work.length) {
    let [a0, a1, b0, b1] = work.pop()!;
    while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) out.push([a0++, b0++]);
    while (a0 < a1 && b0 < b1 && a[a1 - 1] === b[b1 - 1]) out.push([--a1, --b1]);
    if (a0 >= a1 || b0 >= b1) continue;
    let pa = a0;
    let pb = b0;
    for (const [i, j] of anchors(a, a0, a1, b, b0, b1)) {
      out.push([i, j]);
      work.push([pa, i, pb, j]);
      pa = i + 1;
      pb = j + 1;
    }
    if (pa !== a0) work.push([pa, a1, pb, b1]);
  }
  return out.sort((x, y) => x[0] - y[0]);
}

/**
 * Successive snapshots of a page's content merged into one text, in page order, that keeps every
 * line ever seen: what a virtualised feed removed while scrolling stays, what it added goes in
 * where it appeared. Each snapshot is matched against the previous one; its new lines go in just
 * before the merged position of the next line it shares with it (or at the end).
 */
export class ContentMerger {
  private lines: string[] = [];
  /** The previous snapshot and where each of its lines sits in `lines`. */
  private last: { lines: string[]; at: number[] } | null = null;

  /** Adds one snapshot. */
  add(content: string): void {
    const next = content.split('\n');
    const previous = this.last;
    if (!previous) {
      this.lines = [...next];
      this.last = { lines: next, at: next.map((_, i) => i) };
      return;
    }
    const matchedAt = new Array<number>(next.length).fill(-1);
    for (const [i, j] of matchLines(previous.lines, next)) matchedAt[j] = previous.at[i]!;
    const before = new Map<number, number[]>();
    let pending: number[] = [];
    next.forEach((_, j) => {
      const at = matchedAt[j]!;
      if (at < 0) {
        pending.push(j);
      } else if (pending.length) {
        before.set(at, pending);
        pending = [];
      }
    });
    if (pending.length) before.set(this.lines.length, pending);

    const merged: string[] = [];
    const moved = new Array<number>(this.lines.length);
    const nextAt = new Array<number>(next.length);
    for (let k = 0; k <= this.lines.length; k++) {
      for (const j of before.get(k) ?? []) {
        nextAt[j] = merged.length;
        merged.push(next[j]!);
      }
      if (k < this.lines.length) {
        moved[k] = merged.length;
        merged.push(this.lines[k]!);
      }
    }
    matchedAt.forEach((at, j) => {
      if (at >= 0) nextAt[j] = moved[at]!;
    });
    this.lines = merged;
    this.last = { lines: next, at: nextAt };
  }

  /** The merged content, blank-line runs kept to one. */
  text(): string {
    return this.lines.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  }
}
