import { expect } from 'chai';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../../bin/cli.js';
import type { CliIo } from '../../bin/command.js';
import { LEDGER_CSV_COLUMNS, parseCsv } from '../../lib/platform/billing/csv.js';
import { openSqliteStore, type SqliteStore } from '../../lib/platform/store/sqlite/index.js';
import { seedKey, sessionFor, tempDir } from '../lib/platform/store/fixtures.js';

describe('tabwright accounts topup / ledger export', () => {
  let dir: string;
  let accountId: string;
  beforeEach(() => {
    dir = tempDir();
    accountId = inspect((store) => {
      // Created now, so the account is in its first cycle whatever day the test runs.
      const { account, record } = seedKey(store, { plan: 'trial', now: Date.now() });
      const row = sessionFor(record, Date.now());
      store.sync.insertSession(row);
      store.sync.endSession({ id: row.id, status: 'closed', endedAt: row.startedAt + 4000, usage: { seconds: 4, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 } });
      return account.id;
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function run(...argv: string[]) {
    const result = { out: '', err: '' };
    const io: CliIo = { out: (t) => (result.out += t), err: (t) => (result.err += t), env: { DATA_DIR: dir } };
    const code = await main(argv, io);
    return { code, ...result };
  }
  function inspect<T>(work: (store: SqliteStore) => T): T {
    const store = openSqliteStore(dir);
    try {
      return work(store);
    } finally {
      void store.close();
    }
  }

  it('tops up the live pool with a topup entry', async () => {
    const { code, out } = await run('accounts', 'topup', accountId, '250');
    expect(code).to.equal(0);
    expect(out).to.contain('balance 5246');
    const last = inspect((store) => store.sync.ledgerEntries(accountId).at(-1)!);
    expect(last).to.deep.include({ kind: 'topup', amount: 250, balanceAfter: 5246, test: false });
  });

  it('refuses a bad amount (2) and an unknown account (1)', async () => {
    for (const amount of ['0', '-5', '1.5', 'ten']) expect((await run('accounts', 'topup', accountId, amount)).code).to.equal(2);
    expect((await run('accounts', 'topup', accountId)).code).to.equal(2);
    expect((await run('accounts', 'topup', 'acc_nope', '5')).code).to.equal(1);
  });

  it('exports the ledger as CSV on stdout', async () => {
    await run('accounts', 'topup', accountId, '10');
    const { code, out } = await run('ledger', 'export', '--account', accountId);
    expect(code).to.equal(0);
    const [header, ...rows] = parseCsv(out);
    expect(header).to.deep.equal([...LEDGER_CSV_COLUMNS]);
    expect(rows.map((r) => [r[0], r[1], r[2]])).to.deep.equal([
      ['grant', '5000', '5000'],
      ['debit', '4', '4996'],
      ['topup', '10', '5006'],
    ]);
    expect(rows[1]![3]).to.match(/^ses_/);
    expect(rows.every((r) => !Number.isNaN(Date.parse(r[8]!)) && r[8]!.endsWith('Z'))).to.equal(true);
  });

  it('writes the CSV to --out and exports the test pool with --test', async () => {
    const file = join(dir, 'ledger.csv');
    expect((await run('ledger', 'export', '--account', accountId, '--out', file)).code).to.equal(0);
    expect(parseCsv(readFileSync(file, 'utf8'))).to.have.length(3);
    const test = await run('ledger', 'export', '--account', accountId, '--test');
    expect(parseCsv(test.out).slice(1).map((r) => r[0])).to.deep.equal(['grant']);
  });

  it('needs --account (2) and a known account (1)', async () => {
    expect((await run('ledger', 'export')).code).to.equal(2);
    expect((await run('ledger', 'export', '--account', 'acc_nope')).code).to.equal(1);
    expect((await run('ledger')).code).to.equal(2);
  });
});
