import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashApiKey } from '../../../../lib/platform/ids.js';
import { expectRejects, freshStore, seedKey, T0 } from './fixtures.js';

/** Every byte SQLite wrote in `dir` (main file, WAL, shared memory) as one latin1 string. */
function bytesOnDisk(dir: string): string {
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name)).toString('latin1'))
    .join('\n');
}

describe('Store#createKey()', () => {
  const fresh = freshStore();

  it('returns a live key once, with a 16-character display prefix', () => {
    const { key, record, account } = seedKey(fresh.store, { plan: 'starter' });
    expect(key).to.match(/^sk_live_[0-9a-z]{40}$/);
    expect(record).to.deep.include({ accountId: account.id, prefix: key.slice(0, 16), test: false, plan: 'starter', createdAt: T0, revokedAt: null });
    expect(record.id).to.match(/^key_/);
  });

  it('never stores the key in clear, only its hash', () => {
    const { key } = seedKey(fresh.store);
    const secret = key.slice(16);
    expect(bytesOnDisk(fresh.dir)).not.to.include(secret);
    void fresh.store.close(); // checkpoints the WAL into the main file
    const disk = bytesOnDisk(fresh.dir);
    expect(disk).not.to.include(secret);
    expect(disk).to.include(hashApiKey(key));
  });

  it('gives a test key the Trial plan unless told otherwise', async () => {
    const account = await fresh.store.createAccount({ plan: 'scale', now: T0 });
    const plain = await fresh.store.createKey({ accountId: account.id, test: true, now: T0 });
    const pro = await fresh.store.createKey({ accountId: account.id, test: true, plan: 'pro', now: T0 });
    expect(plain.key).to.match(/^sk_test_/);
    expect(plain.record).to.deep.include({ test: true, plan: 'trial' });
    expect(pro.record.plan).to.equal('pro');
  });

  it("refuses a live key on a plan other than its account's", async () => {
    const account = await fresh.store.createAccount({ plan: 'trial', now: T0 });
    await expectRejects(fresh.store.createKey({ accountId: account.id, test: false, plan: 'pro', now: T0 }), /account's plan/);
    expect((await fresh.store.createKey({ accountId: account.id, test: false, plan: 'trial', now: T0 })).record.plan).to.equal('trial');
  });

  it('throws for an unknown account', async () => {
    await expectRejects(fresh.store.createKey({ accountId: 'acc_nope', test: false, now: T0 }), /no account acc_nope/);
  });
});

describe('Store#findKeyByToken()', () => {
  const fresh = freshStore();

  it('finds a key by its full text', async () => {
    const { key, record } = seedKey(fresh.store);
    expect((await fresh.store.findKeyByToken(key))).to.deep.equal(record);
  });

  it('does not find an unknown key, a prefix, or a revoked key', async () => {
    const { key, record } = seedKey(fresh.store);
    // Another last character, whatever the generated one is.
    const other = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    expect((await fresh.store.findKeyByToken(other))).to.equal(undefined);
    expect((await fresh.store.findKeyByToken(record.prefix))).to.equal(undefined);
    await fresh.store.revokeKey(key, T0 + 1);
    expect((await fresh.store.findKeyByToken(key))).to.equal(undefined);
  });
});

describe('Store#listKeys()', () => {
  const fresh = freshStore();

  it("lists one account's keys, or all keys, oldest first and revoked ones included", async () => {
    const a = seedKey(fresh.store, { now: T0 });
    const b = seedKey(fresh.store, { now: T0 + 1 });
    const second = await fresh.store.createKey({ accountId: a.account.id, test: true, now: T0 + 2 });
    await fresh.store.revokeKey(second.key, T0 + 3);
    expect((await fresh.store.listKeys(a.account.id)).map((k) => k.id)).to.deep.equal([a.record.id, second.record.id]);
    expect((await fresh.store.listKeys()).map((k) => k.id)).to.deep.equal([a.record.id, b.record.id, second.record.id]);
    expect((await fresh.store.listKeys(a.account.id))[1]!.revokedAt).to.equal(T0 + 3);
  });
});

describe('Store#revokeKey()', () => {
  const fresh = freshStore();

  it('revokes by a prefix of the display prefix', async () => {
    const { key, record } = seedKey(fresh.store);
    const revoked = await fresh.store.revokeKey(key.slice(0, 10), T0 + 5);
    expect(revoked).to.deep.equal({ ...record, revokedAt: T0 + 5 });
  });

  it('revokes by the whole key', async () => {
    const { key, record } = seedKey(fresh.store);
    expect((await fresh.store.revokeKey(key, T0 + 5)).id).to.equal(record.id);
  });

  it('refuses a prefix shorter than 10 characters', async () => {
    const { key } = seedKey(fresh.store);
    await expectRejects(fresh.store.revokeKey(key.slice(0, 9), T0), /at least 10 characters/);
  });

  it('refuses a prefix that matches several keys, naming them', async () => {
    const a = seedKey(fresh.store);
    const b = seedKey(fresh.store);
    // Give both keys the same display prefix: a collision of 8 random characters, made on purpose.
    fresh.store.db.prepare("UPDATE api_keys SET prefix = 'sk_live_aa11bb22'").run();
    await expectRejects(fresh.store.revokeKey('sk_live_aa11', T0), /matches 2 keys/);
    // The whole key still picks exactly one.
    expect((await fresh.store.revokeKey(b.key, T0)).id).to.equal(b.record.id);
    expect((await fresh.store.findKeyByToken(a.key))).not.to.equal(undefined);
  });

  it('takes prefix characters literally (no wildcards)', async () => {
    seedKey(fresh.store);
    await expectRejects(fresh.store.revokeKey('sk_live___', T0), /no key matches/);
    await expectRejects(fresh.store.revokeKey('sk_live_%%', T0), /no key matches/);
  });

  it('says when nothing matches and when the key is already revoked', async () => {
    const { key } = seedKey(fresh.store);
    await expectRejects(fresh.store.revokeKey('sk_test_zzzz', T0), /no key matches/);
    await expectRejects(fresh.store.revokeKey(`sk_live_${'0'.repeat(40)}`, T0), /no key matches/);
    await fresh.store.revokeKey(key, T0);
    await expectRejects(fresh.store.revokeKey(key.slice(0, 16), T0), /already revoked/);
  });
});

describe('Store#revokedKeyIds()', () => {
  const fresh = freshStore();

  it('names those of the given keys that are revoked', async () => {
    const [a, b, c] = [seedKey(fresh.store), seedKey(fresh.store), seedKey(fresh.store)];
    expect((await fresh.store.revokedKeyIds([a.record.id, b.record.id]))).to.deep.equal([]);
    await fresh.store.revokeKey(b.key, T0);
    await fresh.store.revokeKey(c.key, T0);
    expect((await fresh.store.revokedKeyIds([a.record.id, b.record.id, 'key_unknown']))).to.deep.equal([b.record.id]);
    expect((await fresh.store.revokedKeyIds([]))).to.deep.equal([]);
  });
});
