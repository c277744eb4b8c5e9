// One session's downloads as they arrive: each begun one gets an id and a place in the list,
// is metered against the plan's bounds as its bytes arrive (cut over them), and when complete is
// moved from Chromium's incoming folder to its kept name. The list goes to disk (the manifest)
// each time a download begins, completes or is cut, so it outlives the session.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DownloadCutReason, DownloadItem } from '../../contract/response/download.js';
import { MAX_DOWNLOADS_PER_SESSION } from '../../contract/response/download.js';
import type { Plan } from '../../contract/plans.js';
import type { JournalSink } from '../../platform/journal/events.js';
import { incomingFolder, keptPath, newDownloadId, sessionDownloadsFolder } from '../../platform/downloads/folder.js';
import { writeManifest } from '../../platform/downloads/manifest.js';
import { downloadMime, downloadName, downloadUrl, type ResponseHints } from './naming.js';

/** The plan's bounds on a session's downloads. */
export type DownloadLimits = Pick<Plan, 'downloadFileBytes' | 'downloadSessionBytes' | 'downloadsPerSession'>;

/** What Chromium says of a download as it goes (Browser.downloadProgress). */
export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number;
  state: 'inProgress' | 'completed' | 'canceled';
}

/** How many downloads refused for the count are journaled; the rest are only stopped. */
const JOURNALED_REFUSALS = 10;

/** How many responses' names and types are remembered until a download claims one. */
const HINTS_KEPT = 32;

interface Entry {
  item: DownloadItem;
  guid: string;
  state: 'arriving' | 'complete' | 'cut';
}

/** A session's downloads: fed by the hub (lib/browser/downloads/hub.ts), read by the envelope and the routes. */
export class SessionDownloads {
  private readonly entries: Entry[] = [];
  private readonly byGuid = new Map<string, Entry>();
  private readonly hints = new Map<string, ResponseHints>();
  private readonly waiters = new Set<() => void>();
  private journal: JournalSink | undefined;
  /** Stops the hub's reports (set by keepDownloads). */
  release: () => void = () => undefined;
  private closing = false;
  /** Downloads refused for the count so far. */
  private refused = 0;

  constructor(
    private readonly dataDir: string,
    private readonly sessionId: string,
    private readonly limits: DownloadLimits,
    /** Asks Chromium to stop download `guid` (Browser.cancelDownload). */
    private readonly cancel: (guid: string) => Promise<void>,
  ) {}

  /** Where Chromium writes this session's downloads while they arrive. */
  get incoming(): string {
    return incomingFolder(this.dataDir, this.sessionId);
  }

  /** From now on, completed and cut downloads are journaled in `journal`. */
  attachJournal(journal: JournalSink): void {
    this.journal = journal;
  }

  /** Remembers what a response with a Content-Disposition said, for the download it may become (matched by URL). */
  noteResponse(url: string, hints: ResponseHints): void {
    this.hints.delete(url);
    this.hints.set(url, hints);
    if (this.hints.size > HINTS_KEPT) this.hints.delete(this.hints.keys().next().value as string);
  }

  /** Whether Chromium's file for download `guid` is in this session's incoming folder (how a frame's download finds its session). */
  holds(guid: string): boolean {
    return existsSync(join(this.incoming, guid)) || existsSync(join(this.incoming, `${guid}.crdownload`));
  }

  /** The downloads so far, oldest first. */
  list(): DownloadItem[] {
    return this.entries.map(({ item }) => ({ ...item }));
  }

  /** True while some download is still arriving. */
  get arriving(): boolean {
    return this.entries.some(({ state }) => state === 'arriving');
  }

