// A fresh temporary database per test, and the few rows most tests need.
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PlanName } from '../../../../lib/contract/plans.js';
import { newSessionId } from '../../../../lib/platform/ids.js';
import type { NewSessionRow } from '../../../../lib/platform/store/index.js';
import { openSqliteStore, type SqliteStore } from '../../../../lib/platform/store/sqlite/index.js';

/** A new empty folder under the system temp folder. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'tabwright-spec-'));

/** The test's store and its folder; `reopen` simulates a restart of the process. */
export interface FreshStore {
  readonly store: SqliteStore;
  readonly dir: string;
  reopen(): SqliteStore;
}

/** Registers hooks giving every test in the enclosing describe its own database on disk. */
export function freshStore(): FreshStore {
  let store: SqliteStore | undefined;
  let dir: string | undefined;
  beforeEach(() => {
    dir = tempDir();
    store = openSqliteStore(dir);
  });
  afterEach(async () => {
    if (store?.db.open) await store.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get store() {
      return store!;
    },
    get dir() {
      return dir!;
    },
    reopen() {
      void store!.close();
      store = openSqliteStore(dir!);
      return store;
    },
  };
}

export const T0 = Date.UTC(2026, 0, 1);

/** An account with one key on it. */
export function seedKey(store: SqliteStore, options: { plan?: PlanName; test?: boolean; now?: number } = {}) {
  const now = options.now ?? T0;
  const account = store.sync.createAccount({ plan: options.plan ?? 'pro', now });
  const { key, record } = store.sync.createKey({ accountId: account.id, test: options.test ?? false, now });
  return { account, key, record };
}

/** A new session row for `record`'s key, started at `startedAt` with a 300 s timeout. */
export function sessionFor(record: { id: string; accountId: string; test: boolean }, startedAt = T0, id = newSessionId()): NewSessionRow {
  return {
    id,
    keyId: record.id,
    accountId: record.accountId,
    test: record.test,
    startedAt,
    expiresAt: startedAt + 300_000,
    timeoutSeconds: 300,
  };
}

/** Waits for `promise` and checks that it rejected with an error whose message matches `pattern`. */
export async function expectRejects(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error, 'the promise rejected').to.be.instanceOf(Error);
  expect((error as Error).message).to.match(pattern);
}
