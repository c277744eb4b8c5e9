// Downloads leave DOWNLOAD_RETENTION_MS after their session ended: `serve` sweeps at start and then
// with the journals' pruning (lib/platform/journal/limits.ts), on an unref'd timer.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DOWNLOAD_RETENTION_MS } from '../../contract/response/download.js';
import { isSessionId } from '../ids.js';
import type { SessionStore } from '../store/types.js';
import { downloadsFolder, incomingFolder } from './folder.js';

/**
 * Deletes the download folders of sessions that ended more than DOWNLOAD_RETENTION_MS before
 * `now`, of sessions the store does not know, and anything else in the downloads folder (nothing
 * but session folders belongs there). A live session's folder stays; a recently ended one loses only
 * its partial files. Returns how many folders it deleted.
 */
export async function sweepDownloads(store: Pick<SessionStore, 'getSession'>, dataDir: string, now: number): Promise<number> {
  let names: string[];
  try {
    names = readdirSync(downloadsFolder(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (isSessionId(name)) {
      const row = await store.getSession(name);
      if (row?.endedAt === null) continue;
      if (row && row.endedAt >= now - DOWNLOAD_RETENTION_MS) {
        // What Chromium was still writing when its process died (a session ended by a restart) is no download.
        rmSync(incomingFolder(dataDir, name), { recursive: true, force: true });
        continue;
      }
    }
    rmSync(join(downloadsFolder(dataDir), name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
