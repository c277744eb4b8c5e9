import type { Store } from './types.js';
import { openSqliteStore } from './sqlite/index.js';

export type * from './types.js';
export { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS, KEY_PREFIX_LENGTH, MIN_REVOKE_PREFIX, ORPHAN_MESSAGE, RATE_WINDOW_MS } from './rules.js';
export { DataFolderInUse, OWNER_LOCK_FILE, takeOwnership, type Ownership } from './owner.js';
export { MCP_ACCOUNT_FILE, mcpRunKey, type McpRunKey } from './mcp-account.js';

/**
 * The one way the service opens its store: SQLite in `<dataDir>/tabwright.db` (or in memory for
 * ':memory:'), migrated to the newest schema.
 */
export async function openStore(dataDir: string): Promise<Store> {
  // DATABASE_URL selects the PostgreSQL store here (lib/store/pg/, issue 17): read through
  // lib/config like every setting and passed in by the caller, never read from the environment here.
  return Promise.resolve(openSqliteStore(dataDir));
}
