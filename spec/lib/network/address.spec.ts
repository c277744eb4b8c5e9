import { expect } from 'chai';
import { AddressGuard, AllowList, cachingResolver, canonicalHost, type Resolver } from '../../../lib/network/address.js';

/** A guard whose DNS is a fixed table, so names can point anywhere without a resolver. */
const guardWith = (table: Record<string, string[]>, allow?: string): AddressGuard =>
  new AddressGuard(AllowList.parse(allow), (host) => {
    const found = table[host];
    if (!found) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    return Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  });

describe('AddressGuard#check()', () => {
  const guard = guardWith({
    'public.test': ['93.184.216.34'],
    'mixed.test': ['93.184.216.34', '10.0.0.5'],
    'inside.test': ['192.168.1.1'],
    'six.test': ['2606:4700::1'],
  });

  const refused = [
    '127.0.0.1', '127.0.0.2', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.1.1', '169.254.169.254',
    '100.64.0.1', '224.0.0.1', '255.255.255.255', '0.0.0.0', '240.0.0.1',
    '::1', '::', 'fc00::1', 'fd00:ec2::254', 'fe80::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::ffff:169.254.169.254]',
    '64:ff9b::a00:1', '2002:c0a8:0101::1',
    '2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0x7f000001', '017700000001', '0x7f.0.0.1', '127.0.0.1.',
    'inside.test', 'mixed.test',
  ];
  for (const host of refused) {
    it(`refuses ${host}`, async () => {
      const verdict = await guard.check(host);
      expect(verdict).to.include({ ok: false, reason: 'blocked_address' });
    });
  }

  it('allows a public name and returns the address it checked', async () => {
    expect(await guard.check('public.test')).to.deep.equal({ ok: true, address: '93.184.216.34', family: 4 });
    expect(await guard.check('six.test')).to.deep.equal({ ok: true, address: '2606:4700::1', family: 6 });
    expect(await guard.check('8.8.8.8')).to.deep.equal({ ok: true, address: '8.8.8.8', family: 4 });
    expect(await guard.check('64:ff9b::808:808')).to.include({ ok: true });
  });

  // IPv4-compatible IPv6 (::/96, deprecated by RFC 4291) is refused whole, whatever IPv4 it holds and however it is spelt.
  const compatible = ['::127.0.0.2', '[::127.0.0.2]', '::7f00:2', '[0::7f00:2]', '0:0:0:0:0:0:127.0.0.2', '[0000:0000:0000:0000:0000:0000:7F00:0002]', '::8.8.8.8', '::808:808', '::0.0.1.0', 'compat.test'];
  for (const host of compatible) {
    it(`refuses the IPv4-compatible ${host}`, async () => {
      const verdict = await guardWith({ 'compat.test': ['::7f00:2'] }).check(host);
      expect(verdict).to.include({ ok: false, reason: 'blocked_address' });
      expect((verdict as { detail: string }).detail).to.match(/\(ipv4Compatible\)$/);
    });
  }

  it('judges the other IPv6 forms that carry an IPv4 address by that address, and refuses the local NAT64 prefix whole', async () => {
    const verdicts = async (hosts: string[]): Promise<boolean[]> => Promise.all(hosts.map(async (host) => (await guard.check(host)).ok));
    // NAT64 well-known prefix 64:ff9b::/96: the last 32 bits.
    expect(await verdicts(['64:ff9b::808:808', '64:ff9b::8.8.8.8', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe'])).to.deep.equal([true, true, false, false]);
    // 64:ff9b:1::/48 is for a network's own translators (RFC 8215), wherever the IPv4 address sits.
    expect(await verdicts(['64:ff9b:1::808:808', '64:ff9b:1:808:8:800::', '64:ff9b:1:7f00:1::'])).to.deep.equal([false, false, false]);
    // 6to4 2002::/16: bits 16 to 47.
    expect(await verdicts(['2002:808:808::1', '2002:7f00:1::1', '2002:a9fe:a9fe::'])).to.deep.equal([true, false, false]);
    // Teredo 2001::/32: the server (bits 32 to 63) and the client (the last 32 bits, inverted) must both be public.
    expect(await verdicts(['2001:0:808:808:0:0:f7f7:f7f7', '2001:0:808:808:0:0:80ff:fffe', '2001:0:a00:1:0:0:f7f7:f7f7'])).to.deep.equal([true, false, false]);
  });

  it('reports a name that does not resolve as dns, not as blocked', async () => {
    expect(await guard.check('missing.test')).to.include({ ok: false, reason: 'dns' });
  });

  it('lets TABWRIGHT_ALLOW_HOSTS entries through: addresses, CIDRs and names', async () => {
    const allowing = guardWith({ 'inside.test': ['192.168.1.1'] }, '127.0.0.1, 10.0.0.0/8 ,inside.test');
    expect(await allowing.check('127.0.0.1')).to.include({ ok: true });
    expect(await allowing.check('2130706433')).to.include({ ok: true });
    expect(await allowing.check('10.9.8.7')).to.include({ ok: true });
    expect(await allowing.check('inside.test')).to.include({ ok: true });
    expect(await allowing.check('127.0.0.2')).to.include({ ok: false });
    expect(await allowing.check('192.168.1.1')).to.include({ ok: false });
  });

});

describe('AllowList.parse()', () => {
  it('accepts host names, every spelling of an address, IPv6 and CIDRs', () => {
    expect(() => AllowList.parse('localhost, intranet.example., my_host.lan, 2130706433, ::1, [fd00::1], 10.0.0.0/8, fd00::/8, bücher.de')).to.not.throw();
  });

  it('refuses every entry that is no host name, address or CIDR, naming each', () => {
    expect(() => AllowList.parse('127.0.0.1, 10.0.0.0/33, http://intranet, *.example.com, a b, host:8080')).to.throw(
      "not a host name, IP address or CIDR: '10.0.0.0/33', 'http://intranet', '*.example.com', 'a b', 'host:8080'",
    );
  });
});

describe('canonicalHost()', () => {
  it('turns every IPv4 spelling into a dotted quad and unwraps IPv6 brackets', () => {
    expect(['2130706433', '0177.0.0.1', '0x7f.1', '127.1', 'LOCALHOST.'].map(canonicalHost)).to.deep.equal([
      '127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1', 'localhost',
    ]);
    expect(canonicalHost('[::1]')).to.equal('::1');
    expect(canonicalHost('::1')).to.equal('::1');
  });
});

describe('cachingResolver()', () => {
  /** A resolver that counts its lookups; `fail` names fail. */
  function counting(fail: Set<string> = new Set()): { resolve: Resolver; calls: string[] } {
    const calls: string[] = [];
    const resolve: Resolver = (host) => {
      calls.push(host);
      return fail.has(host)
        ? Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }))
        : Promise.resolve([{ address: '93.184.216.34', family: 4 }]);
    };
    return { resolve, calls };
  }
  const options = { ttlMs: 200, failureTtlMs: 50, max: 10 };
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const failure = (answer: ReturnType<Resolver>): Promise<string> => answer.then(() => 'resolved', (error: Error) => error.message);

  it('answers a name again from the cache until its time is up', async () => {
    const { resolve, calls } = counting();
    const cached = cachingResolver(resolve, options);
    expect(await cached('a.test')).to.deep.equal([{ address: '93.184.216.34', family: 4 }]);
    await cached('a.test');
    expect(calls).to.deep.equal(['a.test']);
    await sleep(250);
    await cached('a.test');
    expect(calls).to.deep.equal(['a.test', 'a.test']);
  });

  it('shares one lookup between callers asking at the same time', async () => {
    const { resolve, calls } = counting();
    const cached = cachingResolver(resolve, options);
    await Promise.all([cached('b.test'), cached('b.test'), cached('b.test')]);
    expect(calls).to.deep.equal(['b.test']);
  });

  it('keeps a failure for a shorter time, and every caller sees it fail', async () => {
    const { resolve, calls } = counting(new Set(['gone.test']));
    const cached = cachingResolver(resolve, options);
    expect(await failure(cached('gone.test'))).to.equal('not found');
    expect(await failure(cached('gone.test'))).to.equal('not found');
    expect(calls).to.have.length(1);
    await sleep(100);
    expect(await failure(cached('gone.test'))).to.equal('not found');
    expect(calls).to.have.length(2);
  });

  it('still lets the guard refuse a name that resolves to a refused address', async () => {
    const guard = new AddressGuard(AllowList.parse(undefined), cachingResolver(() => Promise.resolve([{ address: '10.0.0.5', family: 4 }]), options));
    expect(await guard.check('intranet.test')).to.include({ ok: false, reason: 'blocked_address' });
    expect(await guard.check('intranet.test')).to.include({ ok: false, reason: 'blocked_address' });
  });
});
