// The values the store takes and answers, shared by every implementation (./types.ts).
// Times are milliseconds since the epoch unless a name says otherwise.
import type { PlanName } from '../../contract/plans.js';

/** An account: one plan and one credit pool shared by its keys (decisions.md). */
export interface Account {
  id: string;
  plan: PlanName;
  createdAt: number;
}

/** A stored API key: never the key itself, only what identifies and governs it. */
export interface ApiKeyRecord {
  id: string;
  accountId: string;
  /** The first 16 characters of the key, for people to recognise it. */
  prefix: string;
  test: boolean;
  /** The effective plan: the account's for a live key, the key's own for a test key. */
  plan: PlanName;
  createdAt: number;
  revokedAt: number | null;
}

/** A session's stored status; the API shows `expired` as `closed` (decisions.md). */
export type SessionStatus = 'active' | 'closed' | 'expired' | 'failed';

/** A session as stored. */
export interface SessionRow {
  id: string;
  keyId: string;
  accountId: string;
  test: boolean;
  status: SessionStatus;
  startedAt: number;
  expiresAt: number;
  endedAt: number | null;
  timeoutSeconds: number;
  errorCode: string | null;
  errorMessage: string | null;
}

/**
 * What `insertSession` and `admitSession` need. A new session is always active and only
 * `endSession` ends it (that is what writes the usage row), so the ended-state fields may be
 * passed only with their initial values.
 */
export type NewSessionRow = Pick<SessionRow, 'id' | 'keyId' | 'accountId' | 'test' | 'startedAt' | 'expiresAt' | 'timeoutSeconds'> &
  Partial<{ status: 'active'; endedAt: null; errorCode: null; errorMessage: null }>;

/** What `admitSession` answers: the rows it wrote, in order, or why it wrote none (what a 429 rate_limited says). */
export type SessionAdmission =
  | { admitted: true; sessions: SessionRow[] }
  | {
      admitted: false;
      /** The key's active sessions counted, opening ones included (at least the limit). */
      active: number;
      /** Whole seconds (1 to 60) until the earliest of them expires: the 429's Retry-After. */
      retryAfterSeconds: number;
    };

/** What a session consumed, measured by the session actor (interface.md 8.4). */
export interface UsageInput {
  seconds: number;
  bytesDatacenter: number;
  bytesResidential: number;
  aiTokens: number;
  captchaSolves: number;
}

/** The one usage row of an ended session; quantities are whole numbers, seconds rounded up. */
export interface UsageRow extends UsageInput {
  sessionId: string;
  test: boolean;
  createdAt: number;
}

/** One page of a key's sessions, newest first. */
export interface SessionPage {
  sessions: SessionRow[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Which claim an Idempotency-Key names: the API key's, within `scope` (the caller's choice of what
 * else the key is per; http/idempotency.ts gives '' for a create and the session's id for an act).
 */
export interface IdempotencyClaim {
  keyId: string;
  scope: string;
  idemKey: string;
}

/** What `beginIdempotent` found: go ahead, wait, refuse, or replay the stored response. */
export type IdempotencyBegin =
  | { state: 'new' }
  | { state: 'pending' }
  | { state: 'conflict' }
  | { state: 'replay'; status: number; body: string; requestId: string };

export type { LedgerEntry, LedgerKind, SessionBill } from '../billing/ledger.js';

/** The verdict on one request of a key against its rate limit, with what the X-RateLimit headers say. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix time (s) when the oldest counted request leaves the window. */
  resetAt: number;
  /** Seconds until a refused request may be retried. */
  retryAfter: number;
}

/** Where an AI-resolved selector is kept: one account, one domain, one description. */
export interface SelectorKey {
  accountId: string;
  domain: string;
  description: string;
}

/** What a profile's saved state holds, counted when it was saved (never its content). */
export interface ProfileSummary {
  /** The origins whose localStorage or IndexedDB it holds, in the order saved. */
  origins: string[];
  cookies: number;
  /** The size of the saved state as plaintext JSON, UTF-8, before compression and encryption. */
  bytes: number;
}

/** A profile as listed: its summary, times, last writer and the active session holding it, if any. */
export interface ProfileRow extends ProfileSummary {
  accountId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** The session that last saved it; null while never saved. */
  lastSession: string | null;
  /** The active session holding it for writing; null when none does (a hold by an ended session is none). */
  holder: string | null;
}

/** A profile with its sealed (encrypted) state: null while it was never saved (a persisting session has claimed it but not saved yet). */
export interface ProfileRecord extends ProfileRow {
  sealed: Buffer | null;
}

/** What `holdProfile` answers: the hold is the caller's, or which active session has it. */
export type ProfileHold = { held: true } | { held: false; holder: string };

/** One page of an account's profiles, by name. */
export interface ProfilePage {
  profiles: ProfileRow[];
  hasMore: boolean;
  nextCursor: string | null;
}
