import type * as t from 'io-ts';
import { boolean, described, matching, strictObject, withDefault } from '../codec/index.js';
import { pageCursor, pageLimit } from './list.js';

/** The longest profile name. */
export const MAX_PROFILE_NAME_LENGTH = 64;

/** What a profile name is made of (issue 31): lower-case letters, digits, `-` and `_`, 1 to 64 of them. */
export const PROFILE_NAME_PATTERN = `^[a-z0-9_-]{1,${MAX_PROFILE_NAME_LENGTH}}$`;

/** A profile's name, unique within its account. */
export const profileNameCodec = described(
  matching(`a profile name: 1 to ${MAX_PROFILE_NAME_LENGTH} of a-z, 0-9, - and _`, PROFILE_NAME_PATTERN, MAX_PROFILE_NAME_LENGTH),
  `1 to ${MAX_PROFILE_NAME_LENGTH} of a-z, 0-9, - and _; your account's own.`,
);

/** A create's `profile`: the saved browser state the session starts from, and whether it is written back. */
export const profileOptionCodec = described(
  strictObject({
    name: profileNameCodec,
    persist: described(
      withDefault(boolean, false),
      "true: the state is written back when the session ends (DELETE, close step or expiry; not when it failed), and it holds the profile meanwhile (another is 409 profile_in_use). false: it only reads.",
    ),
  }),
  'Start from a saved profile\'s cookies, localStorage and IndexedDB. With persist: true a new name starts empty; with false it must have been saved (404 profile_not_found).',
);

/** A decoded `profile` option. */
export type ProfileOption = t.TypeOf<typeof profileOptionCodec>;

/** The query of GET /v1/profiles: pages as the session list's, in name order. */
export const profileListQueryCodec = strictObject(
  { limit: described(pageLimit, 'Most profiles in one page.') },
  { after: pageCursor },
  'a query string',
);

/** A decoded profile list query. */
export type ProfileListQuery = t.TypeOf<typeof profileListQueryCodec>;
