import { expect } from 'chai';
import { freshStore, T0 } from './fixtures.js';

describe('Store#createAccount()', () => {
  const fresh = freshStore();

  it('creates an account with an acc_ id on the given plan', () => {
    const account = fresh.store.sync.createAccount({ plan: 'starter', now: T0 });
    expect(account.id).to.match(/^acc_[0-9a-z]{16}$/);
    expect(account).to.deep.include({ plan: 'starter', createdAt: T0 });
    expect(fresh.store.sync.getAccount(account.id)).to.deep.equal(account);
  });

  it('refuses an unknown plan', () => {
    expect(() => fresh.store.sync.createAccount({ plan: 'gold' as never, now: T0 })).to.throw(/unknown plan/);
  });
});

describe('Store#getAccount()', () => {
  const fresh = freshStore();

  it('returns undefined for an unknown id', () => {
    expect(fresh.store.sync.getAccount('acc_nope')).to.equal(undefined);
  });
});

describe('Store#listAccounts()', () => {
  const fresh = freshStore();

  it('lists accounts oldest first', () => {
    const b = fresh.store.sync.createAccount({ plan: 'pro', now: T0 + 1 });
    const a = fresh.store.sync.createAccount({ plan: 'trial', now: T0 });
    expect(fresh.store.sync.listAccounts()).to.deep.equal([a, b]);
  });
});

describe('Store#setAccountPlan()', () => {
  const fresh = freshStore();

  it('changes the plan, and live keys follow it while test keys keep theirs', () => {
    const account = fresh.store.sync.createAccount({ plan: 'trial', now: T0 });
    const live = fresh.store.sync.createKey({ accountId: account.id, test: false, now: T0 });
    const test = fresh.store.sync.createKey({ accountId: account.id, test: true, now: T0 });
    expect(fresh.store.sync.setAccountPlan(account.id, 'scale')).to.deep.equal({ ...account, plan: 'scale' });
    expect(fresh.store.sync.findKeyByToken(live.key)?.plan).to.equal('scale');
    expect(fresh.store.sync.findKeyByToken(test.key)?.plan).to.equal('trial');
  });

  it('throws for an unknown account', () => {
    expect(() => fresh.store.sync.setAccountPlan('acc_nope', 'pro')).to.throw(/no account acc_nope/);
  });
});
