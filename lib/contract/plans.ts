/** The plan names of interface.md 8.2, as stored in the database and typed on the command line. */
export type PlanName = 'trial' | 'starter' | 'pro' | 'scale';

/** One row of the plan table (interface.md 8.2); the price is not a limit, so it is left out. */
export interface Plan {
  readonly name: PlanName;
  readonly creditsPerMonth: number;
  readonly concurrentSessions: number;
  readonly maxSessionSeconds: number;
  readonly requestsPerMinute: number;
  /** The largest file a session's page may download, in bytes: a bigger one is cut as it arrives. */
  readonly downloadFileBytes: number;
  /** The bytes a session's downloads may take together; the download that goes over is cut. */
  readonly downloadSessionBytes: number;
  /** How many downloads a session may start; later ones are cut at once (at most MAX_DOWNLOADS_PER_SESSION). */
  readonly downloadsPerSession: number;
}

const MiB = 2 ** 20;

/** The four plans of interface.md 8.2, keyed by name. */
export const PLANS: Readonly<Record<PlanName, Plan>> = {
  trial: { name: 'trial', creditsPerMonth: 5_000, concurrentSessions: 1, maxSessionSeconds: 300, requestsPerMinute: 60, downloadFileBytes: 10 * MiB, downloadSessionBytes: 25 * MiB, downloadsPerSession: 10 },
  starter: { name: 'starter', creditsPerMonth: 500_000, concurrentSessions: 5, maxSessionSeconds: 900, requestsPerMinute: 600, downloadFileBytes: 50 * MiB, downloadSessionBytes: 250 * MiB, downloadsPerSession: 50 },
  pro: { name: 'pro', creditsPerMonth: 2_000_000, concurrentSessions: 50, maxSessionSeconds: 1_800, requestsPerMinute: 1_200, downloadFileBytes: 200 * MiB, downloadSessionBytes: 1_024 * MiB, downloadsPerSession: 100 },
  scale: { name: 'scale', creditsPerMonth: 10_000_000, concurrentSessions: 100, maxSessionSeconds: 3_600, requestsPerMinute: 3_000, downloadFileBytes: 500 * MiB, downloadSessionBytes: 2_048 * MiB, downloadsPerSession: 100 },
};

/** The plan names in table order, for usage text and validation messages. */
export const PLAN_NAMES: readonly PlanName[] = ['trial', 'starter', 'pro', 'scale'];

/** True when `value` names one of the four plans (input from the command line or the database). */
export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}
