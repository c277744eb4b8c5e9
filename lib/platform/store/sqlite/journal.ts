import type Database from 'better-sqlite3';
import { MAX_JOURNAL_EVENTS } from '../../../contract/response/events.js';
import type { JournalEvent, JournalStore } from '../types.js';
import type { Sync } from './sync.js';

/** Journal operations over `db`, with their statements prepared once. */
export function journalStore(db: Database.Database): Sync<JournalStore> {
  const insert = db.prepare<[string, number, number, string, string]>('INSERT INTO journal_events (session_id, id, at, type, data) VALUES (?, ?, ?, ?, ?)');
  const trim = db.prepare<[string, number]>('DELETE FROM journal_events WHERE session_id = ? AND id <= ?');
  const read = db.prepare<[string, number, number], string>('SELECT data FROM journal_events WHERE session_id = ? AND id > ? ORDER BY id LIMIT ?').pluck();
  const last = db.prepare<[string], number | null>('SELECT max(id) FROM journal_events WHERE session_id = ?').pluck();
  const ended = db
    .prepare<[number], string>(
      `SELECT id FROM sessions s WHERE ended_at IS NOT NULL AND ended_at < ?
       AND EXISTS (SELECT 1 FROM journal_events j WHERE j.session_id = s.id)`,
    )
    .pluck();
  const remove = db.prepare<[string]>('DELETE FROM journal_events WHERE session_id = ?');

  // One transaction per batch: with synchronous=FULL each commit is a disk sync, the cost that matters.
  const append = db.transaction((sessionId: string, events: readonly JournalEvent[]) => {
    for (const event of events) insert.run(sessionId, event.id, Date.parse(event.at), event.type, JSON.stringify(event));
    const newest = events.at(-1)?.id ?? 0;
    if (newest > MAX_JOURNAL_EVENTS) trim.run(sessionId, newest - MAX_JOURNAL_EVENTS);
  });
  const prune = db.transaction((endedBefore: number): string[] => {
    const ids = ended.all(endedBefore);
    for (const id of ids) remove.run(id);
    return ids;
  });

  return {
    appendEvents(sessionId, events) {
      if (events.length) append.immediate(sessionId, events);
    },
    readEvents(sessionId, after, limit) {
      return read.all(sessionId, after, limit).map((data) => JSON.parse(data) as JournalEvent);
    },
    lastEventId(sessionId) {
      return last.get(sessionId) ?? 0;
    },
    pruneJournals(endedBefore) {
      return prune.immediate(endedBefore);
    },
  };
}
