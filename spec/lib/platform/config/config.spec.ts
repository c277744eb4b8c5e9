import { expect } from 'chai';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { SLOTS_PER_CORE } from '../../../../lib/platform/capacity/gate.js';
import { DEFAULT_MIN_FREE_MEMORY_MB } from '../../../../lib/platform/capacity/memory.js';
import { ConfigError, LOG_LEVELS, loadConfig, type Config, type Env } from '../../../../lib/platform/config/index.js';
import { startLogLevel } from '../../../../lib/platform/config/log-level.js';
import { tempDir } from '../store/fixtures.js';
import { selfSignedCertificate } from '../../../support/https-receiver.js';

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problems(env: Env, flags = {}): readonly string[] {
  try {
    loadConfig(env, flags);
    return [];
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

describe('loadConfig()', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, content: string, mode = 0o644): string => {
    const path = join(dir, name);
    writeFileSync(path, content);
    chmodSync(path, mode);
    return path;
  };

  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).to.deep.include({ host: '127.0.0.1', port: 8080, dataDir: resolve('./data'), logLevel: 'info', proxies: null, captcha: null, ai: null, metricsToken: null });
    expect(config.allowHosts.allowsName('localhost')).to.equal(false);
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).to.equal('silent');
  });

  it('takes flags over variables, and an empty variable as unset', () => {
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '9000', DATA_DIR: dir }, { host: '::1', port: '0' });
    expect(config).to.deep.include({ host: '::1', port: 0, dataDir: dir });
    expect(loadConfig({ PORT: '', LOG_LEVEL: ' ' })).to.deep.include({ port: 8080, logLevel: 'info' });
  });

  it('accepts every pino level for LOG_LEVEL', () => {
    for (const level of LOG_LEVELS) expect(loadConfig({ LOG_LEVEL: level }).logLevel).to.equal(level);
  });

  it('reports every bad value at once, one sentence each, naming the variable and the value', () => {
    const notProgram = file('chromium', '#!/bin/sh\n', 0o644);
    expect(
      problems({
        HOST: 'http://x',
        PORT: 'abc',
        DATA_DIR: file('data', ''),
        LOG_LEVEL: 'verbose',
        CHROMIUM_PATH: notProgram,
        TABWRIGHT_ALLOW_HOSTS: '127.0.0.1, 10.0.0.0/33, *.example.com',
        TABWRIGHT_PROXIES: join(dir, 'missing.json'),
        TABWRIGHT_CAPTCHA_SOLVER: 'api.2captcha.com',
        TABWRIGHT_CAPTCHA_POLL_MS: '0',
        TABWRIGHT_CAPTCHA_TIMEOUT_MS: '1.5',
        TABWRIGHT_METRICS_TOKEN: 'two words',
        AI_BASE_URL: 'ftp://models.example',
      }),
    ).to.deep.equal([
      "HOST must be an IP address or a host name, got 'http://x'",
      "PORT must be an integer from 0 to 65535, got 'abc'",
      `DATA_DIR ${join(dir, 'data')} is not a folder`,
      "LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got 'verbose'",
      `CHROMIUM_PATH ${notProgram} is not executable`,
      "TABWRIGHT_ALLOW_HOSTS has entries that are not a host name, IP address or CIDR: '10.0.0.0/33', '*.example.com'",
      `TABWRIGHT_PROXIES file ${join(dir, 'missing.json')} does not exist`,
      "TABWRIGHT_CAPTCHA_SOLVER must be an http or https URL, got 'api.2captcha.com'",
      "TABWRIGHT_CAPTCHA_POLL_MS must be a positive whole number of milliseconds, got '0'",
      "TABWRIGHT_CAPTCHA_TIMEOUT_MS must be a positive whole number of milliseconds, got '1.5'",
      'TABWRIGHT_METRICS_TOKEN must be printable characters without spaces',
      "AI_BASE_URL must be an http or https URL, got 'ftp://models.example'",
    ]);
  });

  it('names the flag when a flag is wrong, even an empty one', () => {
    expect(problems({ PORT: '8081' }, { port: '65536', host: 'a b', dataDir: '' })).to.deep.equal([
      "--host must be an IP address or a host name, got 'a b'",
      "--port must be an integer from 0 to 65535, got '65536'",
      "--data-dir must name a folder, got ''",
    ]);
  });

  it('checks CHROMIUM_PATH is an executable file, and finding none is a problem only when one is needed', () => {
    mkdirSync(join(dir, 'folder'));
    expect(problems({ CHROMIUM_PATH: join(dir, 'nope') })).to.deep.equal([`CHROMIUM_PATH ${join(dir, 'nope')} does not exist`]);
    expect(problems({ CHROMIUM_PATH: join(dir, 'folder') })).to.deep.equal([`CHROMIUM_PATH ${join(dir, 'folder')} is not a file`]);
    const program = file('chrome', '#!/bin/sh\n', 0o755);
    expect(loadConfig({ CHROMIUM_PATH: program }, {}, { chromium: true }).chromiumPath).to.equal(program);
  });

  it('takes CHROMIUM_SANDBOX as auto, on or off; as root (these tests) auto is off, on is refused, and commands without a browser probe nothing', () => {
    const program = file('chrome', '#!/bin/sh\n', 0o755);
    const serve = (env: Env): Config => loadConfig({ CHROMIUM_PATH: program, ...env }, {}, { chromium: true });
    expect(problems({ CHROMIUM_SANDBOX: 'yes' })).to.deep.equal(["CHROMIUM_SANDBOX must be one of auto, on, off, got 'yes'"]);
    expect(loadConfig({}).chromiumSandbox).to.deep.equal({ on: false, why: 'this command launches no browser' });
    expect(serve({ CHROMIUM_SANDBOX: 'off' }).chromiumSandbox).to.deep.equal({ on: false, why: 'CHROMIUM_SANDBOX=off' });
    if (process.getuid?.() !== 0) return;
    expect(serve({}).chromiumSandbox.on).to.equal(false);
    expect(serve({}).chromiumSandbox.why).to.match(/runs as root/);
    expect(() => serve({ CHROMIUM_SANDBOX: 'on' })).to.throw(ConfigError, /needs the service to run as a user other than root/);
  });

  it('reads and parses the TABWRIGHT_PROXIES file, saying what is wrong with it', () => {
    const good = file('good.json', JSON.stringify({ residential: { DE: ['http://u:p@res-de:8000'] } }));
    expect(loadConfig({ TABWRIGHT_PROXIES: good }).proxies?.next('residential', 'de')).to.equal('http://u:p@res-de:8000');
    const broken = file('broken.json', '{"datacenter": ');
    expect(problems({ TABWRIGHT_PROXIES: broken })[0]).to.match(new RegExp(`^TABWRIGHT_PROXIES file ${broken} is not JSON \\(.+\\)$`));
    const shape = file('shape.json', JSON.stringify({ datacenter: { us: ['ftp://x'] } }));
    expect(problems({ TABWRIGHT_PROXIES: shape })).to.deep.equal([`TABWRIGHT_PROXIES file ${shape}: datacenter.us must be a list of http, https or socks5 proxy URLs`]);
    expect(problems({ TABWRIGHT_PROXIES: dir })).to.deep.equal([`TABWRIGHT_PROXIES file ${dir} is a folder`]);
  });

  it('reads the certificates of TABWRIGHT_WEBHOOK_CA_FILE, refusing a file without one that parses', () => {
    const { cert } = selfSignedCertificate();
    expect(loadConfig({ TABWRIGHT_WEBHOOK_CA_FILE: file('ca.pem', `# our CA\n${cert}`) }).webhookCa).to.equal(cert.trim());
    expect(loadConfig({}).webhookCa).to.equal(null);
    const none = file('none.pem', 'not a certificate');
    expect(problems({ TABWRIGHT_WEBHOOK_CA_FILE: none })).to.deep.equal([`TABWRIGHT_WEBHOOK_CA_FILE file ${none} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`]);
    const broken = file('broken.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    expect(problems({ TABWRIGHT_WEBHOOK_CA_FILE: broken })[0]).to.match(/holds a certificate that does not parse/);
  });

  it('assembles the solver and the AI provider with their defaults, without trailing slashes', () => {
    const config: Config = loadConfig({ TABWRIGHT_CAPTCHA_SOLVER: 'https://solver.example/', TABWRIGHT_CAPTCHA_KEY: 'k', AI_BASE_URL: 'http://127.0.0.1:11434/v1//' });
    expect(config.captcha).to.deep.equal({ base: 'https://solver.example', key: 'k', pollMs: 1000, capMs: 120_000 });
    expect(config.ai).to.deep.equal({ baseUrl: 'http://127.0.0.1:11434/v1', apiKey: '', model: 'gpt-4o-mini' });
    expect(loadConfig({ TABWRIGHT_CAPTCHA_KEY: 'k', TABWRIGHT_CAPTCHA_POLL_MS: '50' }).captcha).to.equal(null);
  });

  it('takes DATABASE_URL for the PostgreSQL store, and refuses anything else without repeating it (it may hold a password)', () => {
    expect(loadConfig({}).databaseUrl).to.equal(null);
    const url = 'postgresql://tabwright:s3cret@db.internal:5432/tabwright';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).to.equal(url);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/tw' }).databaseUrl).to.equal('postgres://db/tw');
    const expected = 'DATABASE_URL must be a PostgreSQL URL, postgresql://user:password@host:port/database';
    expect(problems({ DATABASE_URL: 'mysql://u:s3cret@db/tw' })).to.deep.equal([`${expected} (the text given is not one; not repeated, it may hold a password)`]);
    expect(problems({ DATABASE_URL: 'postgresql://u:s3cret@db.internal:5432' })).to.deep.equal([`${expected}: the database name is missing`]);
    expect(problems({ DATABASE_URL: 'postgresql:///tw' })).to.deep.equal([`${expected}: the host is missing`]);
  });

  it('takes TABWRIGHT_PROFILE_KEY as 64 hex digits or base64 of 32 bytes, and refuses anything else without repeating it', () => {
    const bytes = Buffer.alloc(32, 0xfb);
    expect(loadConfig({}).profileKey).to.equal(null);
    for (const text of [bytes.toString('hex'), bytes.toString('hex').toUpperCase(), bytes.toString('base64'), bytes.toString('base64url')]) {
      expect(loadConfig({ TABWRIGHT_PROFILE_KEY: text }).profileKey, text).to.deep.equal(bytes);
    }
    const expected = 'TABWRIGHT_PROFILE_KEY must be 32 bytes written as 64 hex digits or in base64, such as `openssl rand -hex 32` prints (the text given is not one; not repeated, it is a secret)';
    for (const text of ['s3cret', bytes.toString('hex').slice(2), Buffer.alloc(31).toString('base64'), `${bytes.toString('hex')}00`]) {
      expect(problems({ TABWRIGHT_PROFILE_KEY: text }), text).to.deep.equal([expected]);
    }
  });

  it('saves profiles of up to 10 MiB by default; TABWRIGHT_PROFILE_MAX_MB takes 1 to 100', () => {
    expect(loadConfig({}).profileMaxBytes).to.equal(10 * 2 ** 20);
    expect(loadConfig({ TABWRIGHT_PROFILE_MAX_MB: '1' }).profileMaxBytes).to.equal(2 ** 20);
    for (const text of ['0', '101', '2.5', 'ten']) {
      expect(problems({ TABWRIGHT_PROFILE_MAX_MB: text }), text).to.deep.equal([`TABWRIGHT_PROFILE_MAX_MB must be a whole number from 1 to 100, got '${text}'`]);
    }
  });

  it('requires TABWRIGHT_PROFILE_KEY to run the service on a shared database, and only then', () => {
    const chromium = file('chromium', '#!/bin/sh\n', 0o755);
    const cluster = { DATABASE_URL: 'postgresql://db.internal/tw', CHROMIUM_PATH: chromium };
    const expected = 'TABWRIGHT_PROFILE_KEY must be set when DATABASE_URL is: every node sharing the database seals and opens profiles with it, so each needs the same key (openssl rand -hex 32)';
    const needs = (env: Env, what: { chromium?: boolean; mcp?: boolean }) => {
      try {
        loadConfig(env, {}, what);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(needs(cluster, { chromium: true }), 'serve').to.deep.equal([expected]);
    expect(needs({ ...cluster, HOME: dir }, { mcp: true }), 'embedded mcp').to.deep.equal([expected]);
    expect(needs({ ...cluster, TABWRIGHT_PROFILE_KEY: 'ab'.repeat(32) }, { chromium: true })).to.deep.equal([]);
    expect(problems(cluster), 'keys, accounts, ledger').to.deep.equal([]);
    expect(needs({ CHROMIUM_PATH: chromium }, { chromium: true }), 'serve on SQLite').to.deep.equal([]);
  });

  describe('for mcp', () => {
    const mcp = (env: Env, flags = {}): Config => loadConfig(env, flags, { mcp: true });
    const server = { TABWRIGHT_URL: 'http://127.0.0.1:9000', TABWRIGHT_API_KEY: 'sk_live_x' };

    it('embedded, keeps its data in $XDG_DATA_HOME/tabwright, else ~/.local/share/tabwright, unless DATA_DIR or --data-dir say otherwise', () => {
      expect(mcp({ XDG_DATA_HOME: join(dir, 'xdg'), HOME: join(dir, 'home') }).dataDir).to.equal(join(dir, 'xdg', 'tabwright'));
      expect(mcp({ HOME: join(dir, 'home') }).dataDir).to.equal(join(dir, 'home', '.local', 'share', 'tabwright'));
      // The XDG rule: a relative XDG_DATA_HOME is ignored.
      expect(mcp({ XDG_DATA_HOME: 'xdg', HOME: join(dir, 'home') }).dataDir).to.equal(join(dir, 'home', '.local', 'share', 'tabwright'));
      expect(mcp({ XDG_DATA_HOME: join(dir, 'xdg'), DATA_DIR: join(dir, 'd') }).dataDir).to.equal(join(dir, 'd'));
      expect(mcp({ XDG_DATA_HOME: join(dir, 'xdg') }, { dataDir: join(dir, 'flag') }).dataDir).to.equal(join(dir, 'flag'));
    });

    it('driving a server, keeps the ./data default the other commands have (it opens no data folder)', () => {
      expect(mcp({ ...server, XDG_DATA_HOME: join(dir, 'xdg') })).to.deep.include({ dataDir: resolve('./data'), server: { url: 'http://127.0.0.1:9000', apiKey: 'sk_live_x' } });
      expect(loadConfig({ XDG_DATA_HOME: join(dir, 'xdg') }).dataDir).to.equal(resolve('./data'));
    });

    it('listens on loopback on any free port, whatever HOST and PORT (serve\'s) say, which are still checked', () => {
      expect(mcp({ HOST: '0.0.0.0', PORT: '9999', DATA_DIR: dir })).to.deep.include({ host: '127.0.0.1', port: 0 });
      expect(() => mcp({ PORT: 'x', DATA_DIR: dir })).to.throw(ConfigError, /PORT must be an integer/);
    });

    it('reports a default data folder that is a file, saying what to set', () => {
      file('tabwright', '');
      expect(() => mcp({ XDG_DATA_HOME: dir })).to.throw(ConfigError, `the data folder of mcp ${join(dir, 'tabwright')} is not a folder: set DATA_DIR`);
    });
  });

  it('keeps 2 warm sessions by default; TABWRIGHT_WARM_SESSIONS takes 0 (off) to 32, nothing else', () => {
    expect(loadConfig({}).warmSessions).to.equal(2);
    expect(loadConfig({ TABWRIGHT_WARM_SESSIONS: '0' }).warmSessions).to.equal(0);
    expect(loadConfig({ TABWRIGHT_WARM_SESSIONS: ' 32 ' }).warmSessions).to.equal(32);
    for (const bad of ['-1', '33', '1.5', 'two']) {
      expect(problems({ TABWRIGHT_WARM_SESSIONS: bad })).to.deep.equal([`TABWRIGHT_WARM_SESSIONS must be a whole number from 0 to 32, got '${bad}'`]);
    }
  });

  it('sizes the engine gate from the cores by default; 0 turns it off; anything but a whole number is refused', () => {
    expect(loadConfig({}).engineConcurrency).to.equal(SLOTS_PER_CORE * availableParallelism());
    expect(loadConfig({ TABWRIGHT_ENGINE_CONCURRENCY: '0' }).engineConcurrency).to.equal(0);
    expect(loadConfig({ TABWRIGHT_ENGINE_CONCURRENCY: '3' }).engineConcurrency).to.equal(3);
    expect(problems({ TABWRIGHT_ENGINE_CONCURRENCY: '-1' })).to.deep.equal(["TABWRIGHT_ENGINE_CONCURRENCY must be a whole number from 0, got '-1'"]);
    expect(problems({ TABWRIGHT_ENGINE_CONCURRENCY: '2.5' })).to.deep.equal(["TABWRIGHT_ENGINE_CONCURRENCY must be a whole number from 0, got '2.5'"]);
  });

  it('keeps 256 MB of memory free by default; 0 turns the check off; anything but a whole number is refused', () => {
    expect(loadConfig({}).minFreeMemoryMb).to.equal(DEFAULT_MIN_FREE_MEMORY_MB);
    expect(loadConfig({ TABWRIGHT_MIN_FREE_MEMORY_MB: '0' }).minFreeMemoryMb).to.equal(0);
    expect(loadConfig({ TABWRIGHT_MIN_FREE_MEMORY_MB: '1024' }).minFreeMemoryMb).to.equal(1024);
    expect(problems({ TABWRIGHT_MIN_FREE_MEMORY_MB: '0.5' })).to.deep.equal(["TABWRIGHT_MIN_FREE_MEMORY_MB must be a whole number from 0, got '0.5'"]);
  });

  it('reports a TABWRIGHT_ variable it does not know, suggesting the one meant', () => {
    expect(problems({ TABWRIGHT_ALLOW_HOST: '127.0.0.1', TABWRIGHT_SOMETHING: '1', HOSTNAME: 'box' })).to.deep.equal([
      'TABWRIGHT_ALLOW_HOST is not a tabwright setting (did you mean TABWRIGHT_ALLOW_HOSTS?)',
      'TABWRIGHT_SOMETHING is not a tabwright setting',
    ]);
  });
});

describe('startLogLevel()', () => {
  it('falls back to the default on a bad LOG_LEVEL instead of throwing', () => {
    expect(startLogLevel({ LOG_LEVEL: 'verbose' })).to.equal('info');
    expect(startLogLevel({ LOG_LEVEL: 'verbose', NODE_ENV: 'test' })).to.equal('silent');
    expect(startLogLevel({ LOG_LEVEL: 'debug' })).to.equal('debug');
  });
});
