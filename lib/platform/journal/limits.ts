// When the journal writes and prunes; how much it keeps, and for how long, is the contract's
// (MAX_JOURNAL_EVENTS and JOURNAL_RETENTION_MS in lib/contract/response/events.ts).

/** How often `serve` prunes journals past their retention (it also does so at start). */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** How long an event may wait in memory before it is written, when no act or end writes it sooner. */
export const FLUSH_DELAY_MS = 1_000;
