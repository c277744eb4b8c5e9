// One process owns a data folder at a time: the one that runs sessions from it (serve, or mcp in
// its embedded mode). At start the owner records every session still marked active as failed, so
// a second owner would take the first one's live sessions for orphans. The short commands (keys,
// accounts, ledger) only read and write rows through SQLite's own locking and take no ownership.
//
// The lock is SQLite's: a small database, <dataDir>/owner.lock, held in exclusive locking mode.
// It is a POSIX advisory lock underneath, which the kernel drops when the process ends however it
// ends (kill -9 included), so no stale lock can be left behind to clean up by hand. POSIX drops a
// process's locks on a file when any descriptor of that file is closed, so nothing in the process
// may open owner.lock except through this module.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file's name inside the data folder. */
export const OWNER_LOCK_FILE = 'owner.lock';

/** A second owner was refused: another process runs sessions from the same data folder. */
export class DataFolderInUse extends Error {
  override name = 'DataFolderInUse';
  constructor(readonly dataDir: string) {
    super(
      `data folder ${dataDir} is in use by another tabwright (serve or mcp); give this one another DATA_DIR (or --data-dir), ` +
        'or set TABWRIGHT_URL and TABWRIGHT_API_KEY to have mcp drive the running server',
    );
  }
}

/** The held ownership of a data folder; release() gives it up (ending the process does too). */
export interface Ownership {
  readonly dataDir: string;
  release(): void;
}

/** Takes ownership of `dataDir` (creating the folder), or throws DataFolderInUse at once when another process or connection holds it. */
export function takeOwnership(dataDir: string): Ownership {
  mkdirSync(dataDir, { recursive: true });
  // timeout 0: a held lock is an answer, not something to wait for.
  const db = new Database(join(dataDir, OWNER_LOCK_FILE), { timeout: 0 });
  try {
    // Exclusive locking mode keeps every lock the connection takes until it closes; the rollback
    // journal in memory leaves no -journal file beside the lock. The file holds no data.
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = MEMORY');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') throw new DataFolderInUse(dataDir);
    throw error;
  }
  let released = false;
  return {
    dataDir,
    release() {
      if (released) return;
      released = true;
      db.close();
    },
  };
}
