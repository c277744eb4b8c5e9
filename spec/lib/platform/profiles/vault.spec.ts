import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import type { BrowserContext, BrowserContextOptions } from 'playwright';
import { ApiError } from '../../../../lib/contract/errors.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import { seal } from '../../../../lib/platform/profiles/seal.js';
import { ProfileVault, type ProfileState } from '../../../../lib/platform/profiles/vault.js';
import { openSqliteStore, type SqliteStore } from '../../../../lib/platform/store/sqlite/index.js';

const T0 = Date.UTC(2026, 0, 1);

/** A state as Playwright's storageState({indexedDB: true}) gives it: every kind of cookie, two origins. */
const STATE: ProfileState = {
  cookies: [
    { name: 'sid', value: 's3cret', domain: 'app.example', path: '/', expires: -1, httpOnly: true, secure: true, sameSite: 'Lax' },
    { name: 'pref', value: 'dark', domain: '.example', path: '/', expires: 1_900_000_000, httpOnly: false, secure: false, sameSite: 'None' },
  ],
  origins: [
    { origin: 'https://app.example', localStorage: [{ name: 'token', value: 'abc' }], indexedDB: [{ name: 'db', version: 1, stores: [] }] },
    { origin: 'https://other.example', localStorage: [] },
  ],
};

/** Answers what `promise` rejected with, or fails the test when it resolved. */
const rejection = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => expect.fail('it resolved'), (error: unknown) => error);

