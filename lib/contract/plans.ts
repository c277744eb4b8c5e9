/** The plan names of interface.md 8.2, as stored in the database and typed on the command line. */
export type PlanName = 'trial' | 'starter' | 'pro' | 'scale';

/** One row of the plan table (interface.md 8.2); the price is not a limit, so it is left out. */
export interface Plan {
  readonly name: PlanName;
  readonly creditsPerMonth: number;
  readonly concurrentSessions: number;
  readonly maxSessionSeconds: number;
  readonly requestsPerMinute: number;
}

/** The four plans of interface.md 8.2, keyed by name. */
export const PLANS: Readonly<Record<PlanName, Plan>> = {
  trial: { name: 'trial', creditsPerMonth: 5_000, concurrentSessions: 1, maxSessionSeconds: 300, requestsPerMinute: 60 },
  starter: { name: 'starter', creditsPerMonth: 500_000, concurrentSessions: 5, maxSessionSeconds: 900, requestsPerMinute: 600 },
  pro: { name: 'pro', creditsPerMonth: 2_000_000, concurrentSessions: 50, maxSessionSeconds: 1_800, requestsPerMinute: 1_200 },
  scale: { name: 'scale', creditsPerMonth: 10_000_000, concurrentSessions: 100, maxSessionSeconds: 3_600, requestsPerMinute: 3_000 },
};

/** The plan names in table order, for usage text and validation messages. */
export const PLAN_NAMES: readonly PlanName[] = ['trial', 'starter', 'pro', 'scale'];

/** True when `value` names one of the four plans (input from the command line or the database). */
export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}
