import type Database from 'better-sqlite3';
import type { Store } from '../types.js';
import { accountStore } from './accounts.js';
import { openDatabase, openJournalConnection } from './db.js';
import { idempotencyStore } from './idempotency.js';
import { journalStore } from './journal.js';
import { keyStore } from './keys.js';
import { ledgerStore } from './ledger.js';
import { profileStore } from './profiles.js';
import { rateStore } from './rate.js';
import { selectorStore } from './selectors.js';
import { sessionStore } from './sessions.js';
import { asynchronous, type Sync } from './sync.js';
import { webhookStore } from './webhooks.js';

export { migrate, migrations, openDatabase, type Migration } from './db.js';

/** The SQLite store; `db` (the main connection) and `sync` (the same methods, synchronous) are for this implementation's own tests and tools. */
export interface SqliteStore extends Store {
  readonly kind: 'sqlite';
  readonly db: Database.Database;
  readonly sync: Sync<Omit<Store, 'kind' | 'close'>>;
}

/** Opens `<dataDir>/tabwright.db` (creating folder and file) or a private in-memory database, migrated to the newest schema. */
export function openSqliteStore(dataDir: string): SqliteStore {
  const db = openDatabase(dataDir);
  const journalDb = openJournalConnection(dataDir, db);
  const ledger = ledgerStore(db);
  const sync: Sync<Omit<Store, 'kind' | 'close'>> = {
    ...accountStore(db),
    ...keyStore(db),
    ...sessionStore(db, ledger),
    // billSession comes along at run time but is not on the type: only endSession may call it.
    creditBalance: ledger.creditBalance,
    topUp: ledger.topUp,
    ledgerEntries: ledger.ledgerEntries,
    ...idempotencyStore(db),
    ...journalStore(journalDb),
    ...rateStore(journalDb),
    ...selectorStore(db),
    ...profileStore(db),
    ...webhookStore(db),
  };
  return {
    ...asynchronous<Omit<Store, 'kind' | 'close'>>(sync),
    kind: 'sqlite',
    db,
    sync,
    close: () => {
      // Synchronous underneath: no statement of this connection can be under way at this point.
      if (journalDb !== db && journalDb.open) journalDb.close();
      if (db.open) db.close();
      return Promise.resolve();
    },
  };
}
