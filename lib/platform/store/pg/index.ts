// The PostgreSQL store: every method of Store over one pg.Pool, for several nodes sharing state.
import type { Store } from '../types.js';
import { pgAccountStore, pgKeyStore } from './accounts.js';
import { openPool } from './connection.js';
import { pgJournalStore, pgSelectorStore } from './journal.js';
import { pgLedgerStore } from './ledger.js';
import { migratePostgres } from './migrations.js';
import { pgProfileStore } from './profiles.js';
import { pgIdempotencyStore, pgRateStore } from './requests.js';
import { pgSessionStore } from './sessions.js';
import { pgWebhookStore } from './webhooks.js';

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
  const parts = {
    ...pgAccountStore(pool),
    ...pgKeyStore(pool),
    ...pgSessionStore(pool),
    ...pgIdempotencyStore(pool),
    ...pgLedgerStore(pool),
    ...pgJournalStore(pool),
    ...pgRateStore(pool),
    ...pgSelectorStore(pool),
    ...pgProfileStore(pool),
    ...pgWebhookStore(pool),
  };
  // pg's pool never serves requests still queued for a client once it is ending (they would hang),
  // so close waits for the calls under way itself and refuses new ones.
  let running = 0;
  let closing: Promise<void> | undefined;
  let drained: (() => void) | undefined;
  const tracked = Object.fromEntries(
    Object.entries(parts).map(([name, method]) => [
      name,
      async (...args: unknown[]): Promise<unknown> => {
        if (closing) throw new Error(`the PostgreSQL store is closed (${name})`);
        running++;
        try {
          return await (method as (...a: unknown[]) => Promise<unknown>)(...args);
        } finally {
          if (--running === 0) drained?.();
        }
      },
    ]),
  ) as typeof parts;
  return {
    kind: 'postgres',
    ...tracked,
    close: () =>
      (closing ??= (async () => {
        if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
        await pool.end();
      })()),
  };
}
