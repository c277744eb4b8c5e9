import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A schema step: SQL run as one script, or a function for steps that must move data. */
export type Migration = string | ((db: Database.Database) => void);

/**
 * The schema, in order. Entry i brings the database from `user_version` i to i + 1, so a new
 * table is a new entry appended at the end; entries already shipped are never edited.
 */
export const migrations: readonly Migration[] = [
  // 1: accounts, keys, sessions, usage, idempotency.
  `
  CREATE TABLE accounts (
    id         TEXT PRIMARY KEY,
    plan       TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;

  -- Only the SHA-256 of a key is kept (decisions.md); prefix is for people, never for lookups
  -- that grant access. plan is set for test keys only: a live key follows its account's plan.
  CREATE TABLE api_keys (
    id         TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    hash       TEXT NOT NULL UNIQUE,
    prefix     TEXT NOT NULL,
    test       INTEGER NOT NULL CHECK (test IN (0, 1)),
    plan       TEXT,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  ) STRICT;
  CREATE INDEX api_keys_account ON api_keys(account_id, created_at);

  CREATE TABLE sessions (
    id              TEXT PRIMARY KEY,
    key_id          TEXT NOT NULL REFERENCES api_keys(id),
    account_id      TEXT NOT NULL REFERENCES accounts(id),
    test            INTEGER NOT NULL CHECK (test IN (0, 1)),
    status          TEXT NOT NULL CHECK (status IN ('active', 'closed', 'expired', 'failed')),
    started_at      INTEGER NOT NULL,
    expires_at      INTEGER NOT NULL,
    ended_at        INTEGER,
    timeout_seconds INTEGER NOT NULL,
    error_code      TEXT,
    error_message   TEXT
  ) STRICT;
  -- The listing order (decisions.md: started_at descending, ties by id) served from the index.
  CREATE INDEX sessions_listing ON sessions(key_id, started_at DESC, id DESC);
  CREATE INDEX sessions_active ON sessions(account_id) WHERE status = 'active';

  -- One row per ended session; UNIQUE is the last line of defence against double billing.
  CREATE TABLE usage (
    id             INTEGER PRIMARY KEY,
    session_id     TEXT NOT NULL UNIQUE REFERENCES sessions(id),
    seconds        INTEGER NOT NULL,
    bytes_dc       INTEGER NOT NULL,
    bytes_res      INTEGER NOT NULL,
    ai_tokens      INTEGER NOT NULL,
    captcha_solves INTEGER NOT NULL,
    test           INTEGER NOT NULL CHECK (test IN (0, 1)),
    created_at     INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE idempotency (
    key_id     TEXT NOT NULL REFERENCES api_keys(id),
    idem_key   TEXT NOT NULL,
    body_hash  TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('pending', 'done')),
    status     INTEGER,
    body       TEXT,
    request_id TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (key_id, idem_key)
  ) STRICT;
  CREATE INDEX idempotency_created ON idempotency(created_at);
  `,
  // 2: CSS selectors an AI provider resolved for `ai >>` extract fields, per account and domain.
  `
  CREATE TABLE ai_selectors (
    account_id  TEXT NOT NULL,
    domain      TEXT NOT NULL,
    description TEXT NOT NULL,
    selector    TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (account_id, domain, description)
  ) STRICT;
  `,
  // 3: the credit ledger (interface.md 2.13, decisions.md "Keys, plans and credits"). Each account
  // has two pools, live and test; balance_after chains the entries of one pool in id order.
  `
  CREATE TABLE ledger (
    id             INTEGER PRIMARY KEY,
    account_id     TEXT NOT NULL REFERENCES accounts(id),
    kind           TEXT NOT NULL CHECK (kind IN ('grant', 'topup', 'debit', 'refund')),
    amount         INTEGER NOT NULL CHECK (amount >= 0),
    balance_after  INTEGER NOT NULL CHECK (balance_after >= 0),
    session_id     TEXT REFERENCES sessions(id),
    runtime        INTEGER NOT NULL CHECK (runtime >= 0),
    ai_tokens      INTEGER NOT NULL CHECK (ai_tokens >= 0),
    proxy_dc       INTEGER NOT NULL CHECK (proxy_dc >= 0),
    proxy_resident INTEGER NOT NULL CHECK (proxy_resident >= 0),
    captcha        INTEGER NOT NULL CHECK (captcha >= 0),
    test           INTEGER NOT NULL CHECK (test IN (0, 1)),
    note           TEXT,
    created_at     INTEGER NOT NULL,
    CHECK (kind NOT IN ('debit', 'refund') OR runtime + ai_tokens + proxy_dc + proxy_resident + captcha = amount)
  ) STRICT;
  CREATE INDEX ledger_pool ON ledger(account_id, test, id);
  -- One debit and at most one refund per session, whatever path ends it.
  CREATE UNIQUE INDEX ledger_debit ON ledger(session_id) WHERE kind = 'debit';
  CREATE UNIQUE INDEX ledger_refund ON ledger(session_id) WHERE kind = 'refund';
  `,
  // 4: the event journal of each session (issue 14), numbered per session; data is the event's JSON.
  // No reference to sessions: pruning deletes journals while the sessions stay (they are billing).
  `
  CREATE TABLE journal_events (
    session_id TEXT NOT NULL,
    id         INTEGER NOT NULL CHECK (id >= 1),
    at         INTEGER NOT NULL,
    type       TEXT NOT NULL,
    data       TEXT NOT NULL,
    PRIMARY KEY (session_id, id)
  ) STRICT, WITHOUT ROWID;
  -- Pruning looks for sessions ended before a time.
  CREATE INDEX sessions_ended ON sessions(ended_at) WHERE ended_at IS NOT NULL;
  `,
  // 5: the shared invariants move into the database (issue 17). A session row is written when its
  // create is admitted, before its page opens (opening = 1: counted against the key's limit, not
  // shown); the rate limit's window is one row per counted request.
  `
  ALTER TABLE sessions ADD COLUMN opening INTEGER NOT NULL DEFAULT 0 CHECK (opening IN (0, 1));
  CREATE INDEX sessions_key_active ON sessions(key_id, expires_at) WHERE status = 'active';

  CREATE TABLE rate_events (
    id     INTEGER PRIMARY KEY,
    key_id TEXT NOT NULL,
    at     INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX rate_events_key ON rate_events(key_id, at);
  CREATE INDEX rate_events_at ON rate_events(at);
  `,
  // 6: nodes sharing the database write heartbeats; a silent node's sessions are failed by another (issue 17).
  `
  CREATE TABLE nodes (
    id         TEXT PRIMARY KEY,
    beat_at    INTEGER NOT NULL,
    started_at INTEGER NOT NULL
  ) STRICT;
  `,
  // 7: an Idempotency-Key is claimed within a scope besides the API key (issue 31): '' for a
  // create, the session's id for an act in it, so one key used on two sessions is two claims.
  // SQLite cannot change a primary key in place: the table is rebuilt, existing claims kept as creates'.
  `
  CREATE TABLE idempotency_scoped (
    key_id     TEXT NOT NULL REFERENCES api_keys(id),
    scope      TEXT NOT NULL,
    idem_key   TEXT NOT NULL,
    body_hash  TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('pending', 'done')),
    status     INTEGER,
    body       TEXT,
    request_id TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (key_id, scope, idem_key)
  ) STRICT;
  INSERT INTO idempotency_scoped (key_id, scope, idem_key, body_hash, state, status, body, request_id, created_at)
    SELECT key_id, '', idem_key, body_hash, state, status, body, request_id, created_at FROM idempotency;
  DROP TABLE idempotency;
  ALTER TABLE idempotency_scoped RENAME TO idempotency;
  CREATE INDEX idempotency_created ON idempotency(created_at);
  `,
  // 8: saved browser profiles (issue 31). sealed is the encrypted state (lib/platform/profiles/),
  // NULL while a persisting session holds the profile without having saved; the summary beside it
  // is what listings show; holder is the persisting session, counted only while it is active.
  `
  CREATE TABLE profiles (
    account_id   TEXT NOT NULL REFERENCES accounts(id),
    name         TEXT NOT NULL,
    sealed       BLOB,
    origins      TEXT NOT NULL,
    cookies      INTEGER NOT NULL CHECK (cookies >= 0),
    bytes        INTEGER NOT NULL CHECK (bytes >= 0),
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    last_session TEXT,
    holder       TEXT,
    PRIMARY KEY (account_id, name)
  ) STRICT;
  `,
  // 9: webhooks (issue 32). A key's URL and signing secret (sealed, lib/platform/webhooks/secret.ts);
  // the target a session's events go to, written at admission (it goes with an abandoned row);
  // the events as an outbox, numbered per session (seq), each held by at most one lease; attempts.
  `
  CREATE TABLE webhook_keys (
    key_id     TEXT PRIMARY KEY REFERENCES api_keys(id),
    url        TEXT,
    secret     BLOB NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE webhook_sessions (
    session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    key_id     TEXT NOT NULL,
    url        TEXT NOT NULL
  ) STRICT;
  CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    type        TEXT NOT NULL,
    body        TEXT NOT NULL,
    url         TEXT NOT NULL,
    key_id      TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    next_at     INTEGER NOT NULL,
    attempts    INTEGER NOT NULL CHECK (attempts >= 0),
    lease       TEXT,
    lease_until INTEGER,
    finished_at INTEGER,
    UNIQUE (session_id, seq)
  ) STRICT;
  CREATE INDEX webhook_events_due ON webhook_events(next_at) WHERE state = 'pending';
  CREATE INDEX webhook_events_finished ON webhook_events(finished_at) WHERE state <> 'pending';
  CREATE TABLE webhook_attempts (
    event_id    TEXT NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
    n           INTEGER NOT NULL CHECK (n >= 1),
    at          INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    status_code INTEGER,
    error       TEXT,
    excerpt     TEXT,
    PRIMARY KEY (event_id, n)
  ) STRICT;
  `,
];

