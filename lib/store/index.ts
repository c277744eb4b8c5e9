import type Database from 'better-sqlite3';
import { ledgerStore, type LedgerStore } from '../billing/ledger.js';
import { accountStore, type AccountStore } from './accounts.js';
import { openDatabase, openJournalConnection } from './db.js';
import { idempotencyStore, type IdempotencyStore } from './idempotency.js';
import { journalStore, type JournalStore } from './journal.js';
import { keyStore, type KeyStore } from './keys.js';
import { sessionStore, type SessionStore } from './sessions.js';

export type { Account, AccountStore } from './accounts.js';
export type { ApiKeyRecord, KeyStore } from './keys.js';
export type { NewSessionRow, SessionPage, SessionRow, SessionStatus, SessionStore, UsageInput, UsageRow } from './sessions.js';
export type { IdempotencyBegin, IdempotencyStore } from './idempotency.js';
export type { JournalStore } from './journal.js';
export { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS } from './idempotency.js';
export { KEY_PREFIX_LENGTH, MIN_REVOKE_PREFIX } from './keys.js';
export { ORPHAN_MESSAGE } from './sessions.js';
export { migrations, type Migration } from './db.js';
export { DataFolderInUse, OWNER_LOCK_FILE, takeOwnership, type Ownership } from './owner.js';
export { MCP_ACCOUNT_FILE, mcpRunKey, type McpRunKey } from './mcp-account.js';
export type { LedgerEntry, LedgerKind, LedgerStore, SessionBill } from '../billing/ledger.js';

/** The whole storage layer over one SQLite connection; every method is synchronous. */
export interface Store extends AccountStore, KeyStore, SessionStore, IdempotencyStore, LedgerStore, JournalStore {
  /** The connection itself, for later stores (the ledger) that must join these tables or transactions. */
  readonly db: Database.Database;
  /** Closes the connection; the store is unusable afterwards. */
  close(): void;
}

/** Opens `<dataDir>/tabwright.db` (creating folder and file) or an in-memory database, migrated to the newest schema. */
export function openStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  const ledger = ledgerStore(db);
  const journalDb = openJournalConnection(dataDir, db);
  return {
    db,
    ...accountStore(db),
    ...keyStore(db),
    ...sessionStore(db, ledger),
    // billSession comes along at run time but is not on Store's type: only endSession may call it.
    ...ledger,
    ...idempotencyStore(db),
    ...journalStore(journalDb),
    close: () => {
      if (journalDb !== db) journalDb.close();
      db.close();
    },
  };
}
