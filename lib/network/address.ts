import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Cloud metadata endpoints, refused by name even where a range check would already catch them. */
const METADATA = ['169.254.169.254', 'fd00:ec2::254'].map((text) => ipaddr.parse(text).toNormalizedString());

/**
 * A host as the browser could have spelled it, canonicalised the way the WHATWG URL parser does:
 * decimal (2130706433), octal (0177.0.0.1), hex (0x7f.1) and short (127.1) IPv4 forms become
 * dotted quads, IPv6 loses its brackets, names are lower-cased. ipaddr.js is stricter than
 * browsers, so it only ever sees this canonical form.
 */
export function canonicalHost(host: string): string {
  const bare = host.trim().replace(/\.$/, '');
  const bracketed = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare;
  try {
    return new URL(`http://${bracketed}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return bare.toLowerCase();
  }
}

/** A character no spelling of an IPv4 address has (IPv6 ones have a colon): the mark of a name. */
const NAME_ONLY = /[^0-9a-fx.]/i;

/** The address a literal host names (IPv4-mapped IPv6 unwrapped), or undefined for a name. */
export const literalAddress = (host: string): Address | undefined => literalOf(canonicalHost(host));

function literalOf(canonical: string): Address | undefined {
  // ipaddr.js answers "not an address" by throwing inside: a tenth of a proxied request's cost.
  if (!canonical.includes(':') && NAME_ONLY.test(canonical)) return undefined;
  return ipaddr.isValid(canonical) ? ipaddr.process(canonical) : undefined;
}

/** The local-use NAT64 prefix: where the IPv4 address sits depends on the network's own prefix length. */
const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48');
/** IPv6 ranges judged by the IPv4 addresses they embed. */
const EMBEDDING = new Set(['rfc6052', '6to4', 'teredo']);

/**
 * Why an address may not be reached, or undefined if it is public unicast. Anything ipaddr.js
 * does not call `unicast` is refused (loopback, private, unique-local, link-local, CGNAT,
 * multicast, unspecified, broadcast, reserved, documentation, benchmarking, IPv4-translated
 * ::ffff:0:0:0/96), and so are IPv4-compatible IPv6 (::/96, deprecated: ipaddr.js calls it unicast)
 * and the local-use NAT64 prefix 64:ff9b:1::/48 (a network's own translators, RFC 8215). The
 * other IPv6 forms that embed an IPv4 address are judged by what they embed: NAT64's well-known
 * 64:ff9b::/96 and 6to4 by their one address, Teredo by its server and its client both.
 */
export function refusedRange(address: Address): string | undefined {
  const plain = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
  if (METADATA.includes(plain.toNormalizedString())) return 'metadata';
  const range = plain.range();
  if (plain.kind() === 'ipv6') {
    const bytes = plain.toByteArray();
    if (range === 'unicast' && bytes.slice(0, 12).every((byte) => byte === 0)) return 'ipv4Compatible';
    if (range === 'rfc6052' && plain.match(NAT64_LOCAL)) return 'nat64Local';
    for (const embedded of embeddedIPv4(bytes, range)) {
      const refused = refusedRange(embedded);
      if (refused) return refused;
    }
  }
  return range === 'unicast' || EMBEDDING.has(range) ? undefined : range;
}

function embeddedIPv4(bytes: number[], range: string): ipaddr.IPv4[] {
  const v4 = (four: number[]): ipaddr.IPv4 => ipaddr.fromByteArray(four) as ipaddr.IPv4;
  if (range === 'rfc6052') return [v4(bytes.slice(12))];
  if (range === '6to4') return [v4(bytes.slice(2, 6))];
  // Teredo: the server's address, then the client's, which is carried inverted.
  if (range === 'teredo') return [v4(bytes.slice(4, 8)), v4(bytes.slice(12).map((b) => b ^ 0xff))];
  return [];
}

/** Labels of letters, digits, `-` and `_`, dot-separated; checked on the canonical (punycode) form. */
const HOST_NAME = /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/;

/** Whether `entry` is a host name as written, not a URL, an address with a port or a pattern. */
export const isHostName = (entry: string): boolean => !/[\s:/@?#*[\]]/.test(entry) && HOST_NAME.test(canonicalHost(entry));

/** Hosts, addresses and CIDRs an operator lets through anyway (`TABWRIGHT_ALLOW_HOSTS`). */
export class AllowList {
  private constructor(
    private readonly names: ReadonlySet<string>,
    private readonly ranges: readonly [Address, number][],
  ) {}

  /**
   * Parses a comma-separated list such as `127.0.0.1,10.0.0.0/8,intranet.example`. An entry that
   * is no host name, address or CIDR (a URL, a wildcard, `10.0.0.0/33`) throws, naming every such
   * entry: silently allowing nothing is how an operator's typo would go unseen.
   */
  static parse(list: string | undefined): AllowList {
    const names = new Set<string>();
    const ranges: [Address, number][] = [];
    const invalid: string[] = [];
    for (const entry of (list ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
      if (entry.includes('/')) {
        if (!ipaddr.isValidCIDR(entry)) {
          invalid.push(entry);
          continue;
        }
        const [address, bits] = ipaddr.parseCIDR(entry);
        ranges.push(address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? [(address as ipaddr.IPv6).toIPv4Address(), bits - 96] : [address, bits]);
        continue;
      }
      const literal = literalAddress(entry);
      if (literal) ranges.push([literal, literal.kind() === 'ipv4' ? 32 : 128]);
      else if (isHostName(entry)) names.add(canonicalHost(entry));
      else invalid.push(entry);
    }
    if (invalid.length) throw new Error(`not a host name, IP address or CIDR: ${invalid.map((entry) => `'${entry}'`).join(', ')}`);
    return new AllowList(names, ranges);
  }

  /** Whether the operator allowed this host name (in canonicalHost's form). */
  allowsName(canonical: string): boolean {
    return this.names.has(canonical);
  }

  /** Whether the operator allowed this address. */
  allowsAddress(address: Address): boolean {
    const plain = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
    return this.ranges.some(([range, bits]) => range.kind() === plain.kind() && plain.match(range, bits));
  }
}

/** A guard's answer: the one address to connect to, or why the destination is refused. */
export type GuardVerdict =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; reason: 'blocked_address'; detail: string }
  | { ok: false; reason: 'dns'; detail: string };

/** Resolves names; tests swap it for a fake table. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

/** How long resolver answers are kept: Chromium's own host cache keeps names for a minute. */
export interface ResolverCacheOptions {
  ttlMs: number;
  /** Failures (no such name, time-outs) are kept for less, so a name that appears is seen soon. */
  failureTtlMs: number;
  max: number;
}

const CACHE_DEFAULTS: ResolverCacheOptions = { ttlMs: 60_000, failureTtlMs: 5_000, max: 5_000 };

/**
 * `resolve` with a cache in front: behind a session proxy Chromium resolves nothing itself, so
 * without one every new connection would wait for a lookup. Lookups of one name under way at the
 * same time are shared. Caching does not weaken the guard: every connection still goes to an
 * address checked when it was resolved.
 */
export function cachingResolver(resolve: Resolver, options: ResolverCacheOptions = CACHE_DEFAULTS): Resolver {
  type Answer = ReturnType<Resolver>;
  const cache = new LRUCache<string, Answer>({ max: options.max, ttl: options.ttlMs });
  return (host) => {
    const cached = cache.get(host);
    if (cached) return cached;
    const answer = resolve(host);
    cache.set(host, answer);
    answer.catch(() => {
      if (cache.get(host) === answer) cache.set(host, answer, { ttl: options.failureTtlMs });
    });
    return answer;
  };
}

const systemResolver: Resolver = cachingResolver((host) => lookup(host, { all: true, verbatim: true }));

/**
 * Decides whether a destination may be reached. It resolves the name itself (every address),
 * refuses it if any address is refused, and returns the address it checked so the caller
 * connects to exactly that one: a second resolution could answer differently (DNS rebinding).
 */
export class AddressGuard {
  /** Ports of this machine that serve the service itself (the engine's own CDP port): refused whatever the allow-list says. */
  private readonly reserved = new Set<number>();

  constructor(
    readonly allow: AllowList = AllowList.parse(undefined),
    private readonly resolve: Resolver = systemResolver,
  ) {}

  /**
   * Refuses `port` on this machine's loopback addresses from now on, even where the allow-list
   * lets pages reach loopback (TABWRIGHT_ALLOW_HOSTS=127.0.0.1 for local pages).
   */
  reservePort(port: number): void {
    this.reserved.add(port);
  }

  /** Checks `host` (a name or any spelling of an address), and `port` when the caller knows it. */
  async check(host: string, port?: number): Promise<GuardVerdict> {
    const canonical = canonicalHost(host);
    const literal = literalOf(canonical);
    let addresses: Address[];
    if (literal) addresses = [literal];
    else {
      try {
        addresses = (await this.resolve(canonical)).map((found) => ipaddr.process(found.address));
      } catch (error) {
        return { ok: false, reason: 'dns', detail: `${canonical} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
      }
      if (addresses.length === 0) return { ok: false, reason: 'dns', detail: `${canonical} has no address` };
    }
    const nameAllowed = !literal && this.allow.allowsName(canonical);
    if (port !== undefined && this.reserved.has(port) && addresses.some((address) => address.range() === 'loopback' || address.range() === 'unspecified')) {
      return { ok: false, reason: 'blocked_address', detail: `${canonical}:${port} is a port of tabwright itself` };
    }
    for (const address of addresses) {
      const range = refusedRange(address);
      if (range && !nameAllowed && !this.allow.allowsAddress(address)) {
        return { ok: false, reason: 'blocked_address', detail: `${canonical} resolves to ${address.toString()} (${range})` };
      }
    }
    const first = addresses[0] as Address;
    return { ok: true, address: first.toString(), family: first.kind() === 'ipv4' ? 4 : 6 };
  }
}
