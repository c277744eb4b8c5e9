// The way an admitted session opens, for a create and for each copy of a fork: its profile's
// state, its page through the engine gate, then its record as a live session. All or none: a
// session that cannot open leaves no page, no row and no bill, and its key's place is free again.
import { httpErrors } from '../lib/contract/errors.js';
import type { ContextSettings } from '../lib/browser/context/settings.js';
import type { StorageState } from '../lib/browser/state/storage.js';
import type { ProfileOption } from '../lib/contract/request/profile.js';
import type { Clock } from '../lib/platform/clock.js';
import type { ProfileVault } from '../lib/platform/profiles/vault.js';
import type { Webhooks } from '../lib/platform/webhooks/service.js';
import type { ApiKeyRecord, Store } from '../lib/platform/store/index.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import type { BrowserDriver, PageDriver } from './driver.js';
import { Session, type SessionSpec } from './session.js';
import { profileStart } from './session-profile.js';

/** One admitted session to open: its id, what its context opens with, and the rest of its spec. */
export interface Opening {
  id: string;
  open: ContextSettings;
  fields: Omit<SessionSpec, 'id' | 'keyId' | 'keyPrefix' | 'accountId' | 'test'>;
}

/** What opening needs: the store and the vault, and the gated driver of the registry. */
export interface OpeningDeps {
  store: Store;
  clock: Clock;
  telemetry: Telemetry;
  profiles: ProfileVault;
  /** The driver behind the engine gate. */
  gated: BrowserDriver;
  /** This node's webhooks, which its sessions enqueue events to. */
  webhooks?: Webhooks;
  /** Whether the registry is shutting down: a session that opened meanwhile must not start. */
  stopping(): boolean;
}

/** Admitted sessions on their way to being live, counted by key while they open. */
export class Openings {
  /** Sessions opening, by key id; a key with none has no entry. */
  private readonly counts = new Map<string, number>();

  constructor(private readonly deps: OpeningDeps) {}

  /** How many keys have a session opening (0 once everything has settled). */
  get keys(): number {
    return this.counts.size;
  }

  /** The state admitted session `id` starts from with `option`'s profile (./session-profile.ts); refused, its row goes (and with it a hold). */
  async profileStart(key: ApiKeyRecord, id: string, option: ProfileOption | undefined): Promise<StorageState | undefined> {
    if (!option) return undefined;
    try {
      return await profileStart(this.deps.profiles, { accountId: key.accountId, sessionId: id, now: this.deps.clock.now() }, option);
    } catch (error) {
      await this.abandon([id]);
      throw error;
    }
  }

  /**
   * Opens the pages of admitted sessions `wanted` and records each as a session. All or none:
   * when one page fails to open, the others are closed unused and every row goes (giving the key
   * its places back); nothing was shown or billed.
   */
  async open(key: ApiKeyRecord, wanted: readonly Opening[]): Promise<Session[]> {
    this.count(key.id, wanted.length);
    const sessions: Session[] = [];
    try {
      const pages = await Promise.allSettled(wanted.map(({ id, open }) => this.deps.gated.open({ ...open, accountId: key.accountId, sessionId: id, plan: key.plan })));
      const failed = pages.find((page) => page.status === 'rejected');
      const opened = pages.flatMap((page) => (page.status === 'fulfilled' ? [page.value] : []));
      if (failed) {
        // No session was recorded, so no trace of any could ever be asked for or pruned.
        await Promise.all(opened.map((page) => page.close({ keepTrace: false }).catch(() => undefined)));
        await this.abandon(wanted.map(({ id }) => id));
        throw failed.reason;
      }
      for (const [index, { id, fields }] of wanted.entries()) {
        try {
          sessions.push(await this.record(opened[index]!, { ...fields, id, keyId: key.id, keyPrefix: key.prefix, accountId: key.accountId, test: key.test }));
        } catch (error) {
          // The ones recorded end as any session ends; the rest were never shown.
          for (const page of opened.slice(index + 1)) await page.close({ keepTrace: false }).catch(() => undefined);
          await this.abandon(wanted.slice(index).map((rest) => rest.id));
          await Promise.all(sessions.map((session) => session.close()));
          throw error;
        }
      }
    } finally {
      this.count(key.id, -wanted.length);
    }
    return sessions;
  }

  /** Records the opened `page` as session `spec.id` and starts it; the page is closed again if that cannot be done. */
  private async record(page: PageDriver, spec: SessionSpec): Promise<Session> {
    const { store, clock, telemetry, profiles, webhooks } = this.deps;
    try {
      // Shutdown and engine loss reach only recorded sessions: one that opened meanwhile must not start.
      if (this.deps.stopping()) throw httpErrors.engineUnavailable(5, 'The server is shutting down');
      if (!page.connected) throw httpErrors.engineUnavailable(5, 'The browser was lost while the session was opening');
      return await Session.start(page, spec, { store, clock, telemetry, profiles, webhooks });
    } catch (error) {
      // No session was recorded, so no trace of it could ever be asked for or pruned.
      await page.close({ keepTrace: false }).catch(() => undefined);
      throw error;
    }
  }

  /** Drops admitted rows that will not open, giving their key its places back; a store that fails here leaves them to failOrphanedSessions. */
  private async abandon(ids: readonly string[]): Promise<void> {
    const { store, telemetry } = this.deps;
    await Promise.all(ids.map((id) => store.abandonSession(id).catch((failure: unknown) => telemetry.log.warn({ err: failure, sessionId: id }, 'abandoning an admitted session failed'))));
  }

  /** Moves a key's count; at zero its entry goes, or every key ever used would keep one. */
  private count(keyId: string, by: number): void {
    const count = (this.counts.get(keyId) ?? 0) + by;
    if (count > 0) this.counts.set(keyId, count);
    else this.counts.delete(keyId);
  }
}
