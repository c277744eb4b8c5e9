import type Database from 'better-sqlite3';
import type { SelectorStore } from '../types.js';
import type { Sync } from './sync.js';

/** AI-resolved selectors in the ai_selectors table (migration 2), with their statements prepared once. */
export function selectorStore(db: Database.Database): Sync<SelectorStore> {
  const find = db.prepare<[string, string, string], string>('SELECT selector FROM ai_selectors WHERE account_id = ? AND domain = ? AND description = ?').pluck();
  const upsert = db.prepare<[string, string, string, string, number]>(
    `INSERT INTO ai_selectors (account_id, domain, description, selector, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id, domain, description) DO UPDATE SET selector = excluded.selector, created_at = excluded.created_at`,
  );
  return {
    getSelector(key) {
      return find.get(key.accountId, key.domain, key.description) ?? null;
    },
    putSelector(key, selector, now) {
      upsert.run(key.accountId, key.domain, key.description, selector, now);
    },
  };
}
