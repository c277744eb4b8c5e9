import { expect } from 'chai';
import { expectRejects, freshStore, T0 } from './fixtures.js';

describe('Store#createAccount()', () => {
  const fresh = freshStore();

  it('creates an account with an acc_ id on the given plan', async () => {
    const account = await fresh.store.createAccount({ plan: 'starter', now: T0 });
    expect(account.id).to.match(/^acc_[0-9a-z]{16}$/);
    expect(account).to.deep.include({ plan: 'starter', createdAt: T0 });
    expect((await fresh.store.getAccount(account.id))).to.deep.equal(account);
  });

  it('refuses an unknown plan', async () => {
    await expectRejects(fresh.store.createAccount({ plan: 'gold' as never, now: T0 }), /unknown plan/);
  });
});

describe('Store#getAccount()', () => {
  const fresh = freshStore();

  it('returns undefined for an unknown id', async () => {
    expect((await fresh.store.getAccount('acc_nope'))).to.equal(undefined);
  });
});

describe('Store#listAccounts()', () => {
  const fresh = freshStore();

  it('lists accounts oldest first', async () => {
    const b = await fresh.store.createAccount({ plan: 'pro', now: T0 + 1 });
    const a = await fresh.store.createAccount({ plan: 'trial', now: T0 });
    expect((await fresh.store.listAccounts())).to.deep.equal([a, b]);
  });
});

describe('Store#setAccountPlan()', () => {
  const fresh = freshStore();

  it('changes the plan, and live keys follow it while test keys keep theirs', async () => {
    const account = await fresh.store.createAccount({ plan: 'trial', now: T0 });
    const live = await fresh.store.createKey({ accountId: account.id, test: false, now: T0 });
    const test = await fresh.store.createKey({ accountId: account.id, test: true, now: T0 });
    expect((await fresh.store.setAccountPlan(account.id, 'scale'))).to.deep.equal({ ...account, plan: 'scale' });
    expect((await fresh.store.findKeyByToken(live.key))?.plan).to.equal('scale');
    expect((await fresh.store.findKeyByToken(test.key))?.plan).to.equal('trial');
  });

  it('throws for an unknown account', async () => {
    await expectRejects(fresh.store.setAccountPlan('acc_nope', 'pro'), /no account acc_nope/);
  });
});
