// What of a session outlives its context: cookies (httpOnly and secure ones too), and the
// localStorage and IndexedDB of every origin the context has seen. Playwright reads them whole;
// a profile (lib/platform/profiles/) keeps them between sessions, a fork copies them, and
// ./restore.ts writes them into the next context.
import type { BrowserContext } from 'playwright';

/** A context's storage, as Playwright's storageState() answers it and setStorageState() takes it. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Reads the context's storage. Origins no page holds any more are read in a page of Playwright's
 * own whose requests it answers itself (nothing reaches the network), closed again at once.
 */
export function readStorage(context: BrowserContext): Promise<StorageState> {
  return context.storageState({ indexedDB: true });
}
