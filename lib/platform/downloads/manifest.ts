// The list of a session's downloads on disk, beside the files: written whole (to a temporary file,
// then renamed) each time a download begins, completes or is cut, so a reader never sees half of it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isRight } from 'fp-ts/lib/Either.js';
import { downloadListCodec, type DownloadItem } from '../../contract/response/download.js';
import { manifestPath, sessionDownloadsFolder } from './folder.js';

/** Writes session `id`'s downloads as its manifest, making the session's folder when it is the first. */
export function writeManifest(dataDir: string, id: string, items: readonly DownloadItem[]): void {
  mkdirSync(sessionDownloadsFolder(dataDir, id), { recursive: true });
  const path = manifestPath(dataDir, id);
  writeFileSync(`${path}.tmp`, JSON.stringify({ downloads: items }));
  renameSync(`${path}.tmp`, path);
}

/**
 * Session `id`'s downloads as its manifest lists them: empty when it has none (it never
 * downloaded, or they were swept). A manifest that does not decode (edited by hand, a disk
 * fault) counts as none rather than handing out what it names.
 */
export function readManifest(dataDir: string, id: string): DownloadItem[] {
  let text: string;
  try {
    text = readFileSync(manifestPath(dataDir, id), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const decoded = downloadListCodec.decode((parsed as { downloads?: unknown } | null)?.downloads);
  return isRight(decoded) ? decoded.right : [];
}
