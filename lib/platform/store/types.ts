// The storage interface of tabwright: everything the service keeps, behind one asynchronous
// contract with two implementations, SQLite (./sqlite/, the embedded default) and
// PostgreSQL (./pg/, when DATABASE_URL is set). Callers only ever see `Store`.
//
// What every implementation must guarantee, whatever the number of processes or nodes sharing
// one database (spec/lib/platform/store/contract.ts checks each of these, concurrency included):
// - Each method is atomic: it commits whole or not at all, and a rejected promise wrote nothing.
// - Nothing that an invariant rests on is kept in a process's memory. The concurrency limit
//   (admitSession), the rate limit (takeRate), idempotency claims (beginIdempotent), the ledger's
//   balance_after chain and its one debit per session (endSession), a profile's one writer
//   (holdProfile) are decided inside the
//   database, in one transaction that reads and writes under a lock held until it commits
//   (SQLite: BEGIN IMMEDIATE, one writer at a time; PostgreSQL: a row or advisory lock taken first),
//   so concurrent callers on any node are serialised where they would otherwise both read the
//   same state and both write.
// - Answers read after a write see that write (read your writes), on any connection to the store.
// - Errors the client caused are ApiError (lib/contract/errors.ts); anything else rejects with an Error.
// - Schema changes are migrations, numbered, applied at open, never edited once shipped.
import type { JournalEvent } from '../../contract/response/events.js';
import type { PlanName } from '../../contract/plans.js';
import type {
  Account,
  ApiKeyRecord,
  IdempotencyBegin,
  IdempotencyClaim,
  LedgerEntry,
  NewSessionRow,
  ProfileHold,
  ProfilePage,
  ProfileRecord,
  ProfileSummary,
  RateDecision,
  SelectorKey,
  SessionAdmission,
  SessionBill,
  SessionPage,
  SessionRow,
  UsageInput,
  UsageRow,
} from './rows.js';
import type { KeyWebhook, SessionWebhook, WebhookAttempt, WebhookClaim, WebhookDelivery, WebhookEventType, WebhookOutcome } from './webhook-rows.js';

export type * from './rows.js';
export type * from './webhook-rows.js';
export type { JournalEvent } from '../../contract/response/events.js';

/** Account storage. */
export interface AccountStore {
  /** Creates an account on `plan` with a fresh `acc_` id; rejects an unknown plan. */
  createAccount(input: { plan: PlanName; now: number }): Promise<Account>;
  /** The account, or undefined. */
  getAccount(id: string): Promise<Account | undefined>;
  /** Every account, oldest first (created_at, then id). */
  listAccounts(): Promise<Account[]>;
  /** Moves the account to another plan; its live keys follow at once. Rejects when the account is unknown. */
  setAccountPlan(id: string, plan: PlanName): Promise<Account>;
}

/** API key storage; only a key's SHA-256 is ever stored. */
export interface KeyStore {
  /** Creates a key; the full key is answered here once and only its hash is stored. Rejects an unknown account. */
  createKey(input: { accountId: string; test: boolean; plan?: PlanName; now: number }): Promise<{ key: string; record: ApiKeyRecord }>;
  /** The unrevoked key whose hash matches `token`, for authentication. */
  findKeyByToken(token: string): Promise<ApiKeyRecord | undefined>;
  /** Keys of one account, or all keys, oldest first; revoked keys included. */
  listKeys(accountId?: string): Promise<ApiKeyRecord[]>;
  /** Revokes the one live key matching a full key or a prefix of at least 10 characters; rejects when none or several match. */
  revokeKey(prefixOrKey: string, now: number): Promise<ApiKeyRecord>;
  /** Revokes the key with this id if it is still live; false when it is unknown or was revoked already (by anyone). */
  revokeKeyById(id: string, now: number): Promise<boolean>;
  /** Those of `ids` that are revoked keys (another process or node may have revoked them). */
  revokedKeyIds(ids: readonly string[]): Promise<string[]>;
}

