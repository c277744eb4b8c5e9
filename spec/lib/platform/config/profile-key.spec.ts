import { expect } from 'chai';
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, profileKey } from '../../../../lib/platform/config/index.js';
import { tempDir } from '../store/fixtures.js';

describe('profileKey()', () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = () => join(dir, 'profile.key');
  const problem = (call: () => unknown): string => {
    try {
      call();
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      return (error as ConfigError).problems.join('\n');
    }
    return expect.fail('no problem reported');
  };

  it('makes a 32-byte key only its owner may read on first start, and reads the same one after', () => {
    const made = profileKey({ dataDir: join(dir, 'data'), profileKey: null });
    const path = join(dir, 'data', 'profile.key');
    expect(made).to.have.length(32);
    expect(statSync(path).mode & 0o777).to.equal(0o600);
    expect(readFileSync(path).equals(made)).to.equal(true);
    expect(profileKey({ dataDir: join(dir, 'data'), profileKey: null }).equals(made)).to.equal(true);
  });

  it('takes TABWRIGHT_PROFILE_KEY over the file, and makes none', () => {
    const configured = Buffer.alloc(32, 7);
    expect(profileKey({ dataDir: dir, profileKey: configured })).to.equal(configured);
    expect(() => statSync(file())).to.throw(/ENOENT/);
  });

  it('refuses a key file others may read, saying what to do', () => {
    writeFileSync(file(), Buffer.alloc(32));
    chmodSync(file(), 0o640);
    expect(problem(() => profileKey({ dataDir: dir, profileKey: null }))).to.equal(`the profile key ${file()} may be read or written by others than its owner (mode 0640): chmod 600 it, or set TABWRIGHT_PROFILE_KEY`);
  });

  it('refuses a key file of the wrong length', () => {
    writeFileSync(file(), Buffer.alloc(31));
    chmodSync(file(), 0o600);
    expect(problem(() => profileKey({ dataDir: dir, profileKey: null }))).to.match(/holds 31 bytes, not 32: restore the right file, or set TABWRIGHT_PROFILE_KEY/);
  });
});
