import { loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages, as every benchmark prints them beside its figures. */
export const loadAverage = (): string => loadavg().map((figure) => figure.toFixed(2)).join(' ');

/** Percentile of a sample (nearest rank), in the sample's unit. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * Times `fn` `runs` times after `warmup` untimed runs; returns milliseconds per run. `fn` may
 * return a clean-up, which runs after each timing, outside it, so runs do not pile up.
 */
export async function sample(runs: number, warmup: number, fn: () => Promise<(() => Promise<void>) | void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const start = performance.now();
    const cleanup = await fn();
    const took = performance.now() - start;
    if (i >= warmup) times.push(took);
    if (cleanup) await cleanup();
  }
  return times;
}

/**
 * Like `sample` for several measurements at once, taken in turn (a, b, c, a, b, c, ...), so a slow
 * spell of a shared machine falls on all of them alike; one list of times per function. With
 * `rotate`, each round starts one further along (a, b, c, then b, c, a, ...), so none always runs
 * first, after the others have warmed a cache or left work behind.
 */
export async function sampleTogether(
  runs: number,
  warmup: number,
  fns: Array<() => Promise<(() => Promise<void>) | void>>,
  options: { rotate?: boolean } = {},
): Promise<number[][]> {
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < warmup + runs; i++) {
    for (let turn = 0; turn < fns.length; turn++) {
      const index = options.rotate ? (i + turn) % fns.length : turn;
      const fn = fns[index]!;
      const start = performance.now();
      const cleanup = await fn();
      const took = performance.now() - start;
      if (i >= warmup) times[index]!.push(took);
      if (cleanup) await cleanup();
    }
  }
  return times;
}

/**
 * Like `sampleTogether`, for measurements that time only a part of what they do (a DELETE, not the
 * create before it): each function prepares, times its part itself and cleans up, and returns the
 * milliseconds of that part. Taken in rotating turn.
 */
export async function sampleParts(runs: number, warmup: number, fns: Array<() => Promise<number>>): Promise<number[][]> {
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < warmup + runs; i++) {
    for (let turn = 0; turn < fns.length; turn++) {
      const index = (i + turn) % fns.length;
      const took = await fns[index]!();
      if (i >= warmup) times[index]!.push(took);
    }
  }
  return times;
}

/** Milliseconds `fn` takes (until its promise settles, if it returns one). */
export async function timed(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** One printed row: name, p50, p95. */
export const row = (name: string, times: number[]): string =>
  `${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`;
