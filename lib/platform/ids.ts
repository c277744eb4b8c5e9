import { randomBytes, createHash } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random lower-case base-36 token of `length` characters from a CSPRNG. */
export function token(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // Rejection sampling keeps every character equally likely (252 = 7 * 36).
  for (const byte of bytes) {
    if (byte >= 252) continue;
    out += ALPHABET[byte % 36];
    if (out.length === length) return out;
  }
  return out + token(length - out.length);
}

/**
 * `ses_<node>_` + 24 random characters: the id names the node that runs the session, so any node
 * (and nginx, by the id alone) can tell where its browser is. Without a node, `ses_` + 24.
 */
export const newSessionId = (node?: string): string => (node === undefined ? `ses_${token(24)}` : `ses_${node}_${token(24)}`);
/** A node id as session ids carry it: 1 to 20 lower-case letters and digits. */
export const NODE_ID_PATTERN = /^[0-9a-z]{1,20}$/;
const SESSION_ID = /^ses_(?:([0-9a-z]{1,20})_)?[0-9a-z]{24}$/;
/** True for text shaped like a session id (what a path parameter must be before it is logged as one). */
export const isSessionId = (text: string): boolean => SESSION_ID.test(text);
/** The node a session id names, or null for an id without one (or text that is no session id). */
export const sessionNode = (id: string): string | null => SESSION_ID.exec(id)?.[1] ?? null;
/** `req_` + 24 random characters. */
export const newRequestId = (): string => `req_${token(24)}`;
/** `acc_` + 16 random characters. */
export const newAccountId = (): string => `acc_${token(16)}`;
/** A new API key: `sk_live_` or `sk_test_` + 40 random characters (about 206 bits). */
export const newApiKey = (test: boolean): string => `${test ? 'sk_test_' : 'sk_live_'}${token(40)}`;
/** The stored form of an API key: keys are high-entropy, so a plain SHA-256 is the right hash. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');
