// The account the embedded `tabwright mcp` works under, kept from run to run, and the key of one
// run. The account's id is remembered in <dataDir>/mcp-account.json beside the database (an
// account has no name to find it by); its sessions, usage and ledger are an account's like any
// other, so `tabwright accounts` and `ledger export` show them. The key is made fresh for each run
// and never leaves the process: the run revokes it when it ends, and the next run revokes it if
// the process was killed first (the file names the last run's key).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, AccountStore, ApiKeyRecord, KeyStore } from './types.js';

/** The file naming the embedded MCP's account and its last key. */
export const MCP_ACCOUNT_FILE = 'mcp-account.json';

/** What the file holds. */
interface Remembered {
  account_id: string;
  key_id: string;
}

/** A run's live key (shown only here) on the embedded MCP's account. */
export interface McpRunKey {
  key: string;
  record: ApiKeyRecord;
  account: Account;
}

function remembered(dataDir: string): Partial<Remembered> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dataDir, MCP_ACCOUNT_FILE), 'utf8'));
  } catch {
    // Absent (the first run) or unreadable: a new account is made and the file written again.
    return {};
  }
  const { account_id, key_id } = (parsed ?? {}) as Record<string, unknown>;
  return { account_id: typeof account_id === 'string' ? account_id : undefined, key_id: typeof key_id === 'string' ? key_id : undefined };
}

/**
 * A fresh live key for one run of the embedded MCP, on its account (made on plan scale the first
 * time, since the machine is the user's own; a plan set later with `accounts set-plan` is kept).
 * The caller holds the data folder's ownership, so a key the file still names as live belongs to
 * a run that ended without revoking it: it is revoked first.
 */
export async function mcpRunKey(store: AccountStore & KeyStore, dataDir: string, now: number): Promise<McpRunKey> {
  const last = remembered(dataDir);
  if (last.key_id !== undefined) await store.revokeKeyById(last.key_id, now);
  const account = (last.account_id !== undefined ? await store.getAccount(last.account_id) : undefined) ?? (await store.createAccount({ plan: 'scale', now }));
  const { key, record } = await store.createKey({ accountId: account.id, test: false, now });
  // Written whole, then moved into place, so a crash leaves the old file or the new one.
  const file = join(dataDir, MCP_ACCOUNT_FILE);
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ account_id: account.id, key_id: record.id } satisfies Remembered)}\n`);
  renameSync(`${file}.tmp`, file);
  return { key, record, account };
}
