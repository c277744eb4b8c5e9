// Restores an origin's saved storage in a fresh document of that origin (a fork's or a profile's
// first one, before the page it opens): its localStorage, and its IndexedDB databases with their
// stores, indexes and records. Done here rather than in a page Playwright opens for it, which
// would cost a page of its own (lib/browser/state/restore.ts decides which way).
import type { SavedDatabase, SavedOrigin } from './types.js';

const done = (request: IDBRequest | IDBTransaction, event: 'success' | 'complete'): Promise<void> =>
  new Promise((resolve, reject) => {
    request.addEventListener(event, () => resolve());
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB failed')));
    request.addEventListener('abort', () => reject(request.error ?? new Error('IndexedDB aborted')));
  });

async function restoreDatabase(win: Window, saved: SavedDatabase): Promise<void> {
  const opening = win.indexedDB.open(saved.name, saved.version);
  opening.addEventListener('upgradeneeded', () => {
    const db = opening.result;
    for (const store of saved.stores) {
      const created = db.createObjectStore(store.name, { autoIncrement: store.autoIncrement, keyPath: store.keyPathArray ?? store.keyPath ?? null });
      for (const index of store.indexes) created.createIndex(index.name, index.keyPathArray ?? index.keyPath ?? '', { unique: index.unique, multiEntry: index.multiEntry });
    }
  });
  await done(opening, 'success');
  const db = opening.result;
  try {
    if (db.objectStoreNames.length === 0) return;
    const transaction = db.transaction([...db.objectStoreNames], 'readwrite');
    for (const store of saved.stores) {
      const target = transaction.objectStore(store.name);
      // A store with its own key path finds the key in the value; passing one as well is an error.
      for (const record of store.records) target.add(record.value, target.keyPath === null ? (record.key as IDBValidKey | undefined) : undefined);
    }
    await done(transaction, 'complete');
  } finally {
    db.close();
  }
}

/** Writes `saved` into the document's origin; answers the number of localStorage items and databases written. */
export async function restoreOrigin(win: Window, saved: SavedOrigin): Promise<number> {
  for (const { name, value } of saved.localStorage) win.localStorage.setItem(name, value);
  for (const database of saved.indexedDB ?? []) await restoreDatabase(win, database);
  return saved.localStorage.length + (saved.indexedDB?.length ?? 0);
}
