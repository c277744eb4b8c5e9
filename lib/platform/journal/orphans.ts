import type { JournalStore, SessionRow } from '../store/types.js';

/**
 * Ends the journals of sessions a previous process left active (recorded as failed at start-up):
 * each gets its `ended` event after whatever that process managed to write, so its journal, like
 * every other, ends with `ended` and a stream of it closes.
 */
export async function closeOrphanJournals(store: JournalStore, orphans: readonly SessionRow[]): Promise<void> {
  for (const row of orphans) {
    const at = new Date(row.endedAt ?? row.startedAt).toISOString();
    const id = (await store.lastEventId(row.id)) + 1;
    await store.appendEvents(row.id, [{ id, at, type: 'ended', status: 'failed', error_code: row.errorCode, error_message: row.errorMessage }]);
  }
}
