// What a session's context is opened with, and which of those a context made ahead of time (the
// warm pool's) can serve: one made with every default, for any create that asks for nothing else.
import type { ContextCookies } from './cookies.js';
import { blockedTypes } from './resources.js';
import { autoCountry, type Pools, type ProxySetting } from '../../network/upstream.js';

/** Context options a create may set (contract 4.1). */
export interface ContextSettings {
  viewport: { width: number; height: number };
  /** A custom User-Agent; absent means the next one of the rotating pool. */
  userAgent?: string;
  locale?: string;
  timezoneId?: string;
  cookies?: ContextCookies;
  /** `block_resources` of the create body (media is always blocked). */
  blockResources: readonly string[];
  autoDismissBlockers: boolean;
  /** The session's account: AI selector resolutions are cached per account and domain. */
  accountId?: string;
  /** The create's `proxy` (default datacenter, country auto) and `url` (for country auto). */
  proxy?: ProxySetting;
  url?: string;
  /** The create's `trace`: record a Playwright trace, written when the page closes. */
  trace?: boolean;
  /** The id the session will have: the trace's file name. */
  sessionId?: string;
}

/** The create's default viewport (contract 4.1). */
export const DEFAULT_VIEWPORT = { width: 1280, height: 720 } as const;
/** The create's default `block_resources`. */
export const DEFAULT_BLOCK_RESOURCES = ['image', 'font'] as const;
/** The create's default `proxy`. */
export const DEFAULT_PROXY = { kind: 'datacenter', country: 'auto' } as const;

/** The settings of a context made ahead of time: every default, for no session yet. */
export const WARM_SETTINGS: ContextSettings = {
  viewport: { ...DEFAULT_VIEWPORT },
  blockResources: DEFAULT_BLOCK_RESOURCES,
  autoDismissBlockers: true,
  proxy: DEFAULT_PROXY,
};

const sameBlocking = (a: readonly string[], b: readonly string[]): boolean => {
  const [x, y] = [blockedTypes(a), blockedTypes(b)];
  return x.size === y.size && [...x].every((type) => y.has(type));
};

/**
 * Whether a context made with WARM_SETTINGS serves a create with `settings` exactly as one made
 * for it would: every option at its default (block_resources compared as what is blocked, so
 * listing media changes nothing), no trace, and the proxy datacenter with country auto. Auto may
 * depend on the url (its top-level domain picks a configured country): a url whose country the
 * pools serve apart from the default gets a context of its own; with no datacenter pool every
 * session goes direct and any url fits. The account is bound when the context is taken.
 */
export function takesWarmContext(settings: ContextSettings, pools: Pools | null): boolean {
  const proxy = settings.proxy ?? DEFAULT_PROXY;
  return (
    settings.viewport.width === DEFAULT_VIEWPORT.width &&
    settings.viewport.height === DEFAULT_VIEWPORT.height &&
    settings.userAgent === undefined &&
    settings.locale === undefined &&
    settings.timezoneId === undefined &&
    (settings.cookies?.length ?? 0) === 0 &&
    sameBlocking(settings.blockResources, DEFAULT_BLOCK_RESOURCES) &&
    settings.autoDismissBlockers &&
    !settings.trace &&
    typeof proxy === 'object' &&
    proxy.kind === DEFAULT_PROXY.kind &&
    proxy.country === DEFAULT_PROXY.country &&
    (!pools?.has('datacenter') || autoCountry('datacenter', settings.url, pools) === autoCountry('datacenter', undefined, pools))
  );
}
