import { arrayOf, boolean, dateTime, described, intAtLeast, named, nullable, string, strictObject } from '../codec/index.js';
import { profileNameCodec } from '../request/profile.js';
import { sessionId } from './envelope.js';

const count = intAtLeast(0);

/** A saved profile as GET /v1/profiles and GET /v1/profiles/{name} show it: what it holds, never its content. */
export const profileCodec = named(
  strictObject({
    name: profileNameCodec,
    origins: described(arrayOf(string, { name: 'origins' }), 'The origins whose localStorage or IndexedDB it holds (https://example.com), in the order saved.'),
    cookies: described(count, 'How many cookies it holds.'),
    bytes: described(count, 'The size of its saved state, uncompressed and unencrypted, in bytes; 0 while never saved.'),
    created_at: described(dateTime, 'When it was first saved, or claimed by a persisting session that has not saved yet (ISO 8601).'),
    updated_at: described(dateTime, 'When it was last saved (ISO 8601).'),
    last_session: described(nullable(sessionId), 'The session that last saved it; null while never saved.'),
    in_use_by: described(nullable(sessionId), 'The active session that holds it for writing (created with persist: true); null when none does.'),
  }),
  'Profile',
);

/** The answer of GET /v1/profiles. */
export const profileListCodec = named(
  strictObject({
    profiles: described(arrayOf(profileCodec, { name: 'profiles' }), "The account's profiles, by name."),
    has_more: described(boolean, 'Whether another page follows.'),
    next_cursor: described(nullable(string), 'Pass as after to get the next page; null on the last page.'),
  }),
  'ProfileList',
);
