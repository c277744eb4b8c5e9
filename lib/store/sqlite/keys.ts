import type Database from 'better-sqlite3';
import { isPlanName } from '../../billing/plans.js';
import { hashApiKey, newApiKey, token } from '../../ids.js';
import { KEY_PREFIX_LENGTH, MIN_REVOKE_PREFIX } from '../rules.js';
import type { ApiKeyRecord, KeyStore } from '../types.js';
import type { Sync } from './sync.js';

interface KeyDbRow {
  id: string;
  account_id: string;
  prefix: string;
  test: number;
  plan: string;
  created_at: number;
  revoked_at: number | null;
}

// The effective plan is resolved in SQL so a plan change on the account reaches live keys at once.
const SELECT_KEY = `
  SELECT k.id, k.account_id, k.prefix, k.test, k.created_at, k.revoked_at,
         CASE WHEN k.test = 1 THEN k.plan ELSE a.plan END AS plan
  FROM api_keys k JOIN accounts a ON a.id = k.account_id`;

function toRecord(row: KeyDbRow): ApiKeyRecord {
  if (!isPlanName(row.plan)) throw new Error(`key ${row.prefix} has an unknown plan '${row.plan}'`);
  return {
    id: row.id,
    accountId: row.account_id,
    prefix: row.prefix,
    test: row.test === 1,
    plan: row.plan,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/** Key operations over `db`, with their statements prepared once. */
export function keyStore(db: Database.Database): Sync<KeyStore> {
  const accountPlan = db.prepare<[string], string>('SELECT plan FROM accounts WHERE id = ?').pluck();
  const insert = db.prepare<[string, string, string, string, number, string | null, number]>(
    'INSERT INTO api_keys (id, account_id, hash, prefix, test, plan, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[string], KeyDbRow>(`${SELECT_KEY} WHERE k.id = ?`);
  const activeByHash = db.prepare<[string], KeyDbRow>(`${SELECT_KEY} WHERE k.hash = ? AND k.revoked_at IS NULL`);
  const anyByHash = db.prepare<[string], KeyDbRow>(`${SELECT_KEY} WHERE k.hash = ?`);
  // substr rather than LIKE: a prefix must match literally, and '_' is a LIKE wildcard.
  const byPrefix = db.prepare<{ prefix: string }, KeyDbRow>(
    `${SELECT_KEY} WHERE substr(k.prefix, 1, length(@prefix)) = @prefix ORDER BY k.created_at, k.id`,
  );
  const all = db.prepare<[], KeyDbRow>(`${SELECT_KEY} ORDER BY k.created_at, k.id`);
  const ofAccount = db.prepare<[string], KeyDbRow>(`${SELECT_KEY} WHERE k.account_id = ? ORDER BY k.created_at, k.id`);
  const revoke = db.prepare<[number, string]>('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const revokedAmong = db
    .prepare<[string], string>('SELECT id FROM api_keys WHERE revoked_at IS NOT NULL AND id IN (SELECT value FROM json_each(?))')
    .pluck();

  function matching(prefixOrKey: string): KeyDbRow[] {
    if (prefixOrKey.length > KEY_PREFIX_LENGTH) {
      // Longer than the display prefix: only the whole key can be checked, through its hash.
      const row = anyByHash.get(hashApiKey(prefixOrKey));
      if (!row) throw new Error(`no key matches '${prefixOrKey.slice(0, KEY_PREFIX_LENGTH)}…': give the whole key, or a prefix of ${MIN_REVOKE_PREFIX} to ${KEY_PREFIX_LENGTH} characters`);
      return [row];
    }
    if (prefixOrKey.length < MIN_REVOKE_PREFIX) {
      throw new Error(`a key prefix needs at least ${MIN_REVOKE_PREFIX} characters (for example sk_live_ab), got '${prefixOrKey}'`);
    }
    return byPrefix.all({ prefix: prefixOrKey });
  }

  return {
    createKey({ accountId, test, plan, now }) {
      const accountsPlan = accountPlan.get(accountId);
      if (accountsPlan === undefined) throw new Error(`no account ${accountId}`);
      if (plan !== undefined && !isPlanName(plan)) throw new Error(`unknown plan '${String(plan)}'`);
      if (!test && plan !== undefined && plan !== accountsPlan) {
        throw new Error(`a live key takes its account's plan ('${accountsPlan}'), not '${plan}'`);
      }
      const key = newApiKey(test);
      const id = `key_${token(16)}`;
      // decisions.md: a test key is on Trial unless told otherwise.
      insert.run(id, accountId, hashApiKey(key), key.slice(0, KEY_PREFIX_LENGTH), test ? 1 : 0, test ? (plan ?? 'trial') : null, now);
      return { key, record: toRecord(byId.get(id)!) };
    },
    findKeyByToken(candidate) {
      const row = activeByHash.get(hashApiKey(candidate));
      return row && toRecord(row);
    },
    listKeys(accountId) {
      return (accountId === undefined ? all.all() : ofAccount.all(accountId)).map(toRecord);
    },
    revokeKey(prefixOrKey, now) {
      const input = prefixOrKey.trim();
      const candidates = matching(input);
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
      revoke.run(now, id);
      return toRecord(byId.get(id)!);
    },
    revokeKeyById(id, now) {
      return revoke.run(now, id).changes === 1;
    },
    revokedKeyIds(ids) {
      return ids.length === 0 ? [] : revokedAmong.all(JSON.stringify(ids));
    },
  };
}
