// The PostgreSQL store against a throw-away server: the behaviour every store shares, then what
// only a shared database must hold, with two pools on one database standing for two nodes.
import { expect } from 'chai';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { newSessionId } from '../../../../lib/platform/ids.js';
import { openStore, type NewSessionRow, type Store } from '../../../../lib/platform/store/index.js';
import { migratePostgres, openPostgresStore, pgMigrations } from '../../../../lib/platform/store/pg/index.js';
import { TestPostgres } from '../../../support/postgres.js';
import { describeStore } from './contract.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);

let server: TestPostgres;
before(async function () {
  this.timeout(60_000);
  server = await TestPostgres.start();
});
after(async () => {
  await server?.stop();
});

/** An account on `plan` with one live key, and a session row factory for that key. */
async function keyed(store: Store, plan: 'trial' | 'starter' = 'starter') {
  const account = await store.createAccount({ plan, now: T0 });
  const { record } = await store.createKey({ accountId: account.id, test: false, now: T0 });
  const row = (at = T0): NewSessionRow => ({ id: newSessionId(), keyId: record.id, accountId: account.id, test: false, startedAt: at, expiresAt: at + HOUR, timeoutSeconds: 3600 });
  return { account, key: record, row };
}

// Each contract test on a fresh database of its own.
describeStore(
  'PostgreSQL',
  async () => openPostgresStore(await server.database()),
  (store) => store.close(),
);

describe('openStore()', () => {
  it('opens the PostgreSQL store when given a database URL, SQLite otherwise', async () => {
    const postgres = await openStore(':memory:', { databaseUrl: await server.database() });
    const sqlite = await openStore(':memory:', { databaseUrl: null });
    try {
      expect([postgres.kind, sqlite.kind]).to.deep.equal(['postgres', 'sqlite']);
    } finally {
      await Promise.all([postgres.close(), sqlite.close()]);
    }
  });
});

describe('PostgreSQL store on two nodes', () => {
  let nodes: [Store, Store];
  let url: string;
  beforeEach(async () => {
    url = await server.database();
    nodes = [await openPostgresStore(url), await openPostgresStore(url)];
  });
  afterEach(async () => {
    await Promise.all(nodes.map((store) => store.close()));
  });

  it('admits exactly the limit of 20 concurrent creates split over both nodes', async () => {
    const { row, key } = await keyed(nodes[0]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => nodes[i % 2]!.admitSession({ rows: [row()], limit: 5, now: T0 })));
    expect(answers.filter((a) => a.admitted)).to.have.length(5);
    expect(await nodes[1].countActiveSessions(key.id)).to.equal(5);
    const refused = answers.find((a) => !a.admitted);
    expect(refused).to.deep.include({ admitted: false, active: 5 });
  });

  it('lets one of 10 concurrent Idempotency-Key claims through, on either node', async () => {
    const { key } = await keyed(nodes[0]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => nodes[i % 2]!.beginIdempotent({ keyId: key.id, scope: '', idemKey: 'same', bodyHash: 'h', now: T0 })),
    );
    expect(answers.filter((a) => a.state === 'new')).to.have.length(1);
    expect(answers.filter((a) => a.state === 'pending')).to.have.length(9);
  });

  it('allows exactly 60 of 70 concurrent rate takes with limit 60', async () => {
    const { key } = await keyed(nodes[0]);
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => nodes[i % 2]!.takeRate({ keyId: key.id, limit: 60, now: T0 + i })));
    expect(answers.filter((a) => a.allowed)).to.have.length(60);
    const next = await nodes[0].takeRate({ keyId: key.id, limit: 60, now: T0 + 100 });
    expect(next).to.include({ allowed: false, remaining: 0 });
  });

  it('bills each session once when both nodes end it at once, with a balance_after chain that adds up', async () => {
    const { row, account } = await keyed(nodes[0]);
    const sessions = await Promise.all(Array.from({ length: 6 }, () => nodes[0].insertSession(row())));
    const usage = { seconds: 120, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
    const ends = sessions.flatMap((s, i) =>
      [0, 1, 0].map((n) => nodes[n]!.endSession({ id: s.id, status: 'failed', endedAt: T0 + 60_000, usage, errorCode: i % 2 ? 'engine_failure' : 'page_crashed' })),
    );
    const bills = await Promise.all(ends);
    expect(bills.filter((b) => b !== null)).to.have.length(6);
    const entries = await nodes[1].ledgerEntries(account.id);
    expect(entries.filter((e) => e.kind === 'debit')).to.have.length(6);
    expect(entries.filter((e) => e.kind === 'refund')).to.have.length(3);
    let balance = 0;
    for (const entry of entries) {
      balance = entry.kind === 'grant' ? entry.amount : entry.kind === 'debit' ? balance - entry.amount : balance + entry.amount;
      expect(entry.balanceAfter).to.equal(balance);
    }
  });

  it('holds a saved profile for exactly one of 20 persisting sessions racing on both nodes', async () => {
    const { row, account } = await keyed(nodes[0]);
    const sessions = await Promise.all(Array.from({ length: 21 }, () => nodes[0].insertSession(row())));
    const summary = { origins: [], cookies: 0, bytes: 2 };
    await nodes[1].writeProfile({ accountId: account.id, name: 'p', sessionId: sessions[20]!.id, sealed: Buffer.from('{}'), summary, now: T0 });
    const holds = await Promise.all(sessions.slice(0, 20).map((s, i) => nodes[i % 2]!.holdProfile({ accountId: account.id, name: 'p', sessionId: s.id, now: T0 })));
    expect(holds.filter((hold) => hold.held)).to.have.length(1);
  });

  it('leases each of 5 ended sessions\' webhook events to exactly one of 20 claims racing on both nodes', async () => {
    const { row, key } = await keyed(nodes[0]);
    const sessions = await Promise.all(Array.from({ length: 5 }, () => nodes[0].insertSession(row())));
    for (const s of sessions) await nodes[1].watchSession({ sessionId: s.id, keyId: key.id, url: 'https://hooks.example/in' });
    await Promise.all(sessions.map((s, i) => nodes[i % 2]!.endSession({ id: s.id, status: 'closed', endedAt: T0 + 1000, usage: { seconds: 1, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 } })));
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => nodes[i % 2]!.claimWebhook({ now: T0 + 2000, leaseMs: 60_000 })));
    const leased = claims.flatMap((claim) => (claim ? [claim.sessionId] : []));
    expect(leased.sort()).to.deep.equal(sessions.map((s) => s.id).sort());
  });

  it('refuses a second debit of one session at the database, whatever the caller', async () => {
    const { row, account } = await keyed(nodes[0]);
    const session = await nodes[0].insertSession(row());
    const usage = { seconds: 10, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };
    await nodes[0].endSession({ id: session.id, status: 'closed', endedAt: T0 + 10_000, usage });
    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    try {
      const insert = direct.query(
        `INSERT INTO ledger (account_id, kind, amount, balance_after, session_id, runtime, ai_tokens, proxy_dc, proxy_resident, captcha, test, created_at)
         VALUES ($1, 'debit', 0, 0, $2, 0, 0, 0, 0, 0, false, 0)`,
        [account.id, session.id],
      );
      await insert.then(
        () => expect.fail('a second debit was written'),
        (error: Error) => expect(error.message).to.match(/ledger_debit/),
      );
    } finally {
      await direct.end();
    }
  });
});

