// What a session's context is opened with, and which of those a context made ahead of time (the
// warm pool's) can serve: one made with every default, for any create that asks for nothing else.
import { DEFAULT_BLOCK_RESOURCES, DEFAULT_PROXY, DEFAULT_VIEWPORT, type SessionSettings } from '../../contract/request/settings.js';
import { blockedTypes } from './resources.js';
import type { StorageState } from '../state/storage.js';
import { autoCountry, type Pools } from '../../network/upstream.js';
import type { PlanName } from '../../contract/plans.js';

/** What a session's context is opened with: a create's settings (contract 4.1), by their names there, and whose it is. */
export type ContextSettings = Partial<SessionSettings> & Pick<SessionSettings, 'viewport' | 'block_resources' | 'auto_dismiss_blockers'> & {
  /** The session's account: AI selector resolutions are cached per account and domain. */
  accountId?: string;
  /** Its key's plan: the bounds on what its pages may download. */
  plan?: PlanName;
  /** The create's `url`, for the proxy's country auto. */
  url?: string;
  /** The id the session will have: the trace's file name. */
  sessionId?: string;
  /** Cookies and storage the context starts with (a profile's, or a fork's source's). */
  storage?: StorageState;
  /**
   * The User-Agent the pool assigned a fork's source: the copy sends it too. Unlike `user_agent`
   * (the caller's own), a ready page of the warm pool takes it (actors/driver.ts changes its identity).
   */
  assignedUserAgent?: string;
  /** sessionStorage the page starts with for the origin of `url` (a fork's source tab's). */
  sessionEntries?: Array<[string, string]>;
};

/** The settings of a context made ahead of time: every default, for no session yet. */
export const WARM_SETTINGS: ContextSettings = {
  viewport: { ...DEFAULT_VIEWPORT },
  block_resources: [...DEFAULT_BLOCK_RESOURCES],
  auto_dismiss_blockers: true,
  proxy: DEFAULT_PROXY,
};

const sameBlocking = (a: readonly string[], b: readonly string[]): boolean => {
  const [x, y] = [blockedTypes(a), blockedTypes(b)];
  return x.size === y.size && [...x].every((type) => y.has(type));
};

/**
 * Whether a context made with WARM_SETTINGS serves a create with `settings` exactly as one made
 * for it would: every option at its default (no device, geolocation or permission: a context's
 * mobile layout and touch are fixed when it is made, and grants stay with a context made for
 * them; block_resources compared as what is blocked, so listing media changes nothing), no
 * trace, and the proxy datacenter with country auto. Auto may
 * depend on the url (its top-level domain picks a configured country): a url whose country the
 * pools serve apart from the default gets a context of its own; with no datacenter pool every
 * session goes direct and any url fits. The account is bound when the context is taken.
 */
export function takesWarmContext(settings: ContextSettings, pools: Pools | null): boolean {
  const proxy = settings.proxy ?? DEFAULT_PROXY;
  return (
    settings.viewport.width === DEFAULT_VIEWPORT.width &&
    settings.viewport.height === DEFAULT_VIEWPORT.height &&
    settings.user_agent === undefined &&
    settings.locale === undefined &&
    settings.timezone === undefined &&
    settings.device === undefined &&
    settings.geolocation === undefined &&
    (settings.permissions?.length ?? 0) === 0 &&
    (settings.cookies?.length ?? 0) === 0 &&
    sameBlocking(settings.block_resources, DEFAULT_BLOCK_RESOURCES) &&
    settings.auto_dismiss_blockers &&
    !settings.trace &&
    typeof proxy === 'object' &&
    proxy.kind === DEFAULT_PROXY.kind &&
    proxy.country === DEFAULT_PROXY.country &&
    (!pools?.has('datacenter') || autoCountry('datacenter', settings.url, pools) === autoCountry('datacenter', undefined, pools))
  );
}
