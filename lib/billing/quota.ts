import { ApiError } from '../errors.js';
import type { Store } from '../store/index.js';
import { nextCycleStart } from './cycle.js';

/** Whole seconds from `now` to the start of the account's next cycle, at least 1 (for Retry-After). */
export function secondsToNextCycle(store: Store, accountId: string, now: number): number {
  const account = store.getAccount(accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  return Math.max(1, Math.ceil((nextCycleStart(account.createdAt, now) - now) / 1000));
}

/** 402 insufficient_credits unless the key's pool (live, or the account's test pool) has credits left. */
export function assertCredits(store: Store, key: { accountId: string; test: boolean }, now: number): void {
  const balance = store.creditBalance(key.accountId, key.test, now);
  if (balance > 0) return;
  const pool = key.test ? 'test credits' : 'credits';
  throw new ApiError(402, 'insufficient_credits', `This account has no ${pool} left this cycle; top up, upgrade, or wait for the next cycle`, {
    balance,
    test: key.test,
  });
}

/**
 * 429 quota_exceeded with Retry-After to the next cycle: what an act gets once the credits the
 * account's live sessions have run up (`unbilled`, this one's `accrued` among them) reach the balance.
 */
export function quotaExceeded(store: Store, accountId: string, used: { accrued: number; unbilled: number }, balance: number, now: number): ApiError {
  const { accrued, unbilled } = used;
  const others = unbilled - accrued;
  return new ApiError(
    429,
    'quota_exceeded',
    `This session has used ${accrued} credits${others > 0 ? ` and the account's other live sessions ${others}` : ''}, reaching the account's remaining ${balance}; it was closed and billed`,
    { accrued, unbilled, balance },
    { 'Retry-After': String(secondsToNextCycle(store, accountId, now)) },
  );
}