describe('PostgreSQL store close()', () => {
  it('waits for the calls under way, queued ones included, then refuses new ones', async function () {
    this.timeout(20_000);
    const store = await openPostgresStore(await server.database());
    const { key } = await keyed(store);
    // More calls than the pool has clients, so most are queued when close is called.
    const calls = Array.from({ length: 30 }, (_, i) => store.takeRate({ keyId: key.id, limit: 100, now: T0 + i }));
    await store.close();
    expect((await Promise.all(calls)).every((decision) => decision.allowed)).to.equal(true);
    const late = await store.countActiveSessions(key.id).then(
      () => null,
      (error: Error) => error,
    );
    expect(late?.message).to.match(/closed/);
  });
});

describe('openPostgresStore()', () => {
  it('rejects when the server cannot be reached, with the reason', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const error = await openPostgresStore(`postgresql://postgres@127.0.0.1:${port}/nowhere`).then(
      async (store) => {
        await store.close();
        return undefined;
      },
      (caught: Error) => caught,
    );
    expect(error?.message).to.match(/ECONNREFUSED/);
  });
});

describe('PostgreSQL migrations', () => {
  it('run once when two stores open a fresh database at once', async () => {
    const url = await server.database();
    const stores = await Promise.all([openPostgresStore(url), openPostgresStore(url), openPostgresStore(url)]);
    await Promise.all(stores.map((store) => store.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version ORDER BY version');
      expect(rows.map((row) => row.version)).to.deep.equal(pgMigrations.map((_, i) => i + 1));
    } finally {
      await client.end();
    }
  });

  it('refuses a database newer than this tabwright', async () => {
    const url = await server.database();
    const pool = new pg.Pool({ connectionString: url });
    try {
      await migratePostgres(pool, [...pgMigrations, 'CREATE TABLE later (id INTEGER)']);
      const error = await openPostgresStore(url).then(
        async (store) => {
          await store.close();
          return undefined;
        },
        (caught: Error) => caught,
      );
      expect(error?.message).to.match(/newer than this tabwright/);
    } finally {
      await pool.end();
    }
  });
});
