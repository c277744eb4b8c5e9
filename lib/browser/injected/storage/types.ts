// An origin's saved storage as Playwright's storageState() writes it, for the part of it the
// program restores itself (./restore.ts): localStorage, and IndexedDB whose keys and values are
// plain JSON (Playwright's `key` and `value`; encoded ones stay with Playwright).

/** One record of an object store: its value, and its key when the store keeps keys apart. */
export interface SavedRecord {
  key?: unknown;
  value?: unknown;
}

/** An index of an object store. */
export interface SavedIndex {
  name: string;
  keyPath?: string;
  keyPathArray?: string[];
  multiEntry: boolean;
  unique: boolean;
}

/** An object store and its records. */
export interface SavedStore {
  name: string;
  autoIncrement: boolean;
  keyPath?: string;
  keyPathArray?: string[];
  indexes: SavedIndex[];
  records: SavedRecord[];
}

/** A database of an origin. */
export interface SavedDatabase {
  name: string;
  version: number;
  stores: SavedStore[];
}

/** What the program restores of one origin. */
export interface SavedOrigin {
  localStorage: Array<{ name: string; value: string }>;
  indexedDB?: SavedDatabase[];
}
