// Recording a session's Playwright trace: started with its BrowserContext, written when the
// session ends, always within a bounded time so a stuck write cannot hold up the session's end.
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { TIMED_OUT, within } from '../platform/time.js';
import type { BrowserContext } from 'playwright';
import { MAX_TRACE_BYTES, partialTracePath, tracePath, tracesFolder, type TraceSaved } from '../platform/traces.js';

/** The longest writing a trace may take at the session's end; past it the session ends without one. */
export const TRACE_SAVE_CAP_MS = 30_000;

/** Bounds of saveTrace (tests make them small). */
export interface SaveLimits {
  /** Most milliseconds the write may take. */
  capMs?: number;
  /** Largest trace kept. */
  maxBytes?: number;
}

/** Starts recording: screenshots and DOM snapshots (with the network), no source files. */
export async function startTrace(context: BrowserContext): Promise<void> {
  await context.tracing.start({ screenshots: true, snapshots: true, sources: false });
}

/**
 * Stops the recording into `<dataDir>/traces/<id>.zip`, before the context closes. It is written
 * to a `.part` file first and renamed once complete, so the route never serves half a zip. A
 * write that takes longer than TRACE_SAVE_CAP_MS is given up (the context's close ends it; its partial
 * file is deleted whenever it settles), and a trace over MAX_TRACE_BYTES is deleted.
 */
export async function saveTrace(context: Pick<BrowserContext, 'tracing'>, dataDir: string, id: string, limits: SaveLimits = {}): Promise<TraceSaved> {
  const { capMs = TRACE_SAVE_CAP_MS, maxBytes = MAX_TRACE_BYTES } = limits;
  const started = performance.now();
  const ms = (): number => Math.round(performance.now() - started);
  const part = partialTracePath(dataDir, id);
  const discard = (): Promise<void> => rm(part, { force: true }).catch(() => undefined);
  try {
    await mkdir(tracesFolder(dataDir), { recursive: true });
  } catch {
    return { saved: false, reason: 'failed', ms: ms() };
  }
  const stopping = context.tracing.stop({ path: part });
  const finished = await within(
    stopping.then(
      () => 'done' as const,
      () => 'failed' as const,
    ),
    capMs,
  );
  if (finished !== 'done') {
    // The stop may still land later: what it leaves behind goes then.
    void stopping.then(discard, discard);
    await discard();
    return { saved: false, reason: finished === TIMED_OUT ? 'timeout' : finished, ms: ms() };
  }
  try {
    const { size } = await stat(part);
    if (size > maxBytes) {
      await discard();
      return { saved: false, reason: 'too_large', bytes: size, ms: ms() };
    }
    await rename(part, tracePath(dataDir, id));
    return { saved: true, bytes: size, ms: ms() };
  } catch {
    await discard();
    return { saved: false, reason: 'failed', ms: ms() };
  }
}
