import type { JournalEvent } from '../../contract/response/events.js';

export type { JournalEvent } from '../../contract/response/events.js';

/** The event kinds: transition, act.received, step, navigation, ..., ended. */
export type JournalEventType = JournalEvent['type'];

type WithoutStamp<E> = E extends unknown ? Omit<E, 'id' | 'at'> : never;

/** What a source hands the journal: an event without its number and time, which the journal gives it. */
export type JournalInput = WithoutStamp<JournalEvent>;

/** What the sources in lib/ (the step runner, navigation checks) and actors/ write to; a session's Journal is one. */
export interface JournalSink {
  record(event: JournalInput): void;
  /** Values to scrub from every later event wherever they appear (what a step types or fills). */
  addSecrets(values: readonly string[]): void;
}