/** Session and usage storage. */
export interface SessionStore {
  /**
   * Admission of a create (one row) or a fork (several), in one transaction, all or none: counts
   * the key's active sessions (opening ones included) and, only if `rows` all fit under `limit`,
   * writes each as an active session still opening (invisible to getSession and listSessions
   * until `openedSession`). Exact under concurrent callers on any node: N callers of one row racing
   * for a key with limit L get min(N, L - active) admissions.
   */
  admitSession(input: { rows: readonly NewSessionRow[]; limit: number; now: number }): Promise<SessionAdmission>;
  /** The admitted session's page is open: it becomes visible, with the times it really runs (from `startedAt` to `expiresAt`). Rejects unless it is still opening. */
  openedSession(id: string, times: { startedAt: number; expiresAt: number }): Promise<SessionRow>;
  /** The admitted session's page never opened: its row goes (nothing was billed or shown), freeing its place; false when it was not opening. */
  abandonSession(id: string): Promise<boolean>;
  /** Records an already open active session without admission (imports, tests) and answers it as stored. */
  insertSession(row: NewSessionRow): Promise<SessionRow>;
  /** The session, or undefined (also while it is still opening). */
  getSession(id: string): Promise<SessionRow | undefined>;
  /** A key's opened sessions, newest first, `limit` at a time; `after` is a `nextCursor` (rejects with 400 invalid_request when malformed). */
  listSessions(query: { keyId: string; status?: 'active' | 'closed' | 'failed'; limit: number; after?: string }): Promise<SessionPage>;
  /** The key's active sessions, opening ones included: what admitSession counts. */
  countActiveSessions(keyId: string): Promise<number>;
  /** Ids of the key's sessions recorded as active (opening ones included), by whichever process runs them, oldest first. */
  activeSessionIds(keyId: string): Promise<string[]>;
  /**
   * Ends an active session and writes its one usage row and its ledger debit (plus a refund after a
   * service-side fault) in one transaction, and answers what was billed; null, with nothing
   * written, if it had already ended. Exactly one of any number of concurrent calls for one
   * session bills it: the update guarded by status = 'active' decides, and the unique indexes on
   * usage(session_id) and ledger(session_id) for debits and refunds back it up.
   */
  endSession(input: {
    id: string;
    status: 'closed' | 'expired' | 'failed';
    endedAt: number;
    errorCode?: string;
    errorMessage?: string;
    usage: UsageInput;
  }): Promise<SessionBill | null>;
  /** The ended session's usage row, or undefined. */
  getUsage(sessionId: string): Promise<UsageRow | undefined>;
  /**
   * At start-up: ends every session a previous process of `node` left active as failed
   * (engine_failure), billing its runtime and refunding it, and drops its rows still opening
   * (never shown, nothing to bill); answers the failed ones. Sessions of other nodes are theirs;
   * ids without a node (made before ids carried one) count as this node's. Each is billed once
   * even if two processes do this at once.
   */
  failOrphanedSessions(now: number, node: string): Promise<SessionRow[]>;
}

/** Idempotency-Key storage, scoped to the API key and a scope; a done response is replayed for IDEMPOTENCY_TTL_MS. */
export interface IdempotencyStore {
  /**
   * Atomically claims the key for this request, or says why not: of any number of concurrent
   * calls with one (keyId, scope, idemKey), on any node, exactly one answers 'new' (the primary key
   * on (key_id, scope, idem_key) is the claim). A pending claim older than IDEMPOTENCY_ABANDONED_MS
   * may be claimed again; rows older than IDEMPOTENCY_TTL_MS are purged. Asking again while the
   * answer is 'pending' is how a caller waits for the first request (it costs one transaction).
   */
  beginIdempotent(input: IdempotencyClaim & { bodyHash: string; now: number }): Promise<IdempotencyBegin>;
  /** Stores the response of a claimed (pending) request for replay. */
  completeIdempotent(input: IdempotencyClaim & { status: number; body: string; requestId: string }): Promise<void>;
  /** Drops a pending claim whose response is not kept (429, 503, 5xx), so a retry runs afresh. */
  releaseIdempotent(input: IdempotencyClaim): Promise<void>;
}

/**
 * The credit ledger's reading and admin side; `now` brings the pool's grants up to date first.
 * Its balance_after chain is exact under concurrent writers because every entry is computed from
 * the pool's last entry read inside the transaction that inserts it, under the write lock (SQLite)
 * or the account row locked FOR UPDATE (PostgreSQL): writers of one pool take turns.
 */
