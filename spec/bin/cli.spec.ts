import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main, USAGE } from '../../bin/cli.js';
import type { CliIo } from '../../bin/command.js';
import { VARIABLES } from '../../lib/platform/config/index.js';
import { log } from '../../lib/platform/log.js';
import { openSqliteStore, type SqliteStore } from '../../lib/platform/store/sqlite/index.js';
import { sessionFor, tempDir } from '../lib/platform/store/fixtures.js';
import { startService } from '../support/service.js';

interface Run {
  code: number;
  out: string;
  err: string;
}

describe('tabwright (command line)', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `main` in-process with DATA_DIR pointing at the test's folder. */
  async function run(...argv: string[]): Promise<Run> {
    const result = { out: '', err: '' };
    const io: CliIo = { out: (t) => (result.out += t), err: (t) => (result.err += t), env: { DATA_DIR: dir } };
    const code = await main(argv, io);
    return { code, ...result };
  }
  const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;
  function inspect<T>(work: (store: SqliteStore) => T, at = dir): T {
    const store = openSqliteStore(at);
    try {
      return work(store);
    } finally {
      void store.close();
    }
  }

  describe('keys create', () => {
    it('creates an account and a live key, printing the key alone on the last line of stdout', async () => {
      const { code, out, err } = await run('keys', 'create', '--plan', 'pro');
      expect(code).to.equal(0);
      const key = lastLine(out);
      expect(key).to.match(/^sk_live_[0-9a-z]{40}$/);
      expect(err).to.include('created account acc_').and.include(key.slice(0, 16)).and.not.include(key);
      const record = inspect((store) => store.sync.findKeyByToken(key));
      expect(record).to.deep.include({ plan: 'pro', test: false });
    });

    it('creates a test key on its own plan', async () => {
      const { code, out } = await run('keys', 'create', '--plan', 'starter', '--test');
      expect(code).to.equal(0);
      const key = lastLine(out);
      expect(key).to.match(/^sk_test_/);
      expect(inspect((store) => store.sync.findKeyByToken(key))).to.deep.include({ plan: 'starter', test: true });
    });

    it('adds keys to an existing account with --account', async () => {
      const first = lastLine((await run('keys', 'create', '--plan', 'scale')).out);
      const accountId = inspect((store) => store.sync.findKeyByToken(first)!.accountId);
      const live = await run('keys', 'create', '--account', accountId);
      const test = await run('keys', 'create', '--account', accountId, '--test');
      expect([live.code, test.code]).to.deep.equal([0, 0]);
      expect(inspect((store) => store.sync.findKeyByToken(lastLine(live.out)))).to.deep.include({ accountId, plan: 'scale' });
      expect(inspect((store) => store.sync.findKeyByToken(lastLine(test.out)))).to.deep.include({ accountId, plan: 'trial', test: true });
      expect(inspect((store) => store.sync.listAccounts())).to.have.length(1);
    });

    it('refuses an unknown account, and a live key on a plan other than the account’s', async () => {
      const missing = await run('keys', 'create', '--plan', 'pro', '--account', 'acc_nope');
      expect(missing.code).to.equal(1);
      expect(missing.err).to.include('no account acc_nope');
      const first = lastLine((await run('keys', 'create', '--plan', 'trial')).out);
      const accountId = inspect((store) => store.sync.findKeyByToken(first)!.accountId);
      const mismatch = await run('keys', 'create', '--plan', 'pro', '--account', accountId);
      expect(mismatch.code).to.equal(1);
      expect(mismatch.err).to.include('accounts set-plan');
      expect(mismatch.out).to.equal('');
    });

    it('exits 2 with usage when --plan is missing or unknown', async () => {
      for (const argv of [['keys', 'create'], ['keys', 'create', '--plan', 'gold'], ['keys', 'create', '--plan'], ['keys', 'create', '--plan', 'pro', '--bogus']]) {
        const { code, out, err } = await run(...argv);
        expect(code, argv.join(' ')).to.equal(2);
        expect(out).to.equal('');
        expect(err).to.include(USAGE);
      }
    });

    it('honours --data-dir over DATA_DIR', async () => {
      const other = join(dir, 'elsewhere');
      const key = lastLine((await run('keys', 'create', '--plan', 'pro', '--data-dir', other)).out);
      expect(inspect((store) => store.sync.findKeyByToken(key), other)).not.to.equal(undefined);
      expect(inspect((store) => store.sync.listKeys())).to.deep.equal([]);
    });
  });

  describe('keys webhook and keys create --webhook-url', () => {
    /** `run` with the guard letting the CLI reach loopback, as tests' receivers are there. */
    async function runAllowing(...argv: string[]): Promise<Run> {
      const result = { out: '', err: '' };
      const io: CliIo = { out: (t) => (result.out += t), err: (t) => (result.err += t), env: { DATA_DIR: dir, TABWRIGHT_ALLOW_HOSTS: '127.0.0.1' } };
      return { code: await main(argv, io), ...result };
    }

    it('refuses a private, loopback or plain http URL and makes no key', async () => {
      for (const url of ['https://10.1.2.3/hook', 'https://127.0.0.1/hook', 'http://example.com/hook', 'https://u:p@example.com/hook']) {
        const { code, out, err } = await run('keys', 'create', '--plan', 'pro', '--webhook-url', url);
        expect(code, url).to.equal(1);
        expect(out, url).to.equal('');
        expect(err, url).to.include('the webhook URL is refused');
      }
      expect(inspect((store) => store.sync.listKeys())).to.deep.equal([]);
    });

    it('prints the signing secret once before the key, and a new one when rotated, keeping the URL', async () => {
      const made = await runAllowing('keys', 'create', '--plan', 'pro', '--webhook-url', 'https://127.0.0.1:9/hook');
      expect(made.code, made.err).to.equal(0);
      const [secret, key] = made.out.trimEnd().split('\n');
      expect(secret).to.match(/^whsec_[\w-]{43}$/);
      const record = inspect((store) => store.sync.findKeyByToken(key!))!;
      expect(inspect((store) => store.sync.keyWebhook(record.id))?.url).to.equal('https://127.0.0.1:9/hook');
      const rotated = await runAllowing('keys', 'webhook', key!.slice(0, 12), '--rotate-secret');
      expect(rotated.code, rotated.err).to.equal(0);
      expect(rotated.out).to.match(/^whsec_[\w-]{43}\n$/).and.not.include(secret!);
      expect(inspect((store) => store.sync.keyWebhook(record.id))?.url).to.equal('https://127.0.0.1:9/hook');
      const refused = await run('keys', 'webhook', key!.slice(0, 12), '--url', 'https://[fd00::1]/hook');
      expect([refused.code, refused.out]).to.deep.equal([1, '']);
      expect(refused.err).to.include('(uniqueLocal)');
      const cleared = await run('keys', 'webhook', key!.slice(0, 12), '--clear-url');
      expect([cleared.code, cleared.out]).to.deep.equal([0, '']);
      expect(inspect((store) => store.sync.keyWebhook(record.id))?.url).to.equal(null);
    });
  });

  describe('keys list', () => {
    it('lists keys by prefix, never the key itself', async () => {
      const key = lastLine((await run('keys', 'create', '--plan', 'pro')).out);
      const { code, out } = await run('keys', 'list');
      expect(code).to.equal(0);
      expect(out).to.include(key.slice(0, 16)).and.include('live').and.include('pro').and.not.include(key);
    });

    it('narrows to one account with --account', async () => {
      const a = lastLine((await run('keys', 'create', '--plan', 'pro')).out);
      const b = lastLine((await run('keys', 'create', '--plan', 'pro')).out);
      const accountId = inspect((store) => store.sync.findKeyByToken(a)!.accountId);
      const { out } = await run('keys', 'list', '--account', accountId);
      expect(out).to.include(a.slice(0, 16)).and.not.include(b.slice(0, 16));
    });
  });

  describe('keys revoke', () => {
    it('revokes the key matching a prefix', async () => {
      const key = lastLine((await run('keys', 'create', '--plan', 'pro')).out);
      const { code, out } = await run('keys', 'revoke', key.slice(0, 12));
      expect(code).to.equal(0);
      expect(out).to.match(new RegExp(`^revoked key ${key.slice(0, 16)}… \\(key_\\w+, account acc_\\w+\\); it had no live sessions\n$`));
      expect(inspect((store) => store.sync.findKeyByToken(key))).to.equal(undefined);
    });

    it('waits while a running server closes the key\'s live sessions, and says how many', async () => {
      // The server: a whole service in this process, on its own data folder, checking for revoked keys every second.
      const service = startService();
      try {
        const key = service.key('pro');
        const other = service.key('pro');
        const auth = (k: string) => ({ Authorization: `Bearer ${k}` });
        const ids: string[] = [];
        for (let i = 0; i < 2; i++) ids.push((await service.http.post('/v1/sessions').set(auth(key)).send({})).body.session_id as string);
        const kept = (await service.http.post('/v1/sessions').set(auth(other)).send({})).body.session_id as string;
        const { code, out } = await run('keys', 'revoke', key.slice(0, 14), '--data-dir', service.dataDir);
        expect(code).to.equal(0);
        expect(out).to.match(/; closed 2 live sessions\n$/);
        for (const id of ids) expect(service.store.sync.getSession(id)).to.include({ status: 'closed', errorMessage: 'its API key was revoked' });
        expect(service.store.sync.getSession(kept)!.status).to.equal('active');
        const accountId = service.store.sync.getSession(ids[0]!)!.accountId;
        expect(service.store.sync.ledgerEntries(accountId).filter((entry) => ids.includes(entry.sessionId ?? '')).map((entry) => entry.kind)).to.deep.equal(['debit', 'debit']);
      } finally {
        await service.stop();
      }
    });

    it('says so when no server closes the sessions within --wait, and does not wait with --wait 0', async () => {
      const key = lastLine((await run('keys', 'create', '--plan', 'pro')).out);
      const other = lastLine((await run('keys', 'create', '--plan', 'pro')).out);
      inspect((store) => {
        for (const k of [key, other]) store.sync.insertSession(sessionFor(store.sync.findKeyByToken(k)!, Date.now()));
      });
      const waited = await run('keys', 'revoke', key.slice(0, 14), '--wait', '1');
      expect(waited.code).to.equal(0);
      expect(waited.out).to.match(/; closed 0 of 1 live session; 1 still recorded as active after 1 s: a running server closes them at its next check; without one, serve records them as failed when it next starts\n$/);
      const started = Date.now();
      const quick = await run('keys', 'revoke', other.slice(0, 14), '--wait', '0');
      expect(Date.now() - started).to.be.below(1_000);
      expect(quick.out).to.match(/; 1 live session not waited for: /);
      const bad = await run('keys', 'revoke', other.slice(0, 14), '--wait', 'soon');
      expect(bad.code).to.equal(2);
      expect(bad.err).to.include("--wait must be a whole number of seconds from 0 to 300, got 'soon'");
    });

    it('exits 1 with the reason when nothing matches, 2 when the prefix is missing', async () => {
      const none = await run('keys', 'revoke', 'sk_live_zzzzzz');
      expect(none.code).to.equal(1);
      expect(none.err).to.include('no key matches');
      const missing = await run('keys', 'revoke');
      expect(missing.code).to.equal(2);
      expect(missing.err).to.include(USAGE);
    });
  });

  describe('accounts list / show', () => {
    it('lists accounts and shows one with its plan, keys and active sessions', async () => {
      const key = lastLine((await run('keys', 'create', '--plan', 'starter')).out);
      const { id: accountId } = inspect((store) => {
        const record = store.sync.findKeyByToken(key)!;
        store.sync.insertSession(sessionFor(record, Date.now(), 'ses_1'));
        store.sync.insertSession(sessionFor(record, Date.now(), 'ses_2'));
        return { id: record.accountId };
      });
      const list = await run('accounts', 'list');
      expect(list.code).to.equal(0);
      expect(list.out).to.match(new RegExp(`${accountId}\\s+starter\\s+\\S+\\s+1\\s+2`));
      const show = await run('accounts', 'show', accountId);
      expect(show.code).to.equal(0);
      expect(show.out).to.include(accountId).and.include('starter').and.include(key.slice(0, 16));
      expect(show.out).to.match(/active sessions\s+2/);
    });

    it('moves an account to another plan with set-plan', async () => {
      const key = lastLine((await run('keys', 'create', '--plan', 'trial')).out);
      const accountId = inspect((store) => store.sync.findKeyByToken(key)!.accountId);
      expect((await run('accounts', 'set-plan', accountId, 'scale')).code).to.equal(0);
      expect(inspect((store) => store.sync.findKeyByToken(key)!.plan)).to.equal('scale');
    });

    it('exits 1 for an unknown account and 2 without an id', async () => {
      expect((await run('accounts', 'show', 'acc_nope')).code).to.equal(1);
      expect((await run('accounts', 'show')).code).to.equal(2);
      expect((await run('accounts', 'show', 'a', 'b')).code).to.equal(2);
    });
  });

  describe('log level', () => {
    it('leaves the logger of the program it runs in alone, and sets it through io when it is the process', async () => {
      const before = log.level;
      const set: string[] = [];
      const io: CliIo = { out: () => undefined, err: () => undefined, env: { DATA_DIR: dir, LOG_LEVEL: 'debug' } };
      expect(await main(['accounts', 'list'], io)).to.equal(0);
      expect(log.level).to.equal(before);
      expect(await main(['accounts', 'list'], { ...io, setLogLevel: (level) => set.push(level) })).to.equal(0);
      expect(set).to.deep.equal(['debug']);
    });
  });

  describe('usage', () => {
    it('exits 2 with usage on stderr for an unknown or missing command or flag', async () => {
      for (const argv of [[], ['launch'], ['keys'], ['keys', 'rotate'], ['accounts', 'delete'], ['serve', '--prot', '80'], ['serve', '--port'], ['chart', '--nope'], ['help', 'launch']]) {
        const { code, err } = await run(...argv);
        expect(code, argv.join(' ')).to.equal(2);
        expect(err).to.include(USAGE);
      }
    });

    it('prints usage on stdout and exits 0 for --help, -h and help', async () => {
      for (const argv of [['--help'], ['-h'], ['help']]) {
        const { code, out, err } = await run(...argv);
        expect(code).to.equal(0);
        expect(out).to.equal(USAGE);
        expect(err).to.equal('');
      }
    });

    it('lists every command, every flag and every environment variable with its default', () => {
      for (const text of ['serve [--host H] [--port P]', 'keys create --plan PLAN [--test] [--account ID]', 'keys list', 'keys revoke KEY_PREFIX', 'accounts list',
        'accounts show ID', 'accounts set-plan ID PLAN', 'accounts topup ID AMOUNT', 'ledger export --account ID [--out FILE] [--test]', 'chart [--engine] [--format F]', 'help [COMMAND]']) {
        expect(USAGE).to.include(`  ${text}`);
      }
      for (const flag of ['--host H', '--port P', '--data-dir D', '--plan PLAN', '--test', '--account ID', '--out FILE', '--engine', '--format F', '--help, -h']) expect(USAGE).to.include(` ${flag} `);
      for (const variable of VARIABLES) {
        expect(USAGE).to.match(new RegExp(`\\n  ${variable.name} +\\S`));
        expect(USAGE.replace(/\s+/g, ' ')).to.include(`default ${variable.default || 'unset'}`);
      }
    });

    it('prints one command\'s forms, flags and variables for help COMMAND and COMMAND --help', async () => {
      const serve = await run('help', 'serve');
      expect(serve.code).to.equal(0);
      expect(serve.out).to.match(/^Usage: tabwright serve \[--host H\] \[--port P\]\n/);
      const served = VARIABLES.filter((variable) => ['every command', 'serve', 'service'].includes(variable.usedBy));
      for (const text of ['--host H', '--port P', '--data-dir D', 'listening on http://HOST:PORT', ...served.map((variable) => `\n  ${variable.name} `)]) expect(serve.out).to.include(text);
      expect(serve.out).not.to.include('\n  TABWRIGHT_URL ').and.not.include('\n  XDG_DATA_HOME ');
      const mcp = (await run('mcp', '--help')).out;
      expect(mcp).to.match(/^Usage: tabwright mcp \[--data-dir D\]\n/).and.include('--data-dir D').and.not.include('\n  PORT ').and.not.include('\n  HOST ');
      const [client = '', embedded = ''] = mcp.split('\nEnvironment, embedded');
      for (const name of ['TABWRIGHT_URL', 'TABWRIGHT_API_KEY', 'LOG_LEVEL']) expect(client).to.include(`\n  ${name} `);
      for (const name of ['DATA_DIR', 'XDG_DATA_HOME', 'LOG_LEVEL', 'CHROMIUM_PATH', 'TABWRIGHT_ALLOW_HOSTS', 'TABWRIGHT_PROXIES']) expect(embedded).to.include(`\n  ${name} `);
      expect(client).not.to.include('\n  CHROMIUM_PATH ');
      expect(embedded).not.to.include('\n  TABWRIGHT_URL ');
      for (const argv of [['keys', '--help'], ['keys', 'create', '--help'], ['help', 'keys']]) {
        const keys = await run(...argv);
        expect(keys.code).to.equal(0);
        expect(keys.out).to.match(/^Usage: tabwright keys create --plan PLAN \[--test\] \[--account ID\] \[--webhook-url URL\]\n {7}tabwright keys list/);
        expect(keys.out).to.include('\n  DATA_DIR ').and.include('\n  LOG_LEVEL ').and.not.include('\n  CHROMIUM_PATH ');
      }
      expect((await run('chart', '--help')).out).to.include('--engine').and.include('--format F').and.include('mermaid or svg');
    });
  });

  describe('configuration', () => {
    it('refuses mcp with TABWRIGHT_URL without TABWRIGHT_API_KEY, and an embedded data folder that is a file', async () => {
      const result = { out: '', err: '' };
      const io = (env: Record<string, string>): CliIo => ({ out: (t) => (result.out += t), err: (t) => (result.err += t), env });
      expect(await main(['mcp'], io({ TABWRIGHT_URL: 'http://127.0.0.1:1' }))).to.equal(2);
      expect(result.err).to.equal('tabwright: TABWRIGHT_URL is set without TABWRIGHT_API_KEY: set both\n');
      result.err = '';
      // Without the pair mcp runs embedded, in $XDG_DATA_HOME/tabwright unless DATA_DIR says otherwise.
      writeFileSync(join(dir, 'tabwright'), '');
      expect(await main(['mcp'], io({ XDG_DATA_HOME: dir }))).to.equal(2);
      expect(result.err).to.equal(`tabwright: the data folder of mcp ${join(dir, 'tabwright')} is not a folder: set DATA_DIR\n`);
      expect(result.out).to.equal('');
    });

    it('prints one line per bad setting and exits 2 before opening the store', async () => {
      const result = { out: '', err: '' };
      const data = join(dir, 'never');
      const io: CliIo = { out: (t) => (result.out += t), err: (t) => (result.err += t), env: { DATA_DIR: data, LOG_LEVEL: 'verbose', PORT: 'x' } };
      expect(await main(['accounts', 'list'], io)).to.equal(2);
      expect(result.err).to.equal("tabwright: PORT must be an integer from 0 to 65535, got 'x'\ntabwright: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got 'verbose'\n");
      expect(result.out).to.equal('');
      expect(existsSync(data)).to.equal(false);
    });

    it('names the flag when a flag value is bad', async () => {
      const { code, err } = await run('serve', '--port', 'eighty');
      expect(code).to.equal(2);
      expect(err).to.equal("tabwright: --port must be an integer from 0 to 65535, got 'eighty'\n");
    });
  });

  describe('chart', () => {
    it('prints the session machine as a Mermaid diagram', async () => {
      const { code, out } = await run('chart');
      expect(code).to.equal(0);
      expect(out).to.match(/^stateDiagram-v2\n/).and.match(/\n$/);
      expect((await run('chart', '--format', 'mermaid')).out).to.equal(out);
    });

    it('prints either machine as an SVG chart with --format svg', async () => {
      const session = await run('chart', '--format', 'svg');
      expect(session.code).to.equal(0);
      expect(session.out).to.match(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/).and.match(/<\/svg>\n$/);
      expect(session.out).to.include('data-state="active.running"');
      const engine = await run('chart', '--engine', '--format=svg');
      expect(engine.code).to.equal(0);
      expect(engine.out).to.include('data-state="stopping"').and.not.include('data-state="active"');
    });

    it('exits 2 with one line naming the flag for a bad --format', async () => {
      const { code, out, err } = await run('chart', '--format', 'png');
      expect(code).to.equal(2);
      expect(out).to.equal('');
      expect(err).to.equal("tabwright: --format must be one of mermaid, svg, got 'png'\n");
    });
  });

  describe('bin/tabwright', () => {
    it('prints the new key alone on the last line of stdout when run as a program', () => {
      const bin = fileURLToPath(new URL('../../../bin/tabwright', import.meta.url));
      const result = spawnSync(process.execPath, [bin, 'keys', 'create', '--plan', 'trial'], {
        env: { ...process.env, DATA_DIR: dir },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).to.equal(0);
      const lines = result.stdout.split('\n');
      expect(lines.at(-1)).to.equal('');
      expect(lines.at(-2)).to.match(/^sk_live_[0-9a-z]{40}$/);
      const usage = spawnSync(process.execPath, [bin, 'nope'], { env: { ...process.env, DATA_DIR: dir }, encoding: 'utf8' });
      expect(usage.status).to.equal(2);
      expect(usage.stderr).to.include('Usage: tabwright');
    });
  });
});
