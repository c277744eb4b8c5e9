// Reading a session's kept downloads back: GET /v1/sessions/{id}/downloads/{download_id}.
import type { ReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isDownloadId, type DownloadItem } from '../../contract/response/download.js';
import { keptPath } from './folder.js';

/** A kept download opened for reading: what the list says of it, its size on disk and its bytes. */
export interface OpenDownload {
  item: DownloadItem;
  bytes: number;
  stream: ReadStream;
}

/**
 * Opens download `downloadId` among `items` (the session's list), or says why not: `unknown` when
 * the list has no such id (any text that is no download id included), `incomplete` when it is
 * still arriving or was cut, `gone` when its file is missing. The file is opened before its size
 * is read, so a sweep in between cannot turn into a short answer.
 */
export async function openDownload(
  dataDir: string,
  id: string,
  downloadId: string,
  items: readonly DownloadItem[],
): Promise<OpenDownload | { missing: 'unknown' | 'incomplete' | 'gone'; item?: DownloadItem }> {
  const item = isDownloadId(downloadId) ? items.find((candidate) => candidate.id === downloadId) : undefined;
  if (!item) return { missing: 'unknown' };
  if (!item.complete) return { missing: 'incomplete', item };
  let handle;
  try {
    handle = await open(keptPath(dataDir, id, item.id), 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: 'gone', item };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    return { item, bytes: size, stream: handle.createReadStream() };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
