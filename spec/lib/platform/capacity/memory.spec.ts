import { expect } from 'chai';
import { READY_PAGE_MB, roomForReadyPage } from '../../../../lib/platform/admission.js';
import { availableMemoryMb, type ReadText } from '../../../../lib/platform/capacity/memory.js';

const MB = 1024 * 1024;
const meminfo = (availableKb: number): string => `MemTotal:       24684084 kB\nMemFree:        1000000 kB\nMemAvailable:   ${availableKb} kB\nBuffers:  48608 kB\n`;

/** A file system of the given texts: anything else cannot be read. */
const files =
  (texts: Record<string, string>): ReadText =>
  (path) =>
    texts[path];

describe('availableMemoryMb()', () => {
  it('is MemAvailable of /proc/meminfo outside any cgroup limit', () => {
    expect(availableMemoryMb(files({ '/proc/meminfo': meminfo(3 * 1024 * 1024) }))).to.equal(3 * 1024);
  });

  it('is null where the system says nothing (not Linux)', () => {
    expect(availableMemoryMb(files({}))).to.equal(null);
  });

  it('is the cgroup v2 limit less the working set when that is less, the inactive file cache counting as free', () => {
    const read = files({
      '/proc/meminfo': meminfo(20 * 1024 * 1024),
      '/proc/self/cgroup': '0::/system.slice/tabwright.service\n',
      '/sys/fs/cgroup/system.slice/tabwright.service/memory.max': `${2048 * MB}\n`,
      '/sys/fs/cgroup/system.slice/tabwright.service/memory.current': `${1900 * MB}\n`,
      '/sys/fs/cgroup/system.slice/tabwright.service/memory.stat': `anon ${1500 * MB}\nfile ${400 * MB}\ninactive_file ${300 * MB}\nactive_file ${100 * MB}\n`,
    });
    expect(availableMemoryMb(read)).to.equal(2048 - (1900 - 300));
  });

  it('ignores a cgroup without a limit (v2 max, v1 a page-rounded 2^63)', () => {
    const v2 = files({ '/proc/meminfo': meminfo(4 * 1024 * 1024), '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/memory.max': 'max\n', '/sys/fs/cgroup/memory.current': '100\n' });
    expect(availableMemoryMb(v2)).to.equal(4 * 1024);
    const v1 = files({
      '/proc/meminfo': meminfo(4 * 1024 * 1024),
      '/proc/self/cgroup': '5:devices:/\n4:memory:/job\n0::/\n',
      '/sys/fs/cgroup/memory/job/memory.limit_in_bytes': '9223372036854771712\n',
      '/sys/fs/cgroup/memory/job/memory.usage_in_bytes': `${MB}\n`,
    });
    expect(availableMemoryMb(v1)).to.equal(4 * 1024);
  });

  it('reads a cgroup v1 memory controller, and its mount root when the named path is not in view (a container)', () => {
    const limited = {
      'memory.limit_in_bytes': `${1024 * MB}\n`,
      'memory.usage_in_bytes': `${900 * MB}\n`,
      'memory.stat': `cache ${200 * MB}\ntotal_inactive_file ${100 * MB}\n`,
    };
    const at = (dir: string): Record<string, string> => Object.fromEntries(Object.entries(limited).map(([name, text]) => [`${dir}/${name}`, text]));
    const cgroup = '11:cpu,cpuacct:/docker/abc\n4:memory:/docker/abc\n';
    expect(availableMemoryMb(files({ '/proc/meminfo': meminfo(8 * 1024 * 1024), '/proc/self/cgroup': cgroup, ...at('/sys/fs/cgroup/memory/docker/abc') }))).to.equal(1024 - 800);
    expect(availableMemoryMb(files({ '/proc/meminfo': meminfo(8 * 1024 * 1024), '/proc/self/cgroup': cgroup, ...at('/sys/fs/cgroup/memory') }))).to.equal(1024 - 800);
  });

  it('takes the machine when it has less left than the cgroup allows', () => {
    const read = files({
      '/proc/meminfo': meminfo(100 * 1024),
      '/proc/self/cgroup': '0::/app\n',
      '/sys/fs/cgroup/app/memory.max': `${4096 * MB}\n`,
      '/sys/fs/cgroup/app/memory.current': `${MB}\n`,
    });
    expect(availableMemoryMb(read)).to.equal(100);
  });

  it('reads this machine', () => {
    const available = availableMemoryMb();
    if (process.platform === 'linux') expect(available).to.be.a('number').and.be.greaterThan(0);
    else expect(available).to.equal(null);
  });
});

describe('roomForReadyPage()', () => {
  it('lets the warm pool grow only while the memory left after one more ready page still lets creates in', () => {
    const rule = (availableMb: number | null, minFreeMb = 256) => ({ read: () => availableMb, minFreeMb });
    expect(roomForReadyPage(rule(256 + READY_PAGE_MB))).to.equal(true);
    expect(roomForReadyPage(rule(256 + READY_PAGE_MB - 1))).to.equal(false);
    expect(roomForReadyPage(rule(100))).to.equal(false);
    // No figure from the system, or the check turned off: as creates, the pool is not held back.
    expect(roomForReadyPage(rule(null))).to.equal(true);
    expect(roomForReadyPage(rule(10, 0))).to.equal(true);
  });
});
