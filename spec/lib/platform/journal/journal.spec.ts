import { expect } from 'chai';
import { newSessionId } from '../../../../lib/platform/ids.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Journal } from '../../../../lib/platform/journal/journal.js';
import type { JournalEvent } from '../../../../lib/platform/journal/events.js';
import { JOURNAL_RETENTION_MS, MAX_JOURNAL_EVENTS } from '../../../../lib/contract/response/events.js';
import { closeOrphanJournals } from '../../../../lib/platform/journal/orphans.js';
import { pruneEnded } from '../../../../lib/platform/journal/retention.js';
import { type SqliteStore } from '../../../../lib/platform/store/sqlite/index.js';
import { tracePath } from '../../../../lib/platform/traces.js';
import { freshStore, seedKey, sessionFor, T0 } from '../store/fixtures.js';

const NO_USAGE = { seconds: 1, bytesDatacenter: 0, bytesResidential: 0, aiTokens: 0, captchaSolves: 0 };

/** The store with its batch writes counted. */
function counted(store: SqliteStore): { store: SqliteStore; batches: () => number } {
  let batches = 0;
  const spy = Object.create(store) as SqliteStore;
  spy.appendEvents = (id, events) => {
    batches++;
    return store.appendEvents(id, events);
  };
  return { store: spy, batches: () => batches };
}

describe('Journal#record()', () => {
  const fresh = freshStore();
  let now = T0;
  const journalOf = (store: SqliteStore, flushDelayMs = 60_000) => new Journal('ses_j', store, { now: () => now, flushDelayMs });

  it('numbers events 1, 2, 3 in order and stamps them with the clock', async () => {
    const journal = journalOf(fresh.store);
    journal.record({ type: 'act.started', act_id: 'a' });
    now += 1500;
    journal.record({ type: 'page.error', message: 'boom' });
    journal.record({ type: 'console.error', message: 'bad' });
    const events = await journal.read(0, 10);
    expect(events.map((e) => [e.id, e.type])).to.deep.equal([[1, 'act.started'], [2, 'page.error'], [3, 'console.error']]);
    expect(events[1]!.at).to.equal(new Date(T0 + 1500).toISOString());
    expect(journal.lastId).to.equal(3);
  });

  it('gives listeners each event at once and writes nothing until a flush, then all in one batch', async () => {
    const { store, batches } = counted(fresh.store);
    const journal = journalOf(store);
    const heard: number[] = [];
    journal.subscribe((event) => heard.push(event.id));
    for (let i = 0; i < 10; i++) journal.record({ type: 'console.error', message: `m${i}` });
    expect(heard).to.have.length(10);
    expect(fresh.store.sync.readEvents('ses_j', 0, 100)).to.deep.equal([]);
    expect(batches()).to.equal(0);
    await journal.flush();
    expect(batches()).to.equal(1);
    expect(fresh.store.sync.readEvents('ses_j', 0, 100)).to.have.length(10);
  });

  it('writes on its timer when nothing else does', async () => {
    const journal = journalOf(fresh.store, 5);
    journal.record({ type: 'act.started', act_id: 'a' });
    for (let i = 0; i < 100 && fresh.store.sync.readEvents('ses_j', 0, 10).length === 0; i++) await sleep(5);
    expect(fresh.store.sync.readEvents('ses_j', 0, 10).map((e) => e.type)).to.deep.equal(['act.started']);
  });

  it('writes everything when ended is recorded, and records nothing after it', () => {
    const journal = journalOf(fresh.store);
    let heard = 0;
    const unsubscribe = journal.subscribe(() => heard++);
    journal.record({ type: 'act.started', act_id: 'a' });
    journal.record({ type: 'ended', status: 'closed', error_code: null, error_message: null });
    journal.record({ type: 'console.error', message: 'late' });
    expect(fresh.store.sync.readEvents('ses_j', 0, 10).map((e) => e.type)).to.deep.equal(['act.started', 'ended']);
    expect(journal.ended).to.equal(true);
    expect(journal.listenerCount).to.equal(0);
    expect(heard).to.equal(2);
    unsubscribe();
    expect(journal.subscribe(() => heard++)).to.be.a('function');
    expect(journal.listenerCount).to.equal(0);
  });

  it('stops calling a listener once it unsubscribed', () => {
    const journal = journalOf(fresh.store);
    const heard: number[] = [];
    const unsubscribe = journal.subscribe((event) => heard.push(event.id));
    journal.record({ type: 'act.started', act_id: 'a' });
    unsubscribe();
    journal.record({ type: 'act.started', act_id: 'b' });
    expect(heard).to.deep.equal([1]);
    expect(journal.listenerCount).to.equal(0);
  });

  it('scrubs secrets it was given from every later event, as typed and URL-encoded', async () => {
    const journal = journalOf(fresh.store);
    journal.addSecrets(['hunter 2&x', 'ab']);
    journal.record({ type: 'navigation', url: 'http://site.test/login?user=me&password=hunter+2%26x', status: 200 });
    journal.record({ type: 'console.error', message: 'wrong password: hunter 2&x; ab stays' });
    const text = JSON.stringify(await journal.read(0, 10));
    expect(text).not.to.include('hunter');
    expect(text).to.include('password=[redacted]');
    // Values under four characters are redacted where given, not hunted for in other text.
    expect(text).to.include('ab stays');
  });
});

