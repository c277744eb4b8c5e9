import { expect } from 'chai';
import Database from 'better-sqlite3';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, migrations, openSqliteStore } from '../../../../lib/platform/store/sqlite/index.js';
import { expectRejects, freshStore, seedKey, tempDir } from './fixtures.js';

describe('openSqliteStore()', () => {
  const fresh = freshStore();

  it('creates the data folder and tabwright.db inside it', () => {
    const dir = join(fresh.dir, 'nested', 'data');
    const store = openSqliteStore(dir);
    void store.close();
    expect(existsSync(join(dir, 'tabwright.db'))).to.equal(true);
  });

  it('turns on WAL, foreign keys, full sync and a busy timeout', () => {
    const { db } = fresh.store;
    expect(db.pragma('journal_mode', { simple: true })).to.equal('wal');
    expect(db.pragma('foreign_keys', { simple: true })).to.equal(1);
    expect(db.pragma('synchronous', { simple: true })).to.equal(2); // FULL
    expect(db.pragma('busy_timeout', { simple: true })).to.be.greaterThan(0);
  });

  it('migrates to the newest schema version', () => {
    expect(fresh.store.db.pragma('user_version', { simple: true })).to.equal(migrations.length);
  });

  it('keeps data and version when opened again (migrations run once)', async () => {
    const { account } = seedKey(fresh.store);
    const store = fresh.reopen();
    expect(store.db.pragma('user_version', { simple: true })).to.equal(migrations.length);
    expect((await store.getAccount(account.id))).to.deep.equal(account);
    expect(() => fresh.reopen()).not.to.throw();
  });

  it('refuses a database written by a newer tabwright', () => {
    fresh.store.db.pragma(`user_version = ${migrations.length + 1}`);
    void fresh.store.close();
    expect(() => openSqliteStore(fresh.dir)).to.throw(/newer than this tabwright/);
  });

  it('opens a private in-memory database for :memory:', async () => {
    const store = openSqliteStore(':memory:');
    seedKey(store);
    expect((await store.listAccounts())).to.have.length(1);
    void store.close();
  });

  it('enforces foreign keys', async () => {
    await expectRejects(fresh.store.createKey({ accountId: 'acc_missing', test: false, now: 0 }), /no account/);
    expect(() => fresh.store.db.prepare("INSERT INTO api_keys VALUES ('k', 'acc_x', 'h', 'p', 0, NULL, 0, NULL)").run()).to.throw(/FOREIGN KEY/);
  });
});

describe('migrate()', () => {
  let dir: string;
  let db: Database.Database;
  beforeEach(() => {
    dir = tempDir();
    db = new Database(join(dir, 'm.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies an appended migration exactly once', () => {
    migrate(db);
    const later = [...migrations, 'CREATE TABLE later_table (id INTEGER PRIMARY KEY)'];
    migrate(db, later);
    migrate(db, later);
    expect(db.pragma('user_version', { simple: true })).to.equal(later.length);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'later_table'").pluck().get()).to.equal(1);
  });

  it('leaves the version unchanged when a step fails', () => {
    migrate(db);
    expect(() => migrate(db, [...migrations, 'CREATE TABLE t (x); CREATE TABLE broken ('])).to.throw();
    expect(db.pragma('user_version', { simple: true })).to.equal(migrations.length);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 't'").pluck().get()).to.equal(0);
  });

  it('keeps the Idempotency-Key claims made before scopes, as creates\' (scope \'\')', () => {
    migrate(db, migrations.slice(0, 6));
    // A claim alone, without the key it belongs to.
    db.pragma('foreign_keys = OFF');
    db.prepare(`INSERT INTO idempotency (key_id, idem_key, body_hash, state, status, body, request_id, created_at) VALUES ('key_1', 'k', 'h', 'done', 201, '{}', 'req_1', 1)`).run();
    migrate(db);
    expect(db.prepare('SELECT key_id, scope, idem_key, state, request_id FROM idempotency').all()).to.deep.equal([
      { key_id: 'key_1', scope: '', idem_key: 'k', state: 'done', request_id: 'req_1' },
    ]);
  });

  it('runs function steps inside the same transaction', () => {
    migrate(db, [(inner) => inner.exec('CREATE TABLE f (x)')]);
    expect(db.pragma('user_version', { simple: true })).to.equal(1);
  });
});
