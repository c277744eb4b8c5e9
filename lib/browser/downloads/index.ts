// A session's downloads (issue 32): kept in its own folder under the data folder, metered against
// its plan, listed in the envelope and served by GET /v1/sessions/{id}/downloads. The hub takes
// them over from Chromium; naming reads what the server and the page said of them.
import type { Browser, BrowserContext, CDPSession, Response } from 'playwright';
import { DownloadHub } from './hub.js';
import { SessionDownloads, type DownloadLimits } from './session-downloads.js';

export { SessionDownloads, type DownloadLimits } from './session-downloads.js';
export { DownloadHub } from './hub.js';

/** How long an act's answer waits for downloads still arriving when its steps are done. */
export const DOWNLOAD_SETTLE_MS = 10_000;

/** Where and within what bounds a session keeps its downloads. */
export interface KeepOptions {
  dataDir: string;
  sessionId: string;
  limits: DownloadLimits;
}

/**
 * From now on, keeps what `context`'s pages download for session `options.sessionId`. `page` is a
 * CDP session of one of its pages (it names the context). Two round trips at open, none per act:
 * a session whose pages download nothing costs nothing more, and writes nothing to disk.
 */
export async function keepDownloads(browser: Browser, context: BrowserContext, page: CDPSession, options: KeepOptions): Promise<SessionDownloads> {
  const [hub, { targetInfo }] = await Promise.all([DownloadHub.of(browser), page.send('Target.getTargetInfo')]);
  const contextId = targetInfo.browserContextId ?? '';
  const downloads = new SessionDownloads(options.dataDir, options.sessionId, options.limits, (guid) => hub.cancel(contextId, guid));
  const onResponse = (response: Response): void => {
    // Only a response that says how to save it can become a download worth a name from its headers.
    const headers = response.headers();
    const disposition = headers['content-disposition'];
    if (disposition) downloads.noteResponse(response.url(), { disposition, contentType: headers['content-type'] });
  };
  context.on('response', onResponse);
  const stop = await hub.keep(contextId, downloads);
  downloads.release = () => {
    stop();
    context.off('response', onResponse);
  };
  return downloads;
}
