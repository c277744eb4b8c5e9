import type { Middleware } from 'koa';
import { ApiError } from '../lib/contract/errors.js';
import type { ApiKeyRecord, Store } from '../lib/platform/store/index.js';
import type { AppState } from './state.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const KEY_SHAPE = /^sk_(live|test)_[a-z0-9]+$/;

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header. */
export const bearerToken = (header: string): string | undefined => BEARER.exec(header)?.[1];

/** The key an `Authorization` header names, or 401 unauthorized: the header is there but holds no valid key. */
export async function keyOf(store: Store, header: string): Promise<ApiKeyRecord> {
  const token = bearerToken(header);
  const key = token && KEY_SHAPE.test(token) ? await store.findKeyByToken(token) : undefined;
  if (!key) throw new ApiError(401, 'unauthorized', 'Invalid API key');
  return key;
}

/** Authenticates `Authorization: Bearer sk_…` before anything reads the body (contract part 5). */
export function authenticate(store: Store): Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (!header) throw new ApiError(401, 'unauthorized', 'Missing API key: send Authorization: Bearer <API_KEY>');
    ctx.state.key = await keyOf(store, header);
    await next();
  };
}
