// How much of a journal is kept, and for how long: one home for the retention policy.

/** The newest events kept per session; older ones are dropped as new ones are written. */
export const MAX_JOURNAL_EVENTS = 5_000;

/** How long a journal (and a trace) stays readable after its session ended. */
export const JOURNAL_RETENTION_MS = 24 * 60 * 60 * 1000;

/** How often `serve` prunes journals past their retention (it also does so at start). */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** How long an event may wait in memory before it is written, when no act or end writes it sooner. */
export const FLUSH_DELAY_MS = 1_000;

/** The longest page and console message kept in an event. */
export const MAX_MESSAGE_LENGTH = 500;
