import type Database from 'better-sqlite3';
import { isPlanName } from '../../../contract/plans.js';
import { toAccount, type AccountDbRow } from '../db-rows.js';
import { newAccountId } from '../../ids.js';
import type { Account, AccountStore } from '../types.js';
import type { Sync } from './sync.js';

/** Account operations over `db`, with their statements prepared once. */
export function accountStore(db: Database.Database): Sync<AccountStore> {
  const insert = db.prepare<[string, string, number]>('INSERT INTO accounts (id, plan, created_at) VALUES (?, ?, ?)');
  const byId = db.prepare<[string], AccountDbRow>('SELECT id, plan, created_at FROM accounts WHERE id = ?');
  const all = db.prepare<[], AccountDbRow>('SELECT id, plan, created_at FROM accounts ORDER BY created_at, id');
  const updatePlan = db.prepare<[string, string]>('UPDATE accounts SET plan = ? WHERE id = ?');

  return {
    createAccount({ plan, now }) {
      if (!isPlanName(plan)) throw new Error(`unknown plan '${String(plan)}'`);
      const account: Account = { id: newAccountId(), plan, createdAt: now };
      insert.run(account.id, account.plan, account.createdAt);
      return account;
    },
    getAccount(id) {
      const row = byId.get(id);
      return row && toAccount(row);
    },
    listAccounts() {
      return all.all().map(toAccount);
    },
    setAccountPlan(id, plan) {
      if (!isPlanName(plan)) throw new Error(`unknown plan '${String(plan)}'`);
      if (updatePlan.run(plan, id).changes === 0) throw new Error(`no account ${id}`);
      return toAccount(byId.get(id)!);
    },
  };
}
