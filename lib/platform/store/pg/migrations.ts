// The PostgreSQL schema, versioned like SQLite's: entry i brings the database from version i to
// i + 1, each in its own transaction with its row in schema_version; entries already shipped are
// never edited. Times are milliseconds since the epoch in BIGINT.
import type pg from 'pg';
import { LOCKS } from './connection.js';

/** The schema, in order; a new table is a new entry appended at the end. */
export const pgMigrations: readonly string[] = [
  // 1: everything SQLite's migrations 1 to 4 hold, plus what the shared store needs in the
  // database: sessions still opening (admitted, page not yet open) and the rate-limit window.
  `
  CREATE TABLE accounts (
    id         TEXT PRIMARY KEY,
    plan       TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );

  -- Only the SHA-256 of a key is kept; plan is set for test keys only (a live key follows its account).
  CREATE TABLE api_keys (
    id         TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    hash       TEXT NOT NULL UNIQUE,
    prefix     TEXT NOT NULL,
    test       BOOLEAN NOT NULL,
    plan       TEXT,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
  );
  CREATE INDEX api_keys_account ON api_keys(account_id, created_at);

  CREATE TABLE sessions (
    id              TEXT PRIMARY KEY,
    key_id          TEXT NOT NULL REFERENCES api_keys(id),
    account_id      TEXT NOT NULL REFERENCES accounts(id),
    test            BOOLEAN NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('active', 'closed', 'expired', 'failed')),
    -- Admitted but its page not open yet: counted against the limit, shown to nobody.
    opening         BOOLEAN NOT NULL DEFAULT false,
    started_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    ended_at        BIGINT,
    timeout_seconds INTEGER NOT NULL,
    error_code      TEXT,
    error_message   TEXT
  );
  CREATE INDEX sessions_listing ON sessions(key_id, started_at DESC, id DESC);
  CREATE INDEX sessions_active ON sessions(key_id) WHERE status = 'active';
  CREATE INDEX sessions_ended ON sessions(ended_at) WHERE ended_at IS NOT NULL;

  -- One row per ended session; UNIQUE is the last line of defence against double billing.
  CREATE TABLE usage (
    id             BIGSERIAL PRIMARY KEY,
    session_id     TEXT NOT NULL UNIQUE REFERENCES sessions(id),
    seconds        BIGINT NOT NULL,
    bytes_dc       BIGINT NOT NULL,
    bytes_res      BIGINT NOT NULL,
    ai_tokens      BIGINT NOT NULL,
    captcha_solves BIGINT NOT NULL,
    test           BOOLEAN NOT NULL,
    created_at     BIGINT NOT NULL
  );

  CREATE TABLE idempotency (
    key_id     TEXT NOT NULL REFERENCES api_keys(id),
    idem_key   TEXT NOT NULL,
    body_hash  TEXT NOT NULL,
    state      TEXT NOT NULL CHECK (state IN ('pending', 'done')),
    status     INTEGER,
    body       TEXT,
    request_id TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (key_id, idem_key)
  );
  CREATE INDEX idempotency_created ON idempotency(created_at);

  CREATE TABLE ai_selectors (
    account_id  TEXT NOT NULL,
    domain      TEXT NOT NULL,
    description TEXT NOT NULL,
    selector    TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (account_id, domain, description)
  );

  -- Two pools per account, live and test; balance_after chains one pool's entries in id order.
  CREATE TABLE ledger (
    id             BIGSERIAL PRIMARY KEY,
    account_id     TEXT NOT NULL REFERENCES accounts(id),
    kind           TEXT NOT NULL CHECK (kind IN ('grant', 'topup', 'debit', 'refund')),
    amount         BIGINT NOT NULL CHECK (amount >= 0),
    balance_after  BIGINT NOT NULL CHECK (balance_after >= 0),
    session_id     TEXT REFERENCES sessions(id),
    runtime        BIGINT NOT NULL CHECK (runtime >= 0),
    ai_tokens      BIGINT NOT NULL CHECK (ai_tokens >= 0),
    proxy_dc       BIGINT NOT NULL CHECK (proxy_dc >= 0),
    proxy_resident BIGINT NOT NULL CHECK (proxy_resident >= 0),
    captcha        BIGINT NOT NULL CHECK (captcha >= 0),
    test           BOOLEAN NOT NULL,
    note           TEXT,
    created_at     BIGINT NOT NULL,
    CHECK (kind NOT IN ('debit', 'refund') OR runtime + ai_tokens + proxy_dc + proxy_resident + captcha = amount)
  );
  CREATE INDEX ledger_pool ON ledger(account_id, test, id);
  -- One debit and at most one refund per session: a second is impossible, not merely unlikely.
  CREATE UNIQUE INDEX ledger_debit ON ledger(session_id) WHERE kind = 'debit';
  CREATE UNIQUE INDEX ledger_refund ON ledger(session_id) WHERE kind = 'refund';

  -- No reference to sessions: pruning deletes journals while the sessions stay (they are billing).
  CREATE TABLE journal_events (
    session_id TEXT NOT NULL,
    id         INTEGER NOT NULL CHECK (id >= 1),
    at         BIGINT NOT NULL,
    type       TEXT NOT NULL,
    data       TEXT NOT NULL,
    PRIMARY KEY (session_id, id)
  );

  -- The requests of each key inside the rate-limit window; older rows are pruned as the key comes back.
  CREATE TABLE rate_hits (
    id     BIGSERIAL PRIMARY KEY,
    key_id TEXT NOT NULL,
    at     BIGINT NOT NULL
  );
  CREATE INDEX rate_hits_key ON rate_hits(key_id, at);
  `,
  // 2: nodes sharing the database write heartbeats; a silent node's sessions are failed by another.
  `
  CREATE TABLE nodes (
    id         TEXT PRIMARY KEY,
    beat_at    BIGINT NOT NULL,
    started_at BIGINT NOT NULL
  );
  `,
  // 3: an Idempotency-Key is claimed within a scope besides the API key (issue 31): '' for a
  // create, the session's id for an act in it, so one key used on two sessions is two claims.
  `
  ALTER TABLE idempotency ADD COLUMN scope TEXT NOT NULL DEFAULT '';
  ALTER TABLE idempotency ALTER COLUMN scope DROP DEFAULT;
  ALTER TABLE idempotency DROP CONSTRAINT idempotency_pkey;
  ALTER TABLE idempotency ADD PRIMARY KEY (key_id, scope, idem_key);
  `,
  // 4: saved browser profiles (issue 31), as SQLite's migration 8: sealed is the encrypted state,
  // NULL while a persisting session holds the profile without having saved; holder counts only
  // while its session is active.
  `
  CREATE TABLE profiles (
    account_id   TEXT NOT NULL REFERENCES accounts(id),
    name         TEXT NOT NULL,
    sealed       BYTEA,
    origins      TEXT NOT NULL,
    cookies      INTEGER NOT NULL CHECK (cookies >= 0),
    bytes        BIGINT NOT NULL CHECK (bytes >= 0),
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    last_session TEXT,
    holder       TEXT,
    PRIMARY KEY (account_id, name)
  );
  `,
  // 5: webhooks (issue 32), as SQLite's migration 9: a key's URL and sealed secret, a session's
  // target (going with an abandoned row), the events as an outbox numbered per session, attempts.
  `
  CREATE TABLE webhook_keys (
    key_id     TEXT PRIMARY KEY REFERENCES api_keys(id),
    url        TEXT,
    secret     BYTEA NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE TABLE webhook_sessions (
    session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    key_id     TEXT NOT NULL,
    url        TEXT NOT NULL
  );
  CREATE TABLE webhook_events (
    id          TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL,
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    type        TEXT NOT NULL,
    body        TEXT NOT NULL,
    url         TEXT NOT NULL,
    key_id      TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    next_at     BIGINT NOT NULL,
    attempts    INTEGER NOT NULL CHECK (attempts >= 0),
    lease       TEXT,
    lease_until BIGINT,
    finished_at BIGINT,
    UNIQUE (session_id, seq)
  );
  CREATE INDEX webhook_events_due ON webhook_events(next_at) WHERE state = 'pending';
  CREATE INDEX webhook_events_finished ON webhook_events(finished_at) WHERE state <> 'pending';
  CREATE TABLE webhook_attempts (
    event_id    TEXT NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
    n           INTEGER NOT NULL CHECK (n >= 1),
    at          BIGINT NOT NULL,
    duration_ms BIGINT NOT NULL,
    status_code INTEGER,
    error       TEXT,
    excerpt     TEXT,
    PRIMARY KEY (event_id, n)
  );
  `,
];

/**
 * Brings the database up to the newest schema. Nodes starting at once take turns on a session-level
 * advisory lock, so each step runs once: the one that waited finds the version already bumped.
 */
export async function migratePostgres(pool: pg.Pool, steps: readonly string[] = pgMigrations): Promise<void> {
  const client = await pool.connect();
  // Released to the pool only when the session lock is known to be released too.
  let unlocked = false;
  try {
    await client.query('SELECT pg_advisory_lock($1, 0)', [LOCKS.migrations]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)');
      const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_version');
      const current = rows[0]?.version ?? 0;
      if (current > steps.length) {
        throw new Error(`database schema version ${current} is newer than this tabwright (${steps.length}); upgrade tabwright`);
      }
      for (let version = current; version < steps.length; version++) {
        await client.query('BEGIN');
        try {
          await client.query(steps[version]!);
          await client.query('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [version + 1, Date.now()]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, 0)', [LOCKS.migrations]);
      unlocked = true;
    }
  } finally {
    client.release(!unlocked);
  }
}
