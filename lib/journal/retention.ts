import type { JournalStore } from '../store/journal.js';
import { removeTraces } from '../trace/files.js';
import { JOURNAL_RETENTION_MS } from './limits.js';

/** Deletes the journals (and trace files) of sessions that ended more than JOURNAL_RETENTION_MS before `now`; returns how many. */
export function pruneEnded(store: JournalStore, dataDir: string, now: number): number {
  const ids = store.pruneJournals(now - JOURNAL_RETENTION_MS);
  // An in-memory store has no folder for traces.
  if (dataDir !== ':memory:') removeTraces(dataDir, ids);
  return ids.length;
}
