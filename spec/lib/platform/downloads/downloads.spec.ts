import { expect } from 'chai';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOWNLOAD_RETENTION_MS } from '../../../../lib/contract/response/download.js';
import { downloadsFolder, keptPath, manifestPath, newDownloadId, sessionDownloadsFolder } from '../../../../lib/platform/downloads/folder.js';
import { openDownload } from '../../../../lib/platform/downloads/kept.js';
import { readManifest, writeManifest } from '../../../../lib/platform/downloads/manifest.js';
import { sweepDownloads } from '../../../../lib/platform/downloads/sweep.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import type { SessionRow } from '../../../../lib/platform/store/index.js';

describe('lib/platform/downloads', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tabwright-kept-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names paths only from ids of our own making', () => {
    const id = newSessionId();
    for (const bad of ['../x', 'manifest.json', 'dl_../../etc', '', `${newDownloadId()}/..`]) expect(() => keptPath(dataDir, id, bad), bad).to.throw('not a download id');
    for (const bad of ['../x', 'ses_../../etc']) expect(() => sessionDownloadsFolder(dataDir, bad), bad).to.throw('not a session id');
  });

  it('reads back what it wrote, and an unreadable or hostile manifest as no downloads', () => {
    const id = newSessionId();
    expect(readManifest(dataDir, id)).to.deep.equal([]);
    const item = { id: newDownloadId(), name: 'r.csv', mime: 'text/csv', bytes: 3, url: 'http://a.test/r', complete: true };
    writeManifest(dataDir, id, [item]);
    expect(readManifest(dataDir, id)).to.deep.equal([item]);
    writeFileSync(manifestPath(dataDir, id), JSON.stringify({ downloads: [{ ...item, id: '../../tabwright.db' }] }));
    expect(readManifest(dataDir, id)).to.deep.equal([]);
    writeFileSync(manifestPath(dataDir, id), '{not json');
    expect(readManifest(dataDir, id)).to.deep.equal([]);
  });

  it('opens a complete download, and tells unknown, incomplete and missing ones apart', async () => {
    const id = newSessionId();
    const [done, cut, lost] = [newDownloadId(), newDownloadId(), newDownloadId()];
    const items = [
      { id: done, name: 'a', mime: 'text/plain', bytes: 2, url: '', complete: true },
      { id: cut, name: 'b', mime: 'text/plain', bytes: 9, url: '', complete: false },
      { id: lost, name: 'c', mime: 'text/plain', bytes: 2, url: '', complete: true },
    ];
    mkdirSync(sessionDownloadsFolder(dataDir, id), { recursive: true });
    writeFileSync(keptPath(dataDir, id, done), 'hi');
    const opened = await openDownload(dataDir, id, done, items);
    expect('bytes' in opened && opened.bytes).to.equal(2);
    if ('stream' in opened) opened.stream.destroy();
    expect(await openDownload(dataDir, id, cut, items)).to.deep.include({ missing: 'incomplete' });
    expect(await openDownload(dataDir, id, lost, items)).to.deep.include({ missing: 'gone' });
    expect(await openDownload(dataDir, id, '../manifest.json', items)).to.deep.equal({ missing: 'unknown' });
  });

  it('sweeps the folders of sessions ended over 24 h ago, unknown ones and strays; keeps live and recent ones', async () => {
    const now = 10 * DOWNLOAD_RETENTION_MS;
    const [old, recent, live, unknown] = [newSessionId(), newSessionId(), newSessionId(), newSessionId()];
    const rows: Record<string, Partial<SessionRow>> = { [old]: { endedAt: now - DOWNLOAD_RETENTION_MS - 1 }, [recent]: { endedAt: now - 1000 }, [live]: { endedAt: null } };
    for (const id of [old, recent, live, unknown]) writeManifest(dataDir, id, []);
    mkdirSync(join(sessionDownloadsFolder(dataDir, recent), 'incoming'));
    mkdirSync(join(downloadsFolder(dataDir), 'stray'));
    const store = { getSession: (id: string) => Promise.resolve(rows[id] as SessionRow | undefined) };
    expect(await sweepDownloads(store, dataDir, now)).to.equal(3);
    expect(readdirSync(downloadsFolder(dataDir)).sort()).to.deep.equal([recent, live].sort());
    expect(readdirSync(sessionDownloadsFolder(dataDir, recent))).to.deep.equal(['manifest.json']);
    expect(await sweepDownloads(store, join(dataDir, 'nowhere'), now)).to.equal(0);
    expect(existsSync(dataDir)).to.equal(true);
  });
});