export interface LedgerStore {
  /** The pool's balance at `now`, after writing any grants for cycles begun since the last one (each cycle granted once). */
  creditBalance(accountId: string, test: boolean, now: number): Promise<number>;
  /** Adds `amount` whole credits to the account's live pool. Rejects when the account is unknown or the amount is not a positive integer. */
  topUp(accountId: string, amount: number, now: number, note?: string): Promise<LedgerEntry>;
  /** The pool's entries, oldest first (id order, which is the chain's order), without catching up on grants. */
  ledgerEntries(accountId: string, options?: { test?: boolean }): Promise<LedgerEntry[]>;
}

/** Per-session event journals: events by session and number, the newest MAX_JOURNAL_EVENTS of each kept. */
export interface JournalStore {
  /** Writes `events` (numbered in order) in one transaction and drops what falls out of the bound. Called often: one call per batch. */
  appendEvents(sessionId: string, events: readonly JournalEvent[]): Promise<void>;
  /** Up to `limit` events numbered above `after`, oldest first. */
  readEvents(sessionId: string, after: number, limit: number): Promise<JournalEvent[]>;
  /** The highest event number stored for the session, 0 when none. */
  lastEventId(sessionId: string): Promise<number>;
  /** Deletes the journals of sessions that ended before `endedBefore` and answers those sessions' ids. */
  pruneJournals(endedBefore: number): Promise<string[]>;
}

/** The per-key request rate limit: a sliding window of RATE_WINDOW_MS kept in the database. */
export interface RateStore {
  /**
   * Counts one request of `keyId` against `limit` per window ending at `now`, unless the window
   * is full; a refused request is not counted. Exact across nodes: of N concurrent takes into an
   * empty window, exactly min(N, limit) are allowed. Rows older than the window are pruned.
   */
  takeRate(input: { keyId: string; limit: number; now: number }): Promise<RateDecision>;
}

/** Nodes sharing the store: their heartbeats, and the failover of a node that stopped beating (lib/platform/cluster/heartbeat.ts). */
export interface NodeStore {
  /** Records that `node` is alive at `now`; its first beat makes it known. */
  beatNode(node: string, now: number): Promise<void>;
  /**
   * For every node but `self` whose last beat is before `staleBefore`: ends its active sessions
   * as failed (engine_failure, NODE_LOST_MESSAGE), runtime billed and refunded, and drops its rows
   * still opening; answers the sessions this call failed. However many nodes call at once, each
   * session is failed, billed and refunded once: the end guarded by status = 'active' decides.
   */
  failStaleNodes(input: { self: string; staleBefore: number; now: number }): Promise<SessionRow[]>;
}

/** AI-resolved CSS selectors for `ai >>` extract fields, per account, domain and description. */
export interface SelectorStore {
  /** The stored selector, or null. */
  getSelector(key: SelectorKey): Promise<string | null>;
  /** Stores or replaces the selector for `key`. */
  putSelector(key: SelectorKey, selector: string, now: number): Promise<void>;
}

/**
 * Saved browser profiles (issue 31), keyed by account and name. The state is stored sealed (encrypted
 * by lib/platform/profiles/, which this store never looks into) beside a summary of it. A profile
 * is held for writing by at most one session, and the hold lives in the row: it is taken and
 * checked inside one transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: the row locked FOR
 * UPDATE), so of any number of concurrent holds on any node exactly one wins. A hold counts only
 * while its session's row is 'active' (admitted, opening or open): a session that ended, failed,
 * was failed by failover or orphan handling, or was abandoned before its page opened, holds
 * nothing, without anyone having to release it.
 *
 * A persisting session's hold creates the row before anything is saved (sealed null, a
 * placeholder) so the hold has a place. A placeholder exists for readers (0 bytes, its holder)
 * only while its holder is active; its release deletes it, and one whose holder ended without a
 * release is absent to every reader and taken over by the next hold: a persisting session that
 * never saved leaves no empty profile behind.
 */
