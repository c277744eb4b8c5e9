// Whether work may start: the plan's session length and concurrency, the credit pool, the quota,
// the machine's memory. Every such rule lives here; the registry asks before it opens a session or
// runs an act. When admitted work runs is the engine gate's (./capacity/gate.ts).
import { nextCycleStart } from './billing/cycle.js';
import { PLANS } from '../contract/plans.js';
import type { MemoryReader } from './capacity/memory.js';
import { ApiError, httpErrors } from '../contract/errors.js';
import type { ApiKeyRecord, Store } from './store/index.js';

/** How long a create refused for memory is told to wait: sessions ending free memory within seconds. */
export const MEMORY_RETRY_AFTER_S = 10;

/** The memory rule: creates are refused while less than `minFreeMb` can be had (0: never). */
export interface MemoryRule {
  read: MemoryReader;
  minFreeMb: number;
}

/** What a page kept ready for the warm start costs, about an idle session (README, Warm start). */
export const READY_PAGE_MB = 70;

/**
 * Whether the warm pool may make one more ready page: only while the memory left after it still
 * lets creates in, so keeping pages ready never makes the service refuse a create for memory.
 */
export function roomForReadyPage(rule: MemoryRule): boolean {
  if (rule.minFreeMb === 0) return true;
  const available = rule.read();
  return available === null || available - READY_PAGE_MB >= rule.minFreeMb;
}

/** The memory as the rule sees it now (GET /health shows it). */
export interface MemoryState {
  /** Megabytes that can still be had; null where the system does not say. */
  availableMb: number | null;
  minFreeMb: number;
  /** True while creates are refused for memory. */
  low: boolean;
}

/** What admission must know of the live sessions of this process; the registry answers. */
export interface LiveSessions {
  /** Credits the account's live-pool sessions have run up and not yet been debited for. */
  unbilledCredits(accountId: string, now: number): number;
}

/** The acting session, as the quota sees it. */
export interface ActingSession {
  accountId: string;
  test: boolean;
  /** Credits this session has run up so far. */
  accrued: number;
}

/** The one place that decides whether a create or an act may go ahead. */
export class Admission {
  constructor(
    private readonly store: Store,
    private readonly live: LiveSessions,
    private readonly memoryRule: MemoryRule = { read: () => null, minFreeMb: 0 },
  ) {}

  /** The machine's memory now, and whether it is below what is kept free. */
  memory(): MemoryState {
    const { minFreeMb } = this.memoryRule;
    const availableMb = this.memoryRule.read();
    return { availableMb, minFreeMb, low: minFreeMb > 0 && availableMb !== null && availableMb < minFreeMb };
  }

  /**
   * A create of session `ids[0]`, or a fork into sessions `ids`, for `key`, each lasting
   * `timeoutSeconds`; all or none: 400 above the plan's session length, 429 rate_limited when they
   * do not all fit under the plan's concurrency (decisions.md), 402 when the credit pool holds less
   * than one credit per new session (a session's first second costs one), 503 engine_unavailable
   * while the machine's memory, less a page's worth for every session beyond the first, is below
   * what is kept free (before a context is built: Chromium out of memory would take every live
   * session with it). Admitted, the sessions' rows are written, still opening: the store counted
   * the key's sessions and took these places in one transaction, so creates racing on any node
   * cannot overshoot the limit. The caller opens each page, then calls openedSession, or
   * abandonSession if it fails.
   */
  async admitCreate(key: ApiKeyRecord, timeoutSeconds: number, now: number, ids: readonly string[]): Promise<void> {
    const plan = PLANS[key.plan];
    if (timeoutSeconds > plan.maxSessionSeconds) {
      throw httpErrors.invalid(
        `timeout ${timeoutSeconds} s is above the ${plan.name} plan's maximum session length of ${plan.maxSessionSeconds} s`,
        { path: 'timeout', expected: `integer from 10 to ${plan.maxSessionSeconds}` },
      );
    }
    const rows = ids.map((id) => ({ id, keyId: key.id, accountId: key.accountId, test: key.test, startedAt: now, expiresAt: now + timeoutSeconds * 1000, timeoutSeconds }));
    const admission = await this.store.admitSession({ rows, limit: plan.concurrentSessions, now });
    if (!admission.admitted) {
      const message =
        ids.length === 1
          ? `This key already has ${plan.concurrentSessions} active session(s), the ${plan.name} plan's limit; close one first`
          : `This key has ${admission.active} active session(s) of the ${plan.name} plan's limit of ${plan.concurrentSessions}: ${ids.length} more do not fit, so none was made`;
      throw new ApiError(
        429,
        'rate_limited',
        message,
        { limit: 'concurrent_sessions', max: plan.concurrentSessions },
        { 'Retry-After': String(admission.retryAfterSeconds) },
      );
    }
    try {
      await this.admitAfterPlace(key, now, ids.length);
    } catch (error) {
      // Refused after all: the places taken are given back before the client hears of it.
      await Promise.all(ids.map((id) => this.store.abandonSession(id)));
      throw error;
    }
  }

  /** The rules that come after the concurrency limit, for `count` new sessions: credits, then memory. */
  private async admitAfterPlace(key: ApiKeyRecord, now: number, count: number): Promise<void> {
    // A live key draws on the account's live pool, a test key on its test pool (decisions.md).
    const balance = await this.store.creditBalance(key.accountId, key.test, now);
    if (balance < count) {
      const pool = key.test ? 'test credits' : 'credits';
      const left = balance <= 0 ? `no ${pool} left` : `${balance} ${pool} left, less than one for each of ${count} new sessions`;
      throw new ApiError(402, 'insufficient_credits', `This account has ${left} this cycle; top up, upgrade, or wait for the next cycle`, {
        balance,
        test: key.test,
      });
    }
    const memory = this.memory();
    const needed = memory.minFreeMb + (count - 1) * READY_PAGE_MB;
    if (memory.low || (count > 1 && memory.minFreeMb > 0 && memory.availableMb !== null && memory.availableMb < needed)) {
      throw httpErrors.engineUnavailable(
        MEMORY_RETRY_AFTER_S,
        count === 1
          ? `The machine has ${memory.availableMb} MB of memory left, below the ${memory.minFreeMb} MB kept free for the live sessions`
          : `The machine has ${memory.availableMb} MB of memory left; ${count} new sessions need about ${needed} MB with the ${memory.minFreeMb} MB kept free for the live sessions`,
      );
    }
  }

  /**
   * An act: 429 quota_exceeded, with Retry-After to the next cycle, once what every live session
   * of the account has run up reaches the balance (the ledger only shows sessions that ended).
   * The caller closes and bills the session before answering with it. Test keys are not held back.
   */
  async actRefusal(session: ActingSession, now: number): Promise<ApiError | undefined> {
    if (session.test) return undefined;
    const unbilled = this.live.unbilledCredits(session.accountId, now);
    const balance = await this.store.creditBalance(session.accountId, false, now);
    if (unbilled < balance) return undefined;
    const { accrued } = session;
    const others = unbilled - accrued;
    return new ApiError(
      429,
      'quota_exceeded',
      `This session has used ${accrued} credits${others > 0 ? ` and the account's other live sessions ${others}` : ''}, reaching the account's remaining ${balance}; it was closed and billed`,
      { accrued, unbilled, balance },
      { 'Retry-After': String(await this.secondsToNextCycle(session.accountId, now)) },
    );
  }

  private async secondsToNextCycle(accountId: string, now: number): Promise<number> {
    const account = await this.store.getAccount(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    return Math.max(1, Math.ceil((nextCycleStart(account.createdAt, now) - now) / 1000));
  }
}
