// Accounts and API keys in PostgreSQL; the same answers as lib/platform/store/sqlite's, statement for statement.
import type pg from 'pg';
import { isPlanName } from '../../../contract/plans.js';
import { hashApiKey, newAccountId } from '../../ids.js';
import { toAccount, toKeyRecord, type AccountDbRow, type KeyDbRow } from '../db-rows.js';
import { newKeyFor, oneLiveKey, revokeLookup } from '../rules.js';
import type { Account } from '../rows.js';
import type { AccountStore, KeyStore } from '../types.js';

// The effective plan is resolved in SQL so a plan change on the account reaches live keys at once.
const SELECT_KEY = `
  SELECT k.id, k.account_id, k.prefix, k.test, k.created_at, k.revoked_at,
         CASE WHEN k.test THEN k.plan ELSE a.plan END AS plan
  FROM api_keys k JOIN accounts a ON a.id = k.account_id`;

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

  async function matching(input: string): Promise<KeyDbRow[]> {
    const lookup = revokeLookup(input);
    if ('hash' in lookup) return (await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE k.hash = $1`, [lookup.hash])).rows;
    // left() rather than LIKE: a prefix must match literally, and '_' is a LIKE wildcard.
    return (await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE left(k.prefix, length($1)) = $1 ORDER BY k.created_at, k.id`, [lookup.prefix])).rows;
  }

  return {
    async createKey({ accountId, test, plan, now }) {
      const { rows } = await pool.query<{ plan: string }>('SELECT plan FROM accounts WHERE id = $1', [accountId]);
      const accountsPlan = rows[0]?.plan;
      if (accountsPlan === undefined) throw new Error(`no account ${accountId}`);
      const { key, id, hash, prefix, plan: stored } = newKeyFor(accountsPlan, { test, plan });
      await pool.query('INSERT INTO api_keys (id, account_id, hash, prefix, test, plan, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        id,
        accountId,
        hash,
        prefix,
        test,
        stored,
        now,
      ]);
      return { key, record: toKeyRecord((await byId(id))!) };
    },
    async findKeyByToken(candidate) {
      const { rows } = await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE k.hash = $1 AND k.revoked_at IS NULL`, [hashApiKey(candidate)]);
      return rows[0] && toKeyRecord(rows[0]);
    },
    async listKeys(accountId) {
      const { rows } =
        accountId === undefined
          ? await pool.query<KeyDbRow>(`${SELECT_KEY} ORDER BY k.created_at, k.id`)
          : await pool.query<KeyDbRow>(`${SELECT_KEY} WHERE k.account_id = $1 ORDER BY k.created_at, k.id`, [accountId]);
      return rows.map(toKeyRecord);
    },
    async revokeKey(prefixOrKey, now) {
      const input = prefixOrKey.trim();
      const key = oneLiveKey(input, await matching(input));
      const id = key.id;
      // Another node may have revoked it since the read: the guard keeps the first revocation's time.
      const { rowCount } = await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now, id]);
      if (rowCount === 0) throw new Error(`key ${key.prefix} is already revoked`);
      return toKeyRecord((await byId(id))!);
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
