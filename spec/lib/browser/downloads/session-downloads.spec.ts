import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionDownloads, type DownloadLimits } from '../../../../lib/browser/downloads/session-downloads.js';
import { readManifest } from '../../../../lib/platform/downloads/manifest.js';
import { sessionDownloadsFolder } from '../../../../lib/platform/downloads/folder.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import type { JournalInput } from '../../../../lib/platform/journal/events.js';

describe('SessionDownloads (lib/browser/downloads/session-downloads.ts)', () => {
  let dataDir: string;
  let id: string;
  let cancelled: string[];
  let journal: JournalInput[];
  const limits: DownloadLimits = { downloadFileBytes: 100, downloadSessionBytes: 150, downloadsPerSession: 3 };
  const make = (): SessionDownloads => {
    const downloads = new SessionDownloads(dataDir, id, limits, (guid) => {
      cancelled.push(guid);
      return Promise.resolve();
    });
    downloads.attachJournal({ record: (event) => journal.push(event), addSecrets: () => undefined });
    return downloads;
  };
  // What Chromium would have written for download `guid` by its end.
  const arrive = (downloads: SessionDownloads, guid: string, bytes: number): void => {
    mkdirSync(downloads.incoming, { recursive: true });
    writeFileSync(join(downloads.incoming, guid), Buffer.alloc(bytes, 1));
    downloads.progress(guid, { receivedBytes: bytes, totalBytes: bytes, state: 'completed' });
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tabwright-downloads-'));
    id = newSessionId();
    cancelled = [];
    journal = [];
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes nothing for a session that downloads nothing', () => {
    const downloads = make();
    downloads.close();
    expect(existsSync(sessionDownloadsFolder(dataDir, id))).to.equal(false);
    expect(downloads.list()).to.deep.equal([]);
  });

  it('keeps a complete one under its own id and lists it in the manifest', () => {
    const downloads = make();
    downloads.begin('g1', 'http://a.test/r.csv', 'r.csv');
    arrive(downloads, 'g1', 40);
    const [item] = downloads.list();
    expect(item).to.include({ name: 'r.csv', mime: 'text/csv', bytes: 40, complete: true });
    expect(readdirSync(sessionDownloadsFolder(dataDir, id)).sort()).to.deep.equal([item!.id, 'incoming', 'manifest.json'].sort());
    expect(readManifest(dataDir, id)).to.deep.equal([item]);
    expect(journal).to.deep.equal([{ type: 'download.completed', download: item }]);
  });

  it('cuts one over the size per file as it arrives, and one that takes the session over its bytes', () => {
    const downloads = make();
    downloads.begin('big', 'http://a.test/big', undefined);
    downloads.progress('big', { receivedBytes: 101, totalBytes: 0, state: 'inProgress' });
    downloads.begin('a', 'http://a.test/a', undefined);
    arrive(downloads, 'a', 90);
    downloads.begin('b', 'http://a.test/b', undefined);
    downloads.progress('b', { receivedBytes: 10, totalBytes: 70, state: 'inProgress' });
    expect(downloads.list().map(({ complete, bytes }) => ({ complete, bytes }))).to.deep.equal([
      { complete: false, bytes: 101 },
      { complete: true, bytes: 90 },
      { complete: false, bytes: 10 },
    ]);
    expect(cancelled).to.deep.equal(['big', 'b']);
    expect(journal.filter((event) => event.type === 'download.cut').map((event) => (event as { reason: string }).reason)).to.deep.equal(['file_too_large', 'session_bytes']);
  });

  it('cuts what begins past the count without listing it, and what still arrives when the session ends', async () => {
    const downloads = make();
    for (let guid = 1; guid <= 50; guid++) downloads.begin(String(guid), `http://a.test/${guid}`, undefined);
    expect(downloads.list()).to.have.length(3);
    expect(cancelled).to.have.length(47);
    // A page starting downloads in a loop: each is stopped, only the first ten are journaled.
    expect(journal.filter((event) => event.type === 'download.cut')).to.have.length(10);
    journal = [];
    const waiting = downloads.settled(60_000);
    downloads.closeStarted();
    downloads.progress('1', { receivedBytes: 5, totalBytes: 0, state: 'canceled' });
    downloads.close();
    await waiting;
    const reasons = journal.map((event) => (event as { reason?: string }).reason);
    expect(reasons).to.deep.equal(['session_ended', 'session_ended', 'session_ended']);
    expect(readManifest(dataDir, id).every((item) => !item.complete)).to.equal(true);
  });
});