describe('ProfileVault', () => {
  let store: SqliteStore;
  let vault: ProfileVault;
  let accountId: string;
  let sessionId: string;
  const key = randomBytes(32);
  beforeEach(() => {
    store = openSqliteStore(':memory:');
    accountId = store.sync.createAccount({ plan: 'starter', now: T0 }).id;
    const keyId = store.sync.createKey({ accountId, test: false, now: T0 }).record.id;
    sessionId = store.sync.insertSession({ id: newSessionId(), keyId, accountId, test: false, startedAt: T0, expiresAt: T0 + 300_000, timeoutSeconds: 300 }).id;
    vault = new ProfileVault(store, { key, maxBytes: 4096 });
  });
  afterEach(() => store.close());

  const save = (state: ProfileState = STATE, name = 'shop', target = vault) => target.save({ accountId, name, sessionId, state, now: T0 });
  const sealedOf = (name: string) => store.db.prepare<[string], { sealed: Buffer }>('SELECT sealed FROM profiles WHERE name = ?').get(name)!.sealed;
  const setSealed = (name: string, sealed: Buffer) => store.db.prepare('UPDATE profiles SET sealed = ? WHERE name = ?').run(sealed, name);
  const unreadable = async (promise: Promise<unknown>, why: RegExp) => {
    const error = await rejection(promise);
    expect(error).to.be.instanceOf(ApiError).and.deep.include({ status: 409, code: 'profile_unreadable' });
    expect((error as Error).message).to.match(why).and.match(/restore the key, or DELETE \/v1\/profiles\/shop/);
  };

  it('gives back what it saved, counts it, and stores none of it in the clear', async () => {
    const plaintext = JSON.stringify(STATE);
    expect(await save()).to.deep.equal({ saved: true, bytes: Buffer.byteLength(plaintext) });
    expect(await vault.load(accountId, 'shop')).to.deep.equal(STATE);
    expect(await vault.summary(accountId, 'shop')).to.deep.include({ name: 'shop', origins: ['https://app.example', 'https://other.example'], cookies: 2, bytes: plaintext.length, lastSession: sessionId });
    const sealed = sealedOf('shop');
    for (const secret of ['s3cret', 'token', 'app.example']) expect(sealed.includes(secret), secret).to.equal(false);
    await save();
    expect(sealedOf('shop').subarray(1, 13).equals(sealed.subarray(1, 13)), 'a fresh IV per save').to.equal(false);
  });

  it("round-trips Playwright's own storage state type both ways", async () => {
    const fromPlaywright: Awaited<ReturnType<BrowserContext['storageState']>> = { cookies: [...STATE.cookies], origins: [{ origin: 'https://a.example', localStorage: [{ name: 'k', value: 'v' }] }] };
    await save(fromPlaywright);
    const loaded = await vault.load(accountId, 'shop');
    const intoPlaywright: BrowserContextOptions['storageState'] = loaded;
    expect(intoPlaywright).to.deep.equal(fromPlaywright);
  });

  it('compresses before it encrypts, and still reports the plaintext size', async () => {
    const big: ProfileState = { cookies: [], origins: [{ origin: 'https://big.example', localStorage: [{ name: 'k', value: 'x'.repeat(3000) }] }] };
    const { bytes } = await save(big);
    expect(bytes).to.be.above(3000);
    expect(sealedOf('shop').length).to.be.below(200);
  });

  it('answers undefined for a profile that does not exist or was never saved', async () => {
    expect(await vault.load(accountId, 'shop')).to.equal(undefined);
    await vault.hold({ accountId, name: 'shop', sessionId, now: T0 });
    expect(await vault.load(accountId, 'shop')).to.equal(undefined);
    expect(await vault.inspect(accountId, 'shop')).to.deep.include({ bytes: 0, holder: sessionId });
  });

  it('refuses a save over its bound, writing nothing and keeping the previous state', async () => {
    await save();
    const big: ProfileState = { cookies: [], origins: [{ origin: 'https://big.example', localStorage: [{ name: 'k', value: 'é'.repeat(2100) }] }] };
    const answer = await save(big);
    expect(answer).to.deep.equal({ saved: false, bytes: Buffer.byteLength(JSON.stringify(big)), limit: 4096 });
    expect(await vault.load(accountId, 'shop')).to.deep.equal(STATE);
    expect(await save(big, 'new')).to.deep.include({ saved: false });
    expect(await vault.summary(accountId, 'new')).to.equal(undefined);
  });

  it('fails loudly with another key, never answering an empty profile', async () => {
    await save();
    const other = new ProfileVault(store, { key: randomBytes(32), maxBytes: 4096 });
    await unreadable(other.load(accountId, 'shop'), /does not authenticate with this key/);
    await unreadable(other.inspect(accountId, 'shop'), /does not authenticate/);
  });

  it('fails loudly when one byte of the stored row is flipped, wherever it is', async () => {
    await save();
    const sealed = sealedOf('shop');
    for (const at of [1, 14, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[at] = tampered[at]! ^ 0x01;
      setSealed('shop', tampered);
      await unreadable(vault.load(accountId, 'shop'), /does not authenticate/);
    }
    setSealed('shop', Buffer.concat([Buffer.of(9), sealed.subarray(1)]));
    await unreadable(vault.load(accountId, 'shop'), /format version 9/);
    setSealed('shop', sealed.subarray(0, 20));
    await unreadable(vault.load(accountId, 'shop'), /shorter than any sealed profile/);
  });

  it('fails loudly for a sealed state moved to another profile or account', async () => {
    await save();
    await save({ cookies: [], origins: [] }, 'other');
    setSealed('other', sealedOf('shop'));
    const error = await rejection(vault.load(accountId, 'other'));
    expect(error).to.be.instanceOf(ApiError).and.deep.include({ code: 'profile_unreadable' });
    const stranger = store.sync.createAccount({ plan: 'starter', now: T0 }).id;
    await vault.save({ accountId: stranger, name: 'shop', sessionId, state: STATE, now: T0 });
    store.db.prepare('UPDATE profiles SET sealed = ? WHERE account_id = ?').run(sealedOf('shop'), stranger);
    expect(await rejection(vault.load(stranger, 'shop'))).to.be.instanceOf(ApiError).and.deep.include({ code: 'profile_unreadable' });
  });

  it('fails loudly for a sealed state that opens but is not a browser state', async () => {
    await save();
    setSealed('shop', await seal(key, { accountId, name: 'shop' }, Buffer.from('{"cookies": "none"}')));
    await unreadable(vault.load(accountId, 'shop'), /not a saved browser state/);
  });

  it('takes only a 32-byte key and a positive bound', () => {
    expect(() => new ProfileVault(store, { key: randomBytes(16), maxBytes: 1 })).to.throw(/32 bytes/);
    expect(() => new ProfileVault(store, { key, maxBytes: 0 })).to.throw(/positive/);
  });
});
