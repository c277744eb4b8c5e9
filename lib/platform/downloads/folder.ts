// Where a session's downloads live: `<data dir>/downloads/<session id>/`, each kept file named by
// its download id (never by a name from the page), the list in `manifest.json` beside them, and
// the files Chromium is still receiving in `incoming/` (named by Chromium's own GUIDs).
import { join } from 'node:path';
import { isDownloadId } from '../../contract/response/download.js';
import { isSessionId, token } from '../ids.js';

/** The folder of every session's downloads under a data folder. */
export const downloadsFolder = (dataDir: string): string => join(dataDir, 'downloads');

/** The folder of session `id`'s downloads; `id` must be a session id (it becomes a folder name). */
export function sessionDownloadsFolder(dataDir: string, id: string): string {
  if (!isSessionId(id)) throw new Error(`not a session id: ${JSON.stringify(id)}`);
  return join(downloadsFolder(dataDir), id);
}

/** Where Chromium writes the session's downloads while they arrive (it names them by GUID). */
export const incomingFolder = (dataDir: string, id: string): string => join(sessionDownloadsFolder(dataDir, id), 'incoming');

/** The list of the session's downloads: it outlives the session (and a restart) with the files. */
export const manifestPath = (dataDir: string, id: string): string => join(sessionDownloadsFolder(dataDir, id), 'manifest.json');

/** Where download `downloadId` of session `id` is kept once complete; both must be ids of their kind. */
export function keptPath(dataDir: string, id: string, downloadId: string): string {
  if (!isDownloadId(downloadId)) throw new Error(`not a download id: ${JSON.stringify(downloadId)}`);
  return join(sessionDownloadsFolder(dataDir, id), downloadId);
}

/** `dl_` + 24 random characters. */
export const newDownloadId = (): string => `dl_${token(24)}`;
