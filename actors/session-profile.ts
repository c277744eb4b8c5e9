// A session's profile (issue 31): the saved state it starts from and, when it persists, the
// write-back as it ends. Only a session that ended well writes (closed by DELETE or a close step,
// or expired); a failed one leaves the saved state as it was. Whatever the end, its hold goes.
import type { Outcome } from '../machines/session.js';
import type { ProfileVault } from '../lib/platform/profiles/vault.js';
import type { ProfileOption } from '../lib/contract/request/profile.js';
import type { JournalSink } from '../lib/platform/journal/events.js';
import type { Clock } from '../lib/platform/clock.js';
import type { Telemetry } from '../lib/platform/telemetry/index.js';
import { withCap } from '../lib/platform/time.js';
import { httpErrors } from '../lib/contract/errors.js';
import type { StorageState } from '../lib/browser/state/storage.js';

/** How long reading and storing the state may take as the session ends before it ends without it. */
export const PROFILE_SAVE_CAP_MS = 20_000;

/**
 * The state a session about to open starts from with `option`'s profile, held for it first when it
 * persists (409 profile_in_use while another live session holds it). A profile that is only read
 * must have a saved state (404 profile_not_found); one that persists may start empty, and is made
 * by its first save. A saved state that does not decrypt is the vault's 409 profile_unreadable.
 */
export async function profileStart(vault: ProfileVault, owner: { accountId: string; sessionId: string; now: number }, option: ProfileOption): Promise<StorageState | undefined> {
  const { name, persist } = option;
  if (persist) {
    const hold = await vault.hold({ accountId: owner.accountId, name, sessionId: owner.sessionId, now: owner.now });
    if (!hold.held) throw httpErrors.profileInUse(name, hold.holder);
  }
  const state = (await vault.load(owner.accountId, name));
  if (!state && !persist) {
    throw httpErrors.profileNotFound(name);
  }
  return state;
}

/** What the profile of one session needs. */
export interface SessionProfileDeps {
  vault: ProfileVault;
  clock: Clock;
  telemetry: Telemetry;
  journal: JournalSink;
}

/** The profile a live session was created with. */
export class SessionProfile {
  constructor(
    readonly option: ProfileOption,
    private readonly owner: { accountId: string; sessionId: string },
    private readonly deps: SessionProfileDeps,
  ) {}

  /** Records what the session started from (counts only: a profile's contents never reach the journal). */
  loaded(state: StorageState | undefined): void {
    this.deps.journal.record({ type: 'profile.loaded', name: this.option.name, persist: this.option.persist === true, origins: state?.origins.length ?? 0, cookies: state?.cookies.length ?? 0 });
  }

  /**
   * As the session ends, before its context closes: writes `read()`'s state back when it persists
   * and ended well, then gives up its hold. Never throws: a save that fails is journaled and logged,
   * and the session still ends and is billed.
   */
  async end(outcome: Outcome, read: (() => Promise<StorageState>) | undefined): Promise<void> {
    const { name, persist } = this.option;
    if (!persist) return;
    const { vault, clock, journal, telemetry } = this.deps;
    const { accountId, sessionId } = this.owner;
    try {
      if (outcome.status === 'failed') return;
      const notSaved = (reason: string) => journal.record({ type: 'profile.not_saved', name, reason });
      try {
        if (!read) return notSaved('this session\'s browser cannot give its state');
        const saved = await withCap(
          read().then((state) => vault.save({ accountId, name, sessionId, state, now: clock.now() })),
          PROFILE_SAVE_CAP_MS,
        );
        if (saved === undefined) notSaved(`reading and storing the state took longer than ${PROFILE_SAVE_CAP_MS / 1000} s`);
        else if (saved.saved) journal.record({ type: 'profile.saved', name, bytes: saved.bytes });
        else notSaved(`the state is ${saved.bytes} bytes, over the profile's bound of ${saved.limit} bytes`);
      } catch (error) {
        telemetry.log.warn({ err: error, session_id: sessionId }, 'saving the profile failed');
        notSaved('the state could not be read or stored');
      }
    } finally {
      await vault.release({ accountId, name, sessionId }).catch((error: unknown) => telemetry.log.warn({ err: error, session_id: sessionId }, 'releasing the profile failed'));
    }
  }
}
