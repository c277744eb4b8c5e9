import type { JournalStore } from '../store/types.js';
import type { JournalEvent, JournalInput, JournalSink } from './events.js';
import { FLUSH_DELAY_MS } from './limits.js';
import { scrub, secretForms } from './redact.js';

/** Secrets shorter than this are redacted where they were given, but not searched for in other text (a one-letter value would eat every word). */
const MIN_SCRUBBED_LENGTH = 4;

/** What a Journal is built with. */
export interface JournalOptions {
  /** Milliseconds since the epoch, for each event's `at`. */
  now: () => number;
  /** How long an event may wait in memory before a timer writes it (default FLUSH_DELAY_MS). */
  flushDelayMs?: number;
  /** Told when a batch could not be written (the events are dropped: a journal never stops a session). */
  onWriteError?: (error: unknown) => void;
}

/** Called with each event as it is recorded. */
export type JournalListener = (event: JournalEvent) => void;

/**
 * One session's journal: numbers events 1, 2, 3..., hands each to live listeners at once, and
 * writes them in batches (flush) rather than one transaction per event, since every commit is a
 * disk sync. The `ended` event is the last: recording it writes everything and closes the journal.
 */
export class Journal implements JournalSink {
  private next = 1;
  private buffer: JournalEvent[] = [];
  private readonly listeners = new Set<JournalListener>();
  private readonly secrets: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The last batch being written; the next waits for it. */
  private writing: Promise<void> | null = null;

  constructor(
    readonly sessionId: string,
    private readonly store: JournalStore,
    private readonly options: JournalOptions,
  ) {}

  /** True once `ended` was recorded: nothing more is. */
  get ended(): boolean {
    return this.closed;
  }

  /** The number of the newest event recorded, 0 before the first. */
  get lastId(): number {
    return this.next - 1;
  }

  /** Values to scrub from every later event wherever they appear (typed secrets, the create's cookie values). */
  addSecrets(values: readonly string[]): void {
    for (const value of values) {
      if (value.length < MIN_SCRUBBED_LENGTH) continue;
      for (const form of secretForms(value)) if (!this.secrets.includes(form)) this.secrets.push(form);
    }
    this.secrets.sort((a, b) => b.length - a.length);
  }

  /** Numbers and stamps `input`, gives it to the listeners and buffers it; ignored once the journal ended. */
  record(input: JournalInput): void {
    if (this.closed) return;
    const event = scrub<JournalEvent>({ id: this.next++, at: new Date(this.options.now()).toISOString(), ...input }, this.secrets);
    this.buffer.push(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own (a stream gone): the journal goes on.
      }
    }
    if (event.type === 'ended') {
      this.closed = true;
      void this.flush();
      this.listeners.clear();
    } else {
      this.timer ??= setTimeout(() => void this.flush(), this.options.flushDelayMs ?? FLUSH_DELAY_MS).unref();
    }
  }

  /** Writes what is buffered, in one transaction, after the batches before it; resolves once written (or its failure reported). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0) return this.writing ?? Promise.resolve();
    const batch = this.buffer;
    this.buffer = [];
    const write = (): Promise<void> => this.store.appendEvents(this.sessionId, batch).catch((error: unknown) => this.options.onWriteError?.(error));
    // Batches commit in order (the bound trims by the newest number): the next starts once the one before has committed.
    const written = this.writing ? this.writing.then(write) : write();
    this.writing = written;
    void written.then(() => {
      if (this.writing === written) this.writing = null;
    });
    return written;
  }

  /** Events after `after`, up to `limit`, from the store once everything recorded so far is written. */
  async read(after: number, limit: number): Promise<JournalEvent[]> {
    await this.flush();
    return this.store.readEvents(this.sessionId, after, limit);
  }

  /** Calls `listener` with every event recorded from now on; returns the unsubscribe. Nothing is called once the journal ended. */
  subscribe(listener: JournalListener): () => void {
    if (this.closed) return () => {};
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many listeners are subscribed (a disconnected client must leave none). */
  get listenerCount(): number {
    return this.listeners.size;
  }
}
