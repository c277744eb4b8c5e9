// Accounts and API keys in PostgreSQL; the same answers as lib/store/sqlite's, statement for statement.
import type pg from 'pg';
import { isPlanName } from '../../billing/plans.js';
import { hashApiKey, newAccountId, newApiKey, token } from '../../ids.js';
import { KEY_PREFIX_LENGTH, MIN_REVOKE_PREFIX } from '../rules.js';
import type { Account, ApiKeyRecord } from '../rows.js';
import type { AccountStore, KeyStore } from '../types.js';

interface AccountDbRow {
  id: string;
  plan: string;
  created_at: number;
}

interface KeyDbRow {
  id: string;
  account_id: string;
  prefix: string;
  test: boolean;
  plan: string;
  created_at: number;
  revoked_at: number | null;
}

function toAccount(row: AccountDbRow): Account {
  if (!isPlanName(row.plan)) throw new Error(`account ${row.id} has an unknown plan '${row.plan}'`);
  return { id: row.id, plan: row.plan, createdAt: row.created_at };
}

// The effective plan is resolved in SQL so a plan change on the account reaches live keys at once.
const SELECT_KEY = `
  SELECT k.id, k.account_id, k.prefix, k.test, k.created_at, k.revoked_at,
         CASE WHEN k.test THEN k.plan ELSE a.plan END AS plan
  FROM api_keys k JOIN accounts a ON a.id = k.account_id`;

function toRecord(row: KeyDbRow): ApiKeyRecord {
  if (!isPlanName(row.plan)) throw new Error(`key ${row.prefix} has an unknown plan '${row.plan}'`);
  return { id: row.id, accountId: row.account_id, prefix: row.prefix, test: row.test, plan: row.plan, createdAt: row.created_at, revokedAt: row.revoked_at };
}

/** Account operations on `pool`. */
export function pgAccountStore(pool: pg.Pool): AccountStore {
  const byId = async (id: string) => (await pool.query<AccountDbRow>('SELECT id, plan, created_at FROM accounts WHERE id = $1', [id])).rows[0];
  return {
    async createAccount({ plan, now }) {
      if (!isPlanName(plan)) throw new Error(`unknown plan '${String(plan)}'`);
      const account: Account = { id: newAccountId(), plan, createdAt: now };
      await pool.query('INSERT INTO accounts (id, plan, created_at) VALUES ($1, $2, $3)', [account.id, account.plan, account.createdAt]);
      return account;
    },
    async getAccount(id) {
      const row = await byId(id);
      return row && toAccount(row);
    },
    async listAccounts() {
      return (await pool.query<AccountDbRow>('SELECT id, plan, created_at FROM accounts ORDER BY created_at, id')).rows.map(toAccount);
    },
    async setAccountPlan(id, plan) {
      if (!isPlanName(plan)) throw new Error(`unknown plan '${String(plan)}'`);
      const { rows } = await pool.query<AccountDbRow>('UPDATE accounts SET plan = $1 WHERE id = $2 RETURNING id, plan, created_at', [plan, id]);
      if (!rows[0]) throw new Error(`no account ${id}`);
      return toAccount(rows[0]);
    },
  };
}

/** Key operations on `pool`. */
export function pgKeyStore(pool: pg.Pool): KeyStore {
  const byId = async (id: string) => (await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE k.id = $1`, [id])).rows[0];

  async function matching(prefixOrKey: string): Promise<KeyDbRow[]> {
    if (prefixOrKey.length > KEY_PREFIX_LENGTH) {
      // Longer than the display prefix: only the whole key can be checked, through its hash.
      const { rows } = await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE k.hash = $1`, [hashApiKey(prefixOrKey)]);
      if (!rows[0]) throw new Error(`no key matches '${prefixOrKey.slice(0, KEY_PREFIX_LENGTH)}…': give the whole key, or a prefix of ${MIN_REVOKE_PREFIX} to ${KEY_PREFIX_LENGTH} characters`);
      return rows;
    }
    if (prefixOrKey.length < MIN_REVOKE_PREFIX) {
      throw new Error(`a key prefix needs at least ${MIN_REVOKE_PREFIX} characters (for example sk_live_ab), got '${prefixOrKey}'`);
    }
    // left() rather than LIKE: a prefix must match literally, and '_' is a LIKE wildcard.
    return (await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE left(k.prefix, length($1)) = $1 ORDER BY k.created_at, k.id`, [prefixOrKey])).rows;
  }

  return {
    async createKey({ accountId, test, plan, now }) {
      const { rows } = await pool.query<{ plan: string }>('SELECT plan FROM accounts WHERE id = $1', [accountId]);
      const accountsPlan = rows[0]?.plan;
      if (accountsPlan === undefined) throw new Error(`no account ${accountId}`);
      if (plan !== undefined && !isPlanName(plan)) throw new Error(`unknown plan '${String(plan)}'`);
      if (!test && plan !== undefined && plan !== accountsPlan) {
        throw new Error(`a live key takes its account's plan ('${accountsPlan}'), not '${plan}'`);
      }
      const key = newApiKey(test);
      const id = `key_${token(16)}`;
      // A test key is on Trial unless told otherwise (decisions.md).
      await pool.query('INSERT INTO api_keys (id, account_id, hash, prefix, test, plan, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        id,
        accountId,
        hashApiKey(key),
        key.slice(0, KEY_PREFIX_LENGTH),
        test,
        test ? (plan ?? 'trial') : null,
        now,
      ]);
      return { key, record: toRecord((await byId(id))!) };
    },
    async findKeyByToken(candidate) {
      const { rows } = await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE k.hash = $1 AND k.revoked_at IS NULL`, [hashApiKey(candidate)]);
      return rows[0] && toRecord(rows[0]);
    },
    async listKeys(accountId) {
      const { rows } =
        accountId === undefined
          ? await pool.query<KeyDbRow>(`${SELECT_KEY} ORDER BY k.created_at, k.id`)
          : await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE k.account_id = $1 ORDER BY k.created_at, k.id`, [accountId]);
      return rows.map(toRecord);
    },
    async revokeKey(prefixOrKey, now) {
      const input = prefixOrKey.trim();
      const candidates = await matching(input);
      const live = candidates.filter((row) => row.revoked_at === null);
      if (live.length === 0) {
        const [revoked] = candidates;
        throw new Error(revoked ? `key ${revoked.prefix} is already revoked` : `no key matches '${input}'`);
      }
      if (live.length > 1) {
        const prefixes = live.map((row) => row.prefix).join(', ');
        throw new Error(`'${input}' matches ${live.length} keys (${prefixes}); give more characters or the whole key`);
      }
      const id = live[0]!.id;
      // Another node may have revoked it since the read: the guard keeps the first revocation's time.
      const { rowCount } = await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id]);
      if (rowCount === 0) throw new Error(`key ${live[0]!.prefix} is already revoked`);
      return toRecord((await byId(id))!);
    },
    async revokeKeyById(id, now) {
      const { rowCount } = await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id]);
      return rowCount === 1;
    },
    async revokedKeyIds(ids) {
      if (ids.length === 0) return [];
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM api_keys WHERE revoked_at IS NOT NULL AND id = ANY($1::text[])', [ids]);
      return rows.map((row) => row.id);
    },
  };
}
