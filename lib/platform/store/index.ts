import type { Store } from './types.js';
import { openPostgresStore } from './pg/index.js';
import { openSqliteStore } from './sqlite/index.js';

export type * from './types.js';
export { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS, KEY_PREFIX_LENGTH, MIN_REVOKE_PREFIX, NODE_LOST_MESSAGE, ORPHAN_MESSAGE, RATE_WINDOW_MS } from './rules.js';
export { DataFolderInUse, OWNER_LOCK_FILE, takeOwnership, type Ownership } from './owner.js';
export { MCP_ACCOUNT_FILE, mcpRunKey, type McpRunKey } from './mcp-account.js';

/**
 * The one way the service opens its store: PostgreSQL at `options.databaseUrl` (DATABASE_URL,
 * read by lib/platform/config) when it is set, else SQLite in `<dataDir>/tabwright.db` (or in memory for
 * ':memory:'); migrated to the newest schema either way.
 */
export async function openStore(dataDir: string, options: { databaseUrl?: string | null } = {}): Promise<Store> {
  if (options.databaseUrl) return openPostgresStore(options.databaseUrl);
  return Promise.resolve(openSqliteStore(dataDir));
}
