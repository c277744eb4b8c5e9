// What the two download routes share: whose session it is, and its list (the live session's own
// while it runs here, its manifest on disk once it ended), and their answers in the API document.
import { httpErrors } from '../lib/contract/errors.js';
import { DOWNLOAD_RETENTION_MS, type DownloadItem } from '../lib/contract/response/download.js';
import { readManifest } from '../lib/platform/downloads/manifest.js';
import type { RouteContext } from './route.js';
import type { AppDeps } from './state.js';

/** How long downloads stay after their session, in hours, as the document says it. */
export const RETENTION_HOURS = DOWNLOAD_RETENTION_MS / 3_600_000;

/**
 * The downloads of the session `ctx` names, when it is the key's and its downloads are still
 * kept: 404 session_not_found otherwise (another key's session answers as one that does not exist).
 */
export async function downloadsOf(deps: AppDeps, ctx: RouteContext): Promise<{ id: string; items: DownloadItem[] }> {
  const id = ctx.params.id ?? '';
  const row = await deps.store.getSession(id);
  if (!row || row.keyId !== ctx.state.key.id) throw httpErrors.sessionNotFound(`Session ${id} does not exist`);
  if (row.endedAt !== null && row.endedAt < deps.clock.now() - DOWNLOAD_RETENTION_MS) {
    throw httpErrors.sessionNotFound(`Session ${id} ended more than ${RETENTION_HOURS} h ago: its downloads were deleted`);
  }
  const live = deps.registry.find(id, row.keyId);
  if (live) return { id, items: live.downloads() };
  // An in-memory store keeps no files.
  return { id, items: deps.dataDir === ':memory:' ? [] : readManifest(deps.dataDir, id) };
}
