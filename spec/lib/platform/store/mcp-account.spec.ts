import { expect } from 'chai';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MCP_ACCOUNT_FILE, mcpRunKey } from '../../../../lib/platform/store/index.js';
import { freshStore, seedKey, T0 } from './fixtures.js';

describe('mcpRunKey()', () => {
  const fresh = freshStore();
  const remembered = (): unknown => JSON.parse(readFileSync(join(fresh.dir, MCP_ACCOUNT_FILE), 'utf8'));

  it('makes an account on plan scale the first time, and a live key on it that authenticates', async () => {
    const run = await mcpRunKey(fresh.store, fresh.dir, T0);
    expect(run.account).to.deep.include({ plan: 'scale', createdAt: T0 });
    expect(run.key).to.match(/^sk_live_/);
    expect((await fresh.store.findKeyByToken(run.key))).to.deep.equal(run.record);
    expect(run.record).to.deep.include({ accountId: run.account.id, test: false, plan: 'scale', revokedAt: null });
    expect(remembered()).to.deep.equal({ account_id: run.account.id, key_id: run.record.id });
  });

  it('keeps the account from run to run, with its plan, and a new key each run', async () => {
    const first = await mcpRunKey(fresh.store, fresh.dir, T0);
    await fresh.store.revokeKeyById(first.record.id, T0 + 1);
    await fresh.store.setAccountPlan(first.account.id, 'pro');
    const second = await mcpRunKey(fresh.reopen(), fresh.dir, T0 + 2);
    expect(second.account).to.deep.equal({ ...first.account, plan: 'pro' });
    expect(second.record.id).to.not.equal(first.record.id);
    expect((await fresh.store.listAccounts())).to.have.length(1);
    expect(remembered()).to.deep.equal({ account_id: first.account.id, key_id: second.record.id });
  });

  it("revokes the last run's key when that run ended without revoking it", async () => {
    const killed = await mcpRunKey(fresh.store, fresh.dir, T0);
    const next = await mcpRunKey(fresh.store, fresh.dir, T0 + 5);
    expect((await fresh.store.findKeyByToken(killed.key))).to.equal(undefined);
    expect((await fresh.store.listKeys(killed.account.id)).map((key) => [key.id, key.revokedAt])).to.deep.equal([
      [killed.record.id, T0 + 5],
      [next.record.id, null],
    ]);
  });

  it("leaves other keys of the account alone (a key added with keys create --account)", async () => {
    const run = await mcpRunKey(fresh.store, fresh.dir, T0);
    const added = await fresh.store.createKey({ accountId: run.account.id, test: false, now: T0 });
    await mcpRunKey(fresh.store, fresh.dir, T0 + 1);
    expect((await fresh.store.findKeyByToken(added.key))).to.deep.equal(added.record);
  });

  it('makes a new account when the file names none that exists or cannot be read', async () => {
    const other = seedKey(fresh.store).account;
    writeFileSync(join(fresh.dir, MCP_ACCOUNT_FILE), JSON.stringify({ account_id: 'acc_gone', key_id: 'key_gone' }));
    const first = await mcpRunKey(fresh.store, fresh.dir, T0);
    expect(first.account.id).to.not.be.oneOf(['acc_gone', other.id]);
    writeFileSync(join(fresh.dir, MCP_ACCOUNT_FILE), '{"account_id": ');
    const second = await mcpRunKey(fresh.store, fresh.dir, T0);
    expect(second.account.id).to.not.be.oneOf([first.account.id, other.id]);
    expect(remembered()).to.deep.equal({ account_id: second.account.id, key_id: second.record.id });
  });
});

describe('Store#revokeKeyById()', () => {
  const fresh = freshStore();

  it('revokes a live key once and says whether it did', async () => {
    const { key, record } = seedKey(fresh.store);
    expect((await fresh.store.revokeKeyById(record.id, T0 + 1))).to.equal(true);
    expect((await fresh.store.findKeyByToken(key))).to.equal(undefined);
    expect((await fresh.store.revokeKeyById(record.id, T0 + 2))).to.equal(false);
    expect((await fresh.store.listKeys())[0]!.revokedAt).to.equal(T0 + 1);
    expect((await fresh.store.revokeKeyById('key_unknown', T0))).to.equal(false);
  });
});
