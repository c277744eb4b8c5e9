// Profiles as the service uses them: a saved state goes in sealed (./seal.ts) with its summary and
// comes out opened and checked, or as profile_unreadable; never as an empty profile. The store
// keeps the rows and decides who holds a profile (lib/platform/store/types.ts, ProfileStore).
import { httpErrors } from '../../contract/errors.js';
import type { ProfileHold, ProfilePage, ProfileRow, ProfileStore } from '../store/types.js';
import { open, PROFILE_KEY_BYTES, seal, Unopenable } from './seal.js';
import { parseState, type ProfileState } from './state.js';

export type { ProfileCookie, ProfileOrigin, ProfileState } from './state.js';
export { PROFILE_KEY_BYTES } from './seal.js';

/** What `save` did: wrote the state, or refused it for being over the bound (the previous state stays). */
export type ProfileSave = { saved: true; bytes: number } | { saved: false; bytes: number; limit: number };

/** How a vault seals: its AES-256 key and the largest state it saves, in plaintext bytes. */
export interface VaultOptions {
  key: Buffer;
  maxBytes: number;
}

/** Saved browser profiles, encrypted at rest, over the store every node shares. */
export class ProfileVault {
  private readonly key: Buffer;
  /** The largest state `save` writes, in bytes of its JSON (TABWRIGHT_PROFILE_MAX_MB). */
  readonly maxBytes: number;

  constructor(
    private readonly store: ProfileStore,
    options: VaultOptions,
  ) {
    if (options.key.length !== PROFILE_KEY_BYTES) throw new Error(`a profile key is ${PROFILE_KEY_BYTES} bytes, got ${options.key.length}`);
    if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 1) throw new Error(`maxBytes must be a positive integer, got ${options.maxBytes}`);
    this.key = Buffer.from(options.key);
    this.maxBytes = options.maxBytes;
  }

  /** The saved state; undefined when the profile does not exist or was never saved; 409 profile_unreadable when it does not open. */
  async load(accountId: string, name: string): Promise<ProfileState | undefined> {
    const record = await this.store.readProfile(accountId, name);
    return record?.sealed ? await this.opened(accountId, name, record.sealed) : undefined;
  }

  /** The state in `sealed`, or 409 profile_unreadable saying why it does not open. */
  private async opened(accountId: string, name: string, sealed: Buffer): Promise<ProfileState> {
    let json: string;
    try {
      json = (await open(this.key, { accountId, name }, sealed)).toString('utf8');
    } catch (error) {
      if (error instanceof Unopenable) throw httpErrors.profileUnreadable(name, error.message);
      throw error;
    }
    const state = parseState(json);
    if (!state) throw httpErrors.profileUnreadable(name, 'its decrypted data is not a saved browser state');
    return state;
  }

  /**
   * Saves `state` as session `sessionId`'s: sealed, with its origins, cookie count and size. Over
   * maxBytes nothing is written and the previous state stays. Rejects with 409 profile_in_use when
   * another live session holds the profile.
   */
  async save(input: { accountId: string; name: string; sessionId: string; state: ProfileState; now: number }): Promise<ProfileSave> {
    const { accountId, name, sessionId, state, now } = input;
    const plaintext = Buffer.from(JSON.stringify({ cookies: state.cookies, origins: state.origins }), 'utf8');
    const bytes = plaintext.length;
    if (bytes > this.maxBytes) return { saved: false, bytes, limit: this.maxBytes };
    const summary = { origins: state.origins.map((origin) => origin.origin), cookies: state.cookies.length, bytes };
    await this.store.writeProfile({ accountId, name, sessionId, sealed: await seal(this.key, { accountId, name }, plaintext), summary, now });
    return { saved: true, bytes };
  }

  /** Claims the profile for the persisting session `sessionId` (active; after admitSession), or answers who holds it. */
  hold(input: { accountId: string; name: string; sessionId: string; now: number }): Promise<ProfileHold> {
    return this.store.holdProfile(input);
  }

  /** Gives up `sessionId`'s hold; a profile it claimed and never saved goes with it. */
  release(input: { accountId: string; name: string; sessionId: string }): Promise<void> {
    return this.store.releaseProfile(input);
  }

  /** The profile's summary (never its content), or undefined when it does not exist. */
  async summary(accountId: string, name: string): Promise<ProfileRow | undefined> {
    const record = await this.store.readProfile(accountId, name);
    if (!record) return undefined;
    const { sealed: _sealed, ...row } = record;
    return row;
  }

  /** The summary, once its saved state is known to open with this node's key (409 profile_unreadable otherwise). */
  async inspect(accountId: string, name: string): Promise<ProfileRow | undefined> {
    const record = await this.store.readProfile(accountId, name);
    if (!record) return undefined;
    const { sealed, ...row } = record;
    if (sealed) await this.opened(accountId, name, sealed);
    return row;
  }

  /** The account's profiles by name, a page at a time. */
  list(query: { accountId: string; limit: number; after?: string }): Promise<ProfilePage> {
    return this.store.listProfiles(query);
  }

  /** Deletes the profile unless a live session holds it (answered then); 'missing' when there is none. */
  delete(accountId: string, name: string): Promise<'deleted' | 'missing' | { holder: string }> {
    return this.store.deleteProfile(accountId, name);
  }
}
