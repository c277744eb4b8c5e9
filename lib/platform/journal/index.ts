// The event journal of a session (issue 14): event types, redaction, the Journal, retention.
export type { JournalEvent, JournalEventType, JournalInput, JournalSink } from './events.js';
export { Journal, type JournalListener, type JournalOptions } from './journal.js';
export { clipMessage, codeExcerpt, redactStepMessage, redactStepParams, redactUrl, scrub } from './redact.js';
export { FLUSH_DELAY_MS, PRUNE_INTERVAL_MS } from './limits.js';
export { pruneEnded } from './retention.js';
