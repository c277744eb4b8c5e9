import type Database from 'better-sqlite3';
import { hashApiKey } from '../../ids.js';
import { toKeyRecord, type KeyDbRow } from '../db-rows.js';
import { newKeyFor, oneLiveKey, revokeLookup } from '../rules.js';
import type { KeyStore } from '../types.js';
import type { Sync } from './sync.js';

// The effective plan is resolved in SQL so a plan change on the account reaches live keys at once.
const SELECT_KEY = `
  SELECT k.id, k.account_id, k.prefix, k.test, k.created_at, k.revoked_at,
         CASE WHEN k.test = 1 THEN k.plan ELSE a.plan END AS plan
  FROM api_keys k JOIN accounts a ON a.id = k.account_id`;

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

  function matching(input: string): KeyDbRow[] {
    const lookup = revokeLookup(input);
    if ('hash' in lookup) {
      const row = anyByHash.get(lookup.hash);
      return row ? [row] : [];
    }
    return byPrefix.all({ prefix: lookup.prefix });
  }

  return {
    createKey({ accountId, test, plan, now }) {
      const accountsPlan = accountPlan.get(accountId);
      if (accountsPlan === undefined) throw new Error(`no account ${accountId}`);
      const { key, id, hash, prefix, plan: stored } = newKeyFor(accountsPlan, { test, plan });
      insert.run(id, accountId, hash, prefix, test ? 1 : 0, stored, now);
      return { key, record: toKeyRecord(byId.get(id)!) };
    },
    findKeyByToken(candidate) {
      const row = activeByHash.get(hashApiKey(candidate));
      return row && toKeyRecord(row);
    },
    listKeys(accountId) {
      return (accountId === undefined ? all.all() : ofAccount.all(accountId)).map(toKeyRecord);
    },
    revokeKey(prefixOrKey, now) {
      const input = prefixOrKey.trim();
      const { id } = oneLiveKey(input, matching(input));
      revoke.run(now, id);
      return toKeyRecord(byId.get(id)!);
    },
    revokeKeyById(id, now) {
      return revoke.run(now, id).changes === 1;
    },
    revokedKeyIds(ids) {
      return ids.length === 0 ? [] : revokedAmong.all(JSON.stringify(ids));
    },
  };
}