  /** Resolves once no download is arriving, or after `ms`, or when `signal` aborts: whichever is first. */
  async settled(ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.arriving || signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal?.addEventListener('abort', done);
    });
  }

  /** Chromium began download `guid` in one of this session's pages. */
  begin(guid: string, url: string, suggested: string | undefined): void {
    if (this.byGuid.has(guid)) return;
    const hints = this.hints.get(url) ?? {};
    const name = downloadName(hints, suggested, url);
    const item: DownloadItem = { id: newDownloadId(), name, mime: downloadMime(hints, name), bytes: 0, url: downloadUrl(url), complete: false };
    const limit = Math.min(this.limits.downloadsPerSession, MAX_DOWNLOADS_PER_SESSION);
    if (this.entries.length >= limit) {
      // Over the count it is stopped and never listed or remembered (a page starting downloads in
      // a loop holds nothing of ours); the first few are journaled.
      void this.cancel(guid).catch(() => undefined);
      this.removeIncoming(guid);
      if (this.refused++ < JOURNALED_REFUSALS) this.journal?.record({ type: 'download.cut', download: item, reason: 'too_many' });
      return;
    }
    const entry: Entry = { item, guid, state: 'arriving' };
    this.byGuid.set(guid, entry);
    this.entries.push(entry);
    this.save();
  }

  /** Chromium's news of download `guid`: bytes so far, or its end. */
  progress(guid: string, progress: DownloadProgress): void {
    const entry = this.byGuid.get(guid);
    if (!entry) return;
    if (entry.state !== 'arriving') {
      // Cut already: whatever Chromium still wrote goes.
      if (progress.state !== 'inProgress') this.removeIncoming(guid);
      return;
    }
    entry.item.bytes = Math.max(entry.item.bytes, progress.receivedBytes);
    if (progress.state === 'canceled') {
      this.cut(entry, this.closing ? 'session_ended' : 'failed');
      return;
    }
    const over = this.over(entry, Math.max(progress.receivedBytes, progress.totalBytes > 0 ? progress.totalBytes : 0));
    if (over) {
      this.cut(entry, over);
      return;
    }
    if (progress.state === 'completed') this.keep(entry);
  }

  /**
   * Stops taking downloads as the session ends: what is still arriving is cut (session_ended)
   * and the incoming folder goes. Called once the context is closed (Chromium stopped them).
   */
  close(): void {
    this.closing = true;
    this.release();
    for (const entry of this.entries) if (entry.state === 'arriving') this.cut(entry, 'session_ended');
    // Partial files go; with nothing kept, so does whatever Chromium made of the folder (one refused for the count).
    rmSync(this.entries.length ? this.incoming : sessionDownloadsFolder(this.dataDir, this.sessionId), { recursive: true, force: true });
    this.wake();
  }

  /** Marks the session as ending: a download Chromium cancels from now on was cut by the end, not by a failure. */
  closeStarted(): void {
    this.closing = true;
  }

  /** The bound `entry` goes over with `bytes` of its own, if any. */
  private over(entry: Entry, bytes: number): DownloadCutReason | undefined {
    if (bytes > this.limits.downloadFileBytes) return 'file_too_large';
    let total = bytes;
    for (const other of this.entries) if (other !== entry && other.state !== 'cut') total += other.item.bytes;
    return total > this.limits.downloadSessionBytes ? 'session_bytes' : undefined;
  }

  private keep(entry: Entry): void {
    const kept = keptPath(this.dataDir, this.sessionId, entry.item.id);
    try {
      renameSync(join(this.incoming, entry.guid), kept);
      entry.item.bytes = statSync(kept).size;
    } catch {
      this.cut(entry, 'failed');
      return;
    }
    const over = this.over(entry, entry.item.bytes);
    if (over) {
      rmSync(kept, { force: true });
      this.cut(entry, over);
      return;
    }
    entry.state = 'complete';
    entry.item.complete = true;
    this.save();
    this.journal?.record({ type: 'download.completed', download: { ...entry.item } });
    this.wake();
  }

  private cut(entry: Entry, reason: DownloadCutReason): void {
    entry.state = 'cut';
    entry.item.complete = false;
    void this.cancel(entry.guid).catch(() => undefined);
    this.removeIncoming(entry.guid);
    this.save();
    this.journal?.record({ type: 'download.cut', download: { ...entry.item }, reason });
    this.wake();
  }

  private removeIncoming(guid: string): void {
    for (const file of [guid, `${guid}.crdownload`]) rmSync(join(this.incoming, file), { force: true });
  }

  private save(): void {
    try {
      writeManifest(this.dataDir, this.sessionId, this.list());
    } catch {
      // A full or failing disk loses the list, not the session: the envelope still has it while it lives.
    }
  }

  private wake(): void {
    if (this.arriving) return;
    for (const waiter of [...this.waiters]) waiter();
  }
}
