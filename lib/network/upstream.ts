import { httpErrors } from '../contract/errors.js';
import type { ProxyKind, ProxySetting } from '../contract/request/settings.js';

/** Where a session's traffic leaves: a proxy URL (http, https or socks5, credentials included) of a kind. */
export interface Upstream {
  kind: ProxyKind;
  url: string;
  /** The pool country it came from; null for the user's own proxy. */
  country: string | null;
  /** True for a user's own proxy URL: its address is checked by the guard like any destination. */
  byo: boolean;
}

/** Contract 2.11: the countries the datacenter pool may serve. */
export const DATACENTER_COUNTRIES: ReadonlySet<string> = new Set(
  'ar at au be br ca ch cl cn co de dk ee es fr gb gr hr hu id ie il in it jp kr lt lv mx nl no nz pe pl pt ro sa se sg si sk us eu'.split(' '),
);

/** ISO 3166-1 alpha-2, lower case, plus eu: what a residential country may be. */
export const RESIDENTIAL_COUNTRIES: ReadonlySet<string> = new Set(
  ('ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz ' +
    'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk fm fo fr ' +
    'ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ' +
    'ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt ' +
    'mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw ' +
    'sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug ' +
    'um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw eu').split(' '),
);

/** Top-level domains whose country code differs from ISO 3166-1. */
const TLD_COUNTRY: Record<string, string> = { uk: 'gb' };

/** The operator's pools (`TABWRIGHT_PROXIES`): kind → country → proxy URLs, each list used in turn. */
export class Pools {
  private readonly turns = new Map<string, number>();

  constructor(private readonly lists: Partial<Record<ProxyKind, Record<string, string[]>>>) {}

  /** Whether the operator configured any proxy of this kind. */
  has(kind: ProxyKind): boolean {
    return Object.keys(this.lists[kind] ?? {}).length > 0;
  }

  /** The countries configured for `kind`, `default` excluded. */
  countries(kind: ProxyKind): string[] {
    return Object.keys(this.lists[kind] ?? {}).filter((key) => key !== 'default');
  }

  /** The pool's fallback country key: `default` if present, else the first country. */
  defaultCountry(kind: ProxyKind): string | undefined {
    const keys = Object.keys(this.lists[kind] ?? {});
    return keys.includes('default') ? 'default' : keys[0];
  }

  /** The next URL of `kind`/`country` in rotation, or undefined if that list is empty or absent. */
  next(kind: ProxyKind, country: string): string | undefined {
    const list = this.lists[kind]?.[country];
    if (!list?.length) return undefined;
    const key = `${kind}/${country}`;
    const turn = this.turns.get(key) ?? 0;
    this.turns.set(key, turn + 1);
    return list[turn % list.length];
  }
}

/** Whether `text` is a proxy URL an upstream can be: http, https or socks5 with a host. */
function isProxyUrl(text: unknown): boolean {
  if (typeof text !== 'string' || !/^(https?|socks5h?):\/\//i.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The pools of a parsed `TABWRIGHT_PROXIES` file: `{"datacenter" | "residential": {country |
 * "default": [proxy URL, ...]}}`, countries from the contract's list for the kind. Anything else
 * throws, saying where (the configuration reports it before the service starts).
 */
export function parsePools(parsed: unknown): Pools {
  if (!isRecord(parsed)) throw new Error('expected an object of kind → country → proxy URLs');
  const lists: Partial<Record<ProxyKind, Record<string, string[]>>> = {};
  for (const [kind, countries] of Object.entries(parsed)) {
    if (kind !== 'datacenter' && kind !== 'residential') throw new Error(`unknown proxy kind ${kind} (datacenter or residential)`);
    if (!isRecord(countries)) throw new Error(`${kind} must map countries to lists of proxy URLs`);
    const allowed = kind === 'datacenter' ? DATACENTER_COUNTRIES : RESIDENTIAL_COUNTRIES;
    const byCountry: Record<string, string[]> = {};
    for (const [key, urls] of Object.entries(countries)) {
      const country = key.toLowerCase();
      if (country !== 'default' && !allowed.has(country)) throw new Error(`${kind}.${key} is not a ${kind} country (a country code of the contract's list, or default)`);
      if (!Array.isArray(urls) || !urls.every(isProxyUrl)) throw new Error(`${kind}.${key} must be a list of http, https or socks5 proxy URLs`);
      byCountry[country] = urls as string[];
    }
    lists[kind] = byCountry;
  }
  return new Pools(lists);
}

/** The country a URL's top-level domain names (`.de` → de, `.co.uk` → gb), or undefined for generic domains. */
export function countryOfUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  const tld = host.replace(/\.$/, '').split('.').pop() ?? '';
  if (!/^[a-z]{2}$/.test(tld)) return undefined;
  const country = TLD_COUNTRY[tld] ?? tld;
  return RESIDENTIAL_COUNTRIES.has(country) ? country : undefined;
}

/** The country `country: auto` picks among the pools of `kind` (which has some): the url's, when served, else the pool's default. */
export function autoCountry(kind: ProxyKind, url: string | undefined, pools: Pools): string {
  const fromUrl = countryOfUrl(url);
  return fromUrl && pools.countries(kind).includes(fromUrl) ? fromUrl : (pools.defaultCountry(kind) as string);
}

/**
 * Where a session's traffic goes (contract 2.11): the user's own proxy URL, the next proxy of
 * the chosen pool and country, or null for a direct connection (datacenter with no proxy file,
 * or no datacenter pool in it). `url` is the session's first URL, for `country: auto`. Throws
 * 400 invalid_request for a country outside the contract's lists or one with no upstream.
 */
export function resolveUpstream(setting: ProxySetting, url: string | undefined, pools: Pools | null): Upstream | null {
  if (typeof setting === 'string') return { kind: 'datacenter', url: setting, country: null, byo: true };
  const { kind, country } = setting;
  const allowed = kind === 'datacenter' ? DATACENTER_COUNTRIES : RESIDENTIAL_COUNTRIES;
  if (country !== 'auto' && !allowed.has(country)) {
    throw httpErrors.invalid(`proxy.country ${country} is not a ${kind} country`, { path: 'proxy.country', expected: `auto or one of the ${kind} country codes` });
  }
  if (!pools?.has(kind)) {
    if (kind === 'datacenter') return null;
    throw httpErrors.invalid('No residential proxies are configured on this server', { path: 'proxy.kind', expected: 'datacenter (this server has no residential proxies)' });
  }
  const chosen = country === 'auto' ? autoCountry(kind, url, pools) : country;
  const next = pools.next(kind, chosen);
  if (!next) {
    throw httpErrors.invalid(`No ${kind} proxy is configured for country ${chosen}`, { path: 'proxy.country', expected: `one of: ${pools.countries(kind).join(', ')}` });
  }
  return { kind, url: next, country: chosen, byo: false };
}