/** Brings `db` up to the newest schema; each step and its version bump commit together. */
export function migrate(db: Database.Database, steps: readonly Migration[] = migrations): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > steps.length) {
    throw new Error(`database schema version ${current} is newer than this tabwright (${steps.length}); upgrade tabwright`);
  }
  for (let version = current; version < steps.length; version++) {
    const step = steps[version]!;
    db.transaction(() => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

/**
 * A second connection to the migrated `<dataDir>/tabwright.db` for the event journal, or `db`
 * itself in memory. It commits with synchronous=NORMAL: in WAL mode that survives a crash of the
 * process but not of the machine, and spares the disk sync FULL makes on every commit (a
 * journal batch after every act). A journal is a debugging record, not money; what FULL protects
 * (sessions, usage, ledger) stays on the first connection.
 */
export function openJournalConnection(dataDir: string, db: Database.Database): Database.Database {
  if (dataDir === ':memory:') return db;
  const journal = new Database(join(dataDir, 'tabwright.db'));
  journal.pragma('synchronous = NORMAL');
  journal.pragma('busy_timeout = 5000');
  return journal;
}

/** Opens (creating if needed) `<dataDir>/tabwright.db`, or a private in-memory database, and migrates it. */
export function openDatabase(dataDir: string): Database.Database {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'tabwright.db');
  }
  const db = new Database(file);
  try {
    // WAL lets the CLI read while the server writes; FULL syncs every commit, because usage and
    // ledger rows are money and must survive a power cut, not just a process crash.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // The CLI and the server may write at once; wait for the other writer instead of failing.
    db.pragma('busy_timeout = 5000');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
