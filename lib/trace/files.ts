import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where the trace of session `id` is kept: `<dataDir>/traces/<id>.zip`. */
export function tracePath(dataDir: string, id: string): string {
  return join(dataDir, 'traces', `${id}.zip`);
}

/** Deletes the trace files of `ids`; one that does not exist is no error. */
export function removeTraces(dataDir: string, ids: readonly string[]): void {
  for (const id of ids) rmSync(tracePath(dataDir, id), { force: true });
}