describe('SqliteStore#appendEvents()', () => {
  const fresh = freshStore();

  it(`keeps the newest ${MAX_JOURNAL_EVENTS} events of a session`, async () => {
    const journal = new Journal('ses_big', fresh.store, { now: () => T0 });
    const other = new Journal('ses_small', fresh.store, { now: () => T0 });
    other.record({ type: 'act.started', act_id: 'x' });
    await other.flush();
    for (let i = 0; i < MAX_JOURNAL_EVENTS + 3; i++) {
      journal.record({ type: 'console.error', message: String(i) });
      if (i % 1000 === 999) await journal.flush();
    }
    await journal.flush();
    const count = fresh.store.db.prepare("SELECT count(*) FROM journal_events WHERE session_id = 'ses_big'").pluck().get();
    expect(count).to.equal(MAX_JOURNAL_EVENTS);
    expect(fresh.store.sync.readEvents('ses_big', 0, 2).map((e) => e.id)).to.deep.equal([4, 5]);
    expect(fresh.store.sync.lastEventId('ses_big')).to.equal(MAX_JOURNAL_EVENTS + 3);
    expect(fresh.store.sync.readEvents('ses_small', 0, 10)).to.have.length(1);
  });
});

describe('pruneEnded()', () => {
  const fresh = freshStore();
  // Trace files are named by real session ids only.
  const [OLD, RECENT, LIVE] = ['old', 'recent', 'live'].map((name) => `ses_${name.padEnd(24, '0')}`) as [string, string, string];

  function sessionWithJournal(id: string, endedAt: number | null): void {
    const { record } = seedKey(fresh.store);
    fresh.store.sync.insertSession(sessionFor(record, T0, id));
    if (endedAt !== null) fresh.store.sync.endSession({ id, status: 'closed', endedAt, usage: NO_USAGE });
    const event: JournalEvent = { id: 1, at: new Date(T0).toISOString(), type: 'act.started', act_id: 'a' };
    fresh.store.sync.appendEvents(id, [event]);
    const trace = tracePath(fresh.dir, id);
    mkdirSync(dirname(trace), { recursive: true });
    writeFileSync(trace, 'zip');
  }

  it('deletes the journals and traces of sessions ended more than 24 h ago, and only those', async () => {
    const now = T0 + 2 * JOURNAL_RETENTION_MS;
    sessionWithJournal(OLD, now - JOURNAL_RETENTION_MS - 1000);
    sessionWithJournal(RECENT, now - JOURNAL_RETENTION_MS + 1000);
    sessionWithJournal(LIVE, null);
    expect(await pruneEnded(fresh.store, fresh.dir, now)).to.equal(1);
    expect(fresh.store.sync.readEvents(OLD, 0, 10)).to.deep.equal([]);
    expect(existsSync(tracePath(fresh.dir, OLD))).to.equal(false);
    for (const kept of [RECENT, LIVE]) {
      expect(fresh.store.sync.readEvents(kept, 0, 10), kept).to.have.length(1);
      expect(existsSync(tracePath(fresh.dir, kept)), kept).to.equal(true);
    }
    // The session rows stay: they are billing records.
    expect(fresh.store.sync.getSession(OLD)?.status).to.equal('closed');
    expect(await pruneEnded(fresh.store, fresh.dir, now)).to.equal(0);
  });
});

describe('closeOrphanJournals()', () => {
  const fresh = freshStore();

  it('ends the journal of a session a previous process left active with an ended event after its last', async () => {
    const { record } = seedKey(fresh.store);
    const orphan = newSessionId('n1');
    fresh.store.sync.insertSession(sessionFor(record, T0, orphan));
    fresh.store.sync.appendEvents(orphan, [{ id: 1, at: new Date(T0).toISOString(), type: 'act.started', act_id: 'a' }]);
    const orphans = fresh.store.sync.failOrphanedSessions(T0 + 5000, 'n1');
    await closeOrphanJournals(fresh.store, orphans);
    const events = fresh.store.sync.readEvents(orphan, 0, 10);
    expect(events.map((e) => [e.id, e.type])).to.deep.equal([[1, 'act.started'], [2, 'ended']]);
    expect(events[1]).to.deep.include({ status: 'failed', error_code: 'engine_failure' });
  });
});
