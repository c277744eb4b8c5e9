// How a profile's state is kept at rest: gzip, then AES-256-GCM with node's crypto. The sealed
// form is [version 1 byte][IV 12 bytes][tag 16 bytes][ciphertext]. A fresh random IV per seal (GCM
// must never see one IV twice under a key), and the account and profile name as additional
// authenticated data, so a blob copied to another profile or account does not open there. The
// version byte, also authenticated, lets the format change without guessing.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';

// Compressed off the main thread (zlib's pool): a 10 MB state takes a few hundred ms to compress,
// which would otherwise stall every other request of the process.
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** The key length AES-256 takes, in bytes. */
export const PROFILE_KEY_BYTES = 32;

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER = 1 + IV_BYTES + TAG_BYTES;

/** Where a sealed state belongs: what its additional data binds it to. */
export interface SealedPlace {
  accountId: string;
  name: string;
}

const aad = (version: number, place: SealedPlace): Buffer => Buffer.concat([Buffer.of(version), Buffer.from(JSON.stringify([place.accountId, place.name]))]);

/** `plaintext` compressed and encrypted under `key`, bound to `place`. */
export async function seal(key: Buffer, place: SealedPlace, plaintext: Buffer): Promise<Buffer> {
  const compressed = await gzip(plaintext);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(VERSION, place));
  const body = Buffer.concat([cipher.update(compressed), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]);
}

/** Why a sealed state did not open, in words for profile_unreadable. */
export class Unopenable extends Error {
  override name = 'Unopenable';
}

/** The plaintext of `sealed`, or Unopenable saying why: an unknown format, a wrong key or altered bytes, or a body that does not decompress. */
export async function open(key: Buffer, place: SealedPlace, sealed: Buffer): Promise<Buffer> {
  if (sealed.length < HEADER) throw new Unopenable(`its sealed data is ${sealed.length} bytes, shorter than any sealed profile`);
  const version = sealed[0]!;
  if (version !== VERSION) throw new Unopenable(`its sealed data has format version ${version}, which this tabwright does not know`);
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad(version, place));
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER));
  let compressed: Buffer;
  try {
    compressed = Buffer.concat([decipher.update(sealed.subarray(HEADER)), decipher.final()]);
  } catch (error) {
    throw new Unopenable('its sealed data does not authenticate with this key', { cause: error });
  }
  try {
    return await gunzip(compressed);
  } catch (error) {
    throw new Unopenable('its decrypted data does not decompress', { cause: error });
  }
}
