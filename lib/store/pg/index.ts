// The PostgreSQL store: every method of Store over one pg.Pool, for several nodes sharing state.
import type { Store } from '../types.js';
import { pgAccountStore, pgKeyStore } from './accounts.js';
import { openPool } from './connection.js';
import { pgJournalStore, pgSelectorStore } from './journal.js';
import { pgLedgerStore } from './ledger.js';
import { migratePostgres } from './migrations.js';
import { pgIdempotencyStore, pgRateStore } from './requests.js';
import { pgSessionStore } from './sessions.js';

export { pgMigrations, migratePostgres } from './migrations.js';

/** Connects to `url`, migrates the database to the newest schema (one node at a time) and answers the store. */
export async function openPostgresStore(url: string): Promise<Store> {
  const pool = openPool(url);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    ...pgAccountStore(pool),
    ...pgKeyStore(pool),
    ...pgSessionStore(pool),
    ...pgIdempotencyStore(pool),
    ...pgLedgerStore(pool),
    ...pgJournalStore(pool),
    ...pgRateStore(pool),
    ...pgSelectorStore(pool),
    // pool.end waits for checked-out clients to be released, so work under way finishes first.
    close: () => (closing ??= pool.end()),
  };
}
