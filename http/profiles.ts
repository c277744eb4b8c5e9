// What the profile routes share: the name in their path, decoded like any field, and the profile
// as they answer it (lib/contract/response/profile.ts): a summary, never a cookie or a stored value.
import { decode } from '../lib/contract/codec/index.js';
import { profileNameCodec } from '../lib/contract/request/profile.js';
import type { ProfileRow } from '../lib/platform/store/index.js';
import type { SchemaSet } from '../lib/contract/codec/index.js';
import { errorResponse, RATE } from './openapi/responses.js';
import type { RouteContext } from './route.js';

/** The path's {name}, or 400 invalid_request naming `name`. */
export function profileNameOf(ctx: RouteContext): string {
  return decode(profileNameCodec, ctx.params.name, 'name');
}

/** A profile as the API shows it. */
export function profileBody(row: ProfileRow) {
  return {
    name: row.name,
    origins: row.origins,
    cookies: row.cookies,
    bytes: row.bytes,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    last_session: row.lastSession,
    in_use_by: row.holder,
  };
}

/** The 404 of a route on one profile, as the API document shows it. */
export const profileNotFoundResponse = (set: SchemaSet): Record<string, unknown> =>
  errorResponse(set, 404, { required: [...RATE] }, { name: 'ProfileNotFoundError', codes: ['profile_not_found'], text: 'The account has no profile of that name.' });
