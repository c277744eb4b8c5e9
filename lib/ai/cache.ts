import type Database from 'better-sqlite3';

/** Where a resolved selector is kept: one account, one domain, one description. */
export interface CacheKey {
  accountId: string;
  domain: string;
  description: string;
}

/** AI-resolved selectors in the ai_selectors table (migration 2). */
export class SelectorCache {
  constructor(
    private readonly db: Database.Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached selector, if any. */
  get(key: CacheKey): string | null {
    const row = this.db
      .prepare('SELECT selector FROM ai_selectors WHERE account_id = ? AND domain = ? AND description = ?')
      .get(key.accountId, key.domain, key.description) as { selector: string } | undefined;
    return row?.selector ?? null;
  }

  /** Stores (or replaces) the selector for `key`. */
  put(key: CacheKey, selector: string): void {
    this.db
      .prepare(
        `INSERT INTO ai_selectors (account_id, domain, description, selector, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (account_id, domain, description) DO UPDATE SET selector = excluded.selector, created_at = excluded.created_at`,
      )
      .run(key.accountId, key.domain, key.description, selector, this.now());
  }
}