export interface ProfileStore {
  /**
   * Claims profile `name` for writing by `sessionId`, which must be an active session (hold after
   * admitSession wrote its row; rejects otherwise). Answers the holder when another active session
   * holds it; holding it again as its holder answers held. Creates the placeholder if absent.
   */
  holdProfile(input: { accountId: string; name: string; sessionId: string; now: number }): Promise<ProfileHold>;
  /** Gives up `sessionId`'s hold, if it has it; a placeholder left unsaved and unheld is deleted. */
  releaseProfile(input: { accountId: string; name: string; sessionId: string }): Promise<void>;
  /** The profile with its sealed state (null while never saved), or undefined when it does not exist (a placeholder nobody holds counts as absent). */
  readProfile(accountId: string, name: string): Promise<ProfileRecord | undefined>;
  /**
   * Saves the sealed state and its summary (created when absent; created_at kept once saved,
   * updated_at = now, last_session = sessionId). Rejects with 409 profile_in_use, writing nothing,
   * while another active session holds it: a writer whose hold was lost never overwrites the holder's state.
   */
  writeProfile(input: { accountId: string; name: string; sessionId: string; sealed: Buffer; summary: ProfileSummary; now: number }): Promise<void>;
  /** The account's profiles by name, `limit` at a time; `after` is a `nextCursor` (rejects with 400 invalid_request when malformed). */
  listProfiles(query: { accountId: string; limit: number; after?: string }): Promise<ProfilePage>;
  /** Deletes the profile unless an active session holds it (then answers that session); 'missing' when it does not exist. */
  deleteProfile(accountId: string, name: string): Promise<'deleted' | 'missing' | { holder: string }>;
}

/**
 * Webhooks (issue 32): a key's URL and sealed secret, a session's target, and its events as an
 * outbox. A session's end enqueues its event inside endSession's own transaction (and so do
 * failOrphanedSessions and failStaleNodes), so an end that was written is never without its event;
 * a session without a target gets no row. Events of one session go out in order: one is claimable
 * only when every earlier one of its session was delivered or given up. A claim is a lease held in
 * the row, taken inside one transaction (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock), so
 * of any number of workers on any node exactly one holds an event at a time, and a delivered or
 * failed event is never claimed again.
 */
export interface WebhookStore {
  /** Sets a key's webhook: `url` when given (null clears it), `sealedSecret` when given; a key without one needs a secret. Rejects an unknown key. */
  setKeyWebhook(input: { keyId: string; url?: string | null; sealedSecret?: Buffer; now: number }): Promise<KeyWebhook>;
  /** The key's webhook, or undefined when it has no secret yet. */
  keyWebhook(keyId: string): Promise<KeyWebhook | undefined>;
  /** Makes `url` the target of the admitted session's events; it goes with the row if the session is abandoned. */
  watchSession(target: SessionWebhook): Promise<void>;
  /** The session's target, or undefined. */
  sessionWebhook(sessionId: string): Promise<SessionWebhook | undefined>;
  /** Enqueues an event of the session after its earlier ones; null (nothing written) when the session has no target. */
  enqueueWebhook(input: { sessionId: string; type: WebhookEventType; data: unknown; now: number }): Promise<string | null>;
  /** Claims the next due event for one attempt until `now + leaseMs`, or undefined when none is due. */
  claimWebhook(input: { now: number; leaseMs: number }): Promise<WebhookClaim | undefined>;
  /** The earliest time an event is due (a retry's or a lease's end), or null when none is pending. */
  nextWebhookDue(): Promise<number | null>;
  /** Records the claimed attempt and its outcome; false (nothing written) when `lease` no longer holds the event. */
  finishWebhook(input: { id: string; lease: string; attempt: WebhookAttempt; outcome: WebhookOutcome }): Promise<boolean>;
  /** The session's events, in order, each with its attempts in order. */
  webhookDeliveries(sessionId: string): Promise<WebhookDelivery[]>;
  /** Deletes events delivered or given up before `before`, with their attempts; answers how many. */
  pruneWebhooks(before: number): Promise<number>;
}

/** The whole storage layer; see the header of this file for what every implementation guarantees. */
export interface Store extends AccountStore, KeyStore, SessionStore, IdempotencyStore, LedgerStore, JournalStore, RateStore, SelectorStore, NodeStore, ProfileStore, WebhookStore {
  /** Which implementation this is, for logs and /health. */
  readonly kind: 'sqlite' | 'postgres';
  /** Waits for work under way, then closes every connection; the store is unusable afterwards. */
  close(): Promise<void>;
}

