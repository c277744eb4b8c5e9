// Chromium tells of downloads on the browser's CDP target only (Browser.downloadWillBegin and
// Browser.downloadProgress, to every session that enabled them), naming the frame, not the
// context. So there is one hub per browser: one browser CDP session that takes over download
// behaviour for each session's context (allowAndName: Chromium writes the file under its GUID in
// the folder given, never under a name from the page) and hands each download to its session.
// Playwright keeps its own `acceptDownloads: false` for every other context (the warm pool's).
import { dirname } from 'node:path';
import type { Browser, CDPSession } from 'playwright';
import type { DownloadProgress, SessionDownloads } from './session-downloads.js';

interface WillBegin {
  frameId: string;
  guid: string;
  url: string;
  suggestedFilename?: string;
}

type Progress = DownloadProgress & { guid: string; filePath?: string };

/** A download whose session is not known yet: what it said, kept until it is. */
interface Unplaced {
  begin: WillBegin;
  last?: Progress;
  /** The frame's target is being asked for its context. */
  asking: boolean;
}

/** The most downloads waiting to be placed; the oldest is forgotten past it. */
const MAX_UNPLACED = 256;

const hubs = new WeakMap<Browser, Promise<DownloadHub>>();

/** The downloads of every session's context in one browser. */
export class DownloadHub {
  private readonly contexts = new Map<string, SessionDownloads>();
  private readonly owners = new Map<string, SessionDownloads>();
  private readonly unplaced = new Map<string, Unplaced>();

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('Browser.downloadWillBegin', (event: WillBegin) => this.willBegin(event));
    cdp.on('Browser.downloadProgress', (event: Progress) => this.progress(event));
  }

  /** The hub of `browser`, made (one browser CDP session) by the first session that needs it. */
  static of(browser: Browser): Promise<DownloadHub> {
    let hub = hubs.get(browser);
    if (!hub) {
      hub = browser.newBrowserCDPSession().then((cdp) => new DownloadHub(cdp));
      // A failed start is not kept: the next session tries again.
      hub.catch(() => hubs.delete(browser));
      hubs.set(browser, hub);
    }
    return hub;
  }

  /**
   * Takes over download behaviour for context `contextId`: its downloads go to `downloads`' incoming
   * folder and are reported to it. Returns what stops it (the context is closing).
   */
  async keep(contextId: string, downloads: SessionDownloads): Promise<() => void> {
    await this.cdp.send('Browser.setDownloadBehavior', { behavior: 'allowAndName', browserContextId: contextId, downloadPath: downloads.incoming, eventsEnabled: true });
    this.contexts.set(contextId, downloads);
    return () => {
      this.contexts.delete(contextId);
      for (const [guid, owner] of this.owners) if (owner === downloads) this.owners.delete(guid);
    };
  }

  /** Stops download `guid` of context `contextId`; Chromium then reports it canceled and removes its file. */
  async cancel(contextId: string, guid: string): Promise<void> {
    await this.cdp.send('Browser.cancelDownload', { guid, browserContextId: contextId });
  }

  private willBegin(begin: WillBegin): void {
    const unplaced: Unplaced = { begin, asking: true };
    this.unplaced.set(begin.guid, unplaced);
    // Downloads of contexts no session keeps (Playwright denies them) may never report an end.
    if (this.unplaced.size > MAX_UNPLACED) this.unplaced.delete(this.unplaced.keys().next().value as string);
    // A page's main frame (and an out-of-process frame) is a target that names its context; a
    // frame within a page is not, and is found by the file Chromium starts in its session's folder.
    void this.cdp
      .send('Target.getTargetInfo', { targetId: begin.frameId })
      .then(({ targetInfo }) => this.contexts.get(targetInfo.browserContextId ?? ''), () => undefined)
      .then((owner) => {
        unplaced.asking = false;
        this.place(begin.guid, owner ?? this.byFile(begin.guid, unplaced.last?.filePath));
      });
  }

  private progress(progress: Progress): void {
    const owner = this.owners.get(progress.guid);
    if (owner) {
      owner.progress(progress.guid, progress);
      if (progress.state !== 'inProgress') this.owners.delete(progress.guid);
      return;
    }
    const unplaced = this.unplaced.get(progress.guid);
    if (!unplaced) return;
    unplaced.last = progress;
    if (unplaced.asking) return;
    this.place(progress.guid, this.byFile(progress.guid, progress.filePath));
  }

  /** Hands download `guid` to `owner` with what it said so far; forgets one that ended with no owner found. */
  private place(guid: string, owner: SessionDownloads | undefined): void {
    const unplaced = this.unplaced.get(guid);
    if (!unplaced) return;
    if (!owner) {
      if (unplaced.last && unplaced.last.state !== 'inProgress') this.unplaced.delete(guid);
      return;
    }
    this.unplaced.delete(guid);
    owner.begin(guid, unplaced.begin.url, unplaced.begin.suggestedFilename);
    if (unplaced.last) owner.progress(guid, unplaced.last);
    if (!unplaced.last || unplaced.last.state === 'inProgress') this.owners.set(guid, owner);
  }

  /** The session whose incoming folder holds download `guid`'s file (or the completed file at `filePath`). */
  private byFile(guid: string, filePath: string | undefined): SessionDownloads | undefined {
    for (const downloads of this.contexts.values()) {
      if (filePath ? dirname(filePath) === downloads.incoming : downloads.holds(guid)) return downloads;
    }
    return undefined;
  }
}
