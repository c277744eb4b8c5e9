// A key's webhook signing secret: made here, shown once (by the command that made it), and kept
// sealed, because unlike the key itself (kept as a hash) it must be read back to sign. It is
// sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the profile key
// (lib/platform/config/profile-key.ts): no second key for the operator to keep and share between
// nodes, yet a secret and a profile are never sealed under one key. The key's account and id are
// the additional data, so a sealed secret copied to another key does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER = 1 + IV_BYTES + TAG_BYTES;

/** The secret's prefix, so a person knows what it is (whsec_, as other services name theirs). */
export const SECRET_PREFIX = 'whsec_';

/** A new secret: whsec_ and 32 random bytes in base64url. */
export const newWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** The sealing key of webhook secrets, derived from the profile key. */
export const secretSealingKey = (profileKey: Buffer): Buffer =>
  Buffer.from(hkdfSync('sha256', profileKey, Buffer.alloc(0), 'tabwright webhook secrets v1', 32));

/** Which key a sealed secret belongs to. */
export interface SecretOwner {
  accountId: string;
  keyId: string;
}

const aad = (owner: SecretOwner): Buffer => Buffer.concat([Buffer.of(VERSION), Buffer.from(JSON.stringify([owner.accountId, owner.keyId]))]);

/** `secret` sealed under `key` (from secretSealingKey) for `owner`. */
export function sealSecret(key: Buffer, owner: SecretOwner, secret: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(owner));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
}

/** The secret `sealed` holds, or undefined when it does not open with `key` for `owner` (another key, altered bytes). */
export function openSecret(key: Buffer, owner: SecretOwner, sealed: Buffer): string | undefined {
  if (sealed.length < HEADER || sealed[0] !== VERSION) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(owner));
    decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER));
    return Buffer.concat([decipher.update(sealed.subarray(HEADER)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
