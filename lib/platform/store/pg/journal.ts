// Session journals and AI-resolved selectors in PostgreSQL: plain rows, no invariant across nodes
// beyond what one statement or one transaction gives.
import type pg from 'pg';
import { MAX_JOURNAL_EVENTS, type JournalEvent } from '../../../contract/response/events.js';
import type { JournalStore, SelectorStore } from '../types.js';
import { transaction } from './connection.js';

/** Journal operations on `pool`. */
export function pgJournalStore(pool: pg.Pool): JournalStore {
  return {
    async appendEvents(sessionId, events) {
      if (!events.length) return;
      // One statement for the batch (unnest of arrays), one transaction with its trim: one round trip each.
      await transaction(pool, async (client) => {
        await client.query(
          `INSERT INTO journal_events (session_id, id, at, type, data)
           SELECT $1, * FROM unnest($2::int[], $3::bigint[], $4::text[], $5::text[])`,
          [sessionId, events.map((e) => e.id), events.map((e) => Date.parse(e.at)), events.map((e) => e.type), events.map((e) => JSON.stringify(e))],
        );
        const newest = events.at(-1)?.id ?? 0;
        if (newest > MAX_JOURNAL_EVENTS) await client.query('DELETE FROM journal_events WHERE session_id = $1 AND id <= $2', [sessionId, newest - MAX_JOURNAL_EVENTS]);
      });
    },
    async readEvents(sessionId, after, limit) {
      const { rows } = await pool.query<{ data: string }>('SELECT data FROM journal_events WHERE session_id = $1 AND id > $2 ORDER BY id LIMIT $3', [sessionId, after, limit]);
      return rows.map((row) => JSON.parse(row.data) as JournalEvent);
    },
    async lastEventId(sessionId) {
      const { rows } = await pool.query<{ last: number | null }>('SELECT max(id) AS last FROM journal_events WHERE session_id = $1', [sessionId]);
      return rows[0]?.last ?? 0;
    },
    async pruneJournals(endedBefore) {
      const { rows } = await pool.query<{ session_id: string }>(
        `DELETE FROM journal_events j USING sessions s
         WHERE s.id = j.session_id AND s.ended_at IS NOT NULL AND s.ended_at < $1
         RETURNING j.session_id`,
        [endedBefore],
      );
      return [...new Set(rows.map((row) => row.session_id))];
    },
  };
}

/** Selector operations on `pool`. */
export function pgSelectorStore(pool: pg.Pool): SelectorStore {
  return {
    async getSelector({ accountId, domain, description }) {
      const { rows } = await pool.query<{ selector: string }>('SELECT selector FROM ai_selectors WHERE account_id = $1 AND domain = $2 AND description = $3', [
        accountId,
        domain,
        description,
      ]);
      return rows[0]?.selector ?? null;
    },
    async putSelector({ accountId, domain, description }, selector, now) {
      await pool.query(
        `INSERT INTO ai_selectors (account_id, domain, description, selector, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, domain, description) DO UPDATE SET selector = excluded.selector, created_at = excluded.created_at`,
        [accountId, domain, description, selector, now],
      );
    },
  };
}
