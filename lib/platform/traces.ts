// Where traces live on disk and how they leave it: `<data dir>/traces/<session id>.zip`, written
// once when the session ends (lib/browser/trace.ts), read by GET /v1/sessions/{id}/trace and
// removed with the session's journal 24 h after the end.
import { rmSync, type ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { isSessionId } from './ids.js';

/**
 * The largest trace kept: a bigger one (an hour of a busy page's screenshots and DOM snapshots)
 * is deleted when the session ends rather than filling the data folder.
 */
export const MAX_TRACE_BYTES = 200 * 1024 * 1024;

/** The folder of the traces under a data folder. */
export const tracesFolder = (dataDir: string): string => join(dataDir, 'traces');

/** Where the trace of session `id` lives; `id` must be a session id (it becomes a file name). */
export function tracePath(dataDir: string, id: string): string {
  if (!isSessionId(id)) throw new Error(`not a session id: ${JSON.stringify(id)}`);
  return join(tracesFolder(dataDir), `${id}.zip`);
}

/** Where a trace is written before it is complete; renamed to tracePath only once it is. */
export const partialTracePath = (dataDir: string, id: string): string => `${tracePath(dataDir, id)}.part`;

/**
 * Deletes the traces of sessions `ids` (and any unfinished write of one); ids without a trace,
 * or that are not session ids, are passed over. Synchronous, so a store transaction may call it.
 * Returns how many files it deleted.
 */
export function removeTraces(dataDir: string, ids: Iterable<string>): number {
  let removed = 0;
  for (const id of ids) {
    if (!isSessionId(id)) continue;
    for (const file of [tracePath(dataDir, id), partialTracePath(dataDir, id)]) {
      try {
        rmSync(file);
        removed++;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return removed;
}

/** An opened trace: its size and a stream of its bytes. */
export interface OpenTrace {
  bytes: number;
  stream: ReadStream;
}

/**
 * Opens the trace of session `id`, or null when there is none. The file is opened before its
 * size is read, so a removal in between cannot turn into a short or failed answer.
 */
export async function openTrace(dataDir: string, id: string): Promise<OpenTrace | null> {
  let handle;
  try {
    handle = await open(tracePath(dataDir, id), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    return { bytes: size, stream: handle.createReadStream() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** What became of a trace at the session's end. */
export type TraceSaved =
  | { saved: true; bytes: number; ms: number }
  | { saved: false; reason: 'timeout' | 'failed' | 'too_large'; bytes?: number; ms: number };
