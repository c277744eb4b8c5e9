// Monthly billing cycles counted from the account's creation (decisions.md: "Monthly cycle").

/**
 * The start of cycle `n` of an account created at `createdAt` (cycle 0 starts at creation): the same
 * day of the month and time of day, n calendar months later in UTC, on the month's last day when
 * it has no such day (an account made on 31 January renews on 28 or 29 February, then 31 March).
 */
export function cycleStart(createdAt: number, n: number): number {
  const d = new Date(createdAt);
  const month = d.getUTCMonth() + n;
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return Date.UTC(
    d.getUTCFullYear(),
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/** The cycle `at` falls in; times before the account existed count as its first cycle. */
export function cycleIndex(createdAt: number, at: number): number {
  if (at <= createdAt) return 0;
  const from = new Date(createdAt);
  const to = new Date(at);
  let n = Math.max(0, (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth());
  while (n > 0 && cycleStart(createdAt, n) > at) n--;
  while (cycleStart(createdAt, n + 1) <= at) n++;
  return n;
}

/** When the cycle after the one `at` falls in begins. */
export function nextCycleStart(createdAt: number, at: number): number {
  return cycleStart(createdAt, cycleIndex(createdAt, at) + 1);
}
