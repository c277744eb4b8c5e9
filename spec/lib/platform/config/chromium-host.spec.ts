import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandboxSetting, sharedMemoryArgs } from '../../../../lib/platform/config/chromium-host.js';

describe('chromium-host', () => {
  describe('sandboxSetting()', () => {
    const works = (): boolean => true;
    const refused = (): boolean => false;

    it('turns the sandbox on for a user other than root whose system makes user namespaces, and says why', () => {
      expect(sandboxSetting('auto', 10001, works)).to.deep.equal({ on: true, why: 'not root, and user namespaces work' });
    });

    it('leaves it off, saying why, as root or where namespaces are refused (Docker\'s default seccomp profile)', () => {
      expect(sandboxSetting('auto', 0, works)).to.include({ on: false }).and.to.have.property('why').that.matches(/root/);
      expect(sandboxSetting('auto', 10001, refused)).to.include({ on: false }).and.to.have.property('why').that.matches(/user namespaces/);
    });

    it('obeys on and off without probing, and calls on as root a problem', () => {
      const probe = (): boolean => expect.fail('probed');
      expect(sandboxSetting('on', 10001, probe)).to.deep.equal({ on: true, why: 'CHROMIUM_SANDBOX=on' });
      expect(sandboxSetting('off', 10001, probe)).to.deep.equal({ on: false, why: 'CHROMIUM_SANDBOX=off' });
      expect(sandboxSetting('on', 0, probe).problem).to.match(/other than root/);
    });
  });

  describe('sharedMemoryArgs()', () => {
    it('keeps shared memory in /tmp when /dev/shm holds less than it needs, as a container\'s 64 MiB does, or is missing', () => {
      const folder = mkdtempSync(join(tmpdir(), 'shm-'));
      try {
        expect(sharedMemoryArgs(join(folder, 'none'))).to.deep.equal(['--disable-dev-shm-usage']);
        // The size is read from the file system: a folder of this disk holds more than a byte, less than 2^53.
        expect(sharedMemoryArgs(folder, 1)).to.deep.equal([]);
        expect(sharedMemoryArgs(folder, Number.MAX_SAFE_INTEGER)).to.deep.equal(['--disable-dev-shm-usage']);
      } finally {
        rmSync(folder, { recursive: true });
      }
    });
  });
});
