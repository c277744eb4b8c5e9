import type { JournalStore } from '../store/types.js';
import { removeTraces } from '../traces.js';
import { JOURNAL_RETENTION_MS } from '../../contract/response/events.js';

/** Deletes the journals (and trace files) of sessions that ended more than JOURNAL_RETENTION_MS before `now`; returns how many. */
export async function pruneEnded(store: JournalStore, dataDir: string, now: number): Promise<number> {
  const ids = await store.pruneJournals(now - JOURNAL_RETENTION_MS);
  // An in-memory store has no folder for traces.
  if (dataDir !== ':memory:') removeTraces(dataDir, ids);
  return ids.length;
}
