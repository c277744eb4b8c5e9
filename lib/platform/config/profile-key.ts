// The key that seals saved profiles (lib/platform/profiles/seal.ts) when TABWRIGHT_PROFILE_KEY is
// not set: a file of 32 random bytes in the data folder, made on the first start and read on every
// later one. Only its owner may read it: a key file others can read is refused, not used.
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './errors.js';
import { PROFILE_KEY_FILE } from './variables.js';

const KEY_BYTES = 32;

/**
 * The profile key: `configured` (TABWRIGHT_PROFILE_KEY, already checked) when set, else the data
 * folder's key file, made with mode 0600 when absent. A key file that is not exactly 32 bytes, or
 * that its group or others may read or write, throws ConfigError saying what to do.
 */
export function profileKey(config: { dataDir: string; profileKey: Buffer | null }): Buffer {
  if (config.profileKey) return config.profileKey;
  const path = join(config.dataDir, PROFILE_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  let fd: number | undefined;
  try {
    // 'wx' fails when the file exists: two processes starting at once cannot both write a key.
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (fd !== undefined) {
    const key = randomBytes(KEY_BYTES);
    try {
      writeSync(fd, key);
    } finally {
      closeSync(fd);
    }
    return key;
  }
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new ConfigError([`the profile key ${path} may be read or written by others than its owner (mode ${mode.toString(8).padStart(4, '0')}): chmod 600 it, or set TABWRIGHT_PROFILE_KEY`]);
  }
  const key = readFileSync(path);
  if (key.length !== KEY_BYTES) {
    throw new ConfigError([`the profile key ${path} holds ${key.length} bytes, not ${KEY_BYTES}: restore the right file, or set TABWRIGHT_PROFILE_KEY (profiles sealed with another key stay unreadable)`]);
  }
  return key;
}
