// What a CDP client of a session may ask, deny by default. The client holds a browser-level
// session and page sessions; each command is allowed as it is, allowed rewritten to the
// session's own context, answered here, or refused with a CDP error naming the method. The rules
// judge a method by what it does in Chromium, not by where it is sent: Target.createTarget opens
// a tab in the default context from any session, Memory and Tracing reach every process, a
// download behaviour or a file path would hand the client the server's disk.
import { MAX_CDP_PAGES } from '../../contract/cdp.js';
import { isWebUrl } from './urls.js';

/** A CDP command's parameters. */
export type Params = Record<string, unknown>;

/** A target filter as CDP states one: the first entry whose type matches decides; no match excludes. */
export type TargetFilter = ReadonlyArray<{ type?: string; exclude?: boolean }>;
/** Chromium's filter when a client gives none: every type but the browser and tabs. */
export const DEFAULT_FILTER: TargetFilter = [{ type: 'browser', exclude: true }, { type: 'tab', exclude: true }, {}];

/** What the rules know of the session: its context and the targets and protocol sessions in it. */
export interface Scope {
  /** The session's browser context id. */
  readonly contextId: string;
  /** The session's own page: it lives until the session ends, so no client closes it. */
  readonly mainTargetId: string;
  /** Whether `targetId` is a target of the session's context. */
  ownsTarget(targetId: unknown): boolean;
  /** Whether `sessionId` is a protocol session this client holds. */
  ownsSession(sessionId: unknown): boolean;
  /** How many pages the session's context holds. */
  pages(): number;
}

/** What becomes of one command. */
export type Ruling =
  /** Sent on, with these parameters; `shape` rewrites the result before the client sees it. */
  | { readonly verdict: 'send'; readonly params: Params; readonly shape?: (result: Params) => Params }
  /** Answered here with `result`; Chromium is not asked. */
  | { readonly verdict: 'answer'; readonly result: Params }
  /** Refused: the client gets a CDP error saying `reason`. */
  | { readonly verdict: 'refuse'; readonly reason: string }
  /** Browser-level auto-attach or target discovery, which the bridge performs itself for the session's targets alone (./bridge.ts). */
  | { readonly verdict: 'auto-attach' | 'discover'; readonly params: Params };

const send = (params: Params, shape?: (result: Params) => Params): Ruling => ({ verdict: 'send', params, shape });
const answer = (result: Params = {}): Ruling => ({ verdict: 'answer', result });
const refuse = (reason: string): Ruling => ({ verdict: 'refuse', reason });

/** The CDP error a refused command is answered with; the message names the method. */
export function refusal(method: string, reason: string): { code: number; message: string } {
  return { code: -32000, message: `${method} is refused by tabwright: ${reason}` };
}

const OTHER_CONTEXT = 'it names a browser context other than the session\'s';
const OTHER_TARGET = 'it names a target outside the session';
const NOT_WEB = 'only http(s) URLs and about:blank may be opened';
const BROWSER_WIDE = 'it reaches beyond the session (the whole browser or the machine)';

/**
 * The parameters with `browserContextId` set to the session's: absent means this session's
 * context (clients send browser-level commands without one), another one is refused.
 */
function inContext(scope: Scope, params: Params): Params | undefined {
  const id = params.browserContextId;
  if (id !== undefined && id !== scope.contextId) return undefined;
  return { ...params, browserContextId: scope.contextId };
}

function contextual(scope: Scope, params: Params): Ruling {
  const scoped = inContext(scope, params);
  return scoped ? send(scoped) : refuse(OTHER_CONTEXT);
}

/** A target the client names, when it must be the session's. */
function ownTarget(scope: Scope, params: Params, key = 'targetId'): Ruling {
  return scope.ownsTarget(params[key]) ? send(params) : refuse(OTHER_TARGET);
}

/** Target and Browser methods: they act on the whole browser wherever they are sent. */
function browserMethod(scope: Scope, method: string, params: Params, atBrowser: boolean): Ruling {
  switch (method) {
    case 'Browser.getVersion':
      return send(params);
    case 'Browser.setDownloadBehavior':
    case 'Page.setDownloadBehavior':
      // Downloads stay where tabwright keeps the session's: a client's path is on its own machine.
      return inContext(scope, params) ? answer() : refuse(OTHER_CONTEXT);
    case 'Browser.grantPermissions':
    case 'Browser.resetPermissions':
    case 'Browser.setPermission':
      return contextual(scope, params);
    case 'Browser.getWindowForTarget':
      return ownTarget(scope, params);
    case 'Storage.getCookies':
    case 'Storage.setCookies':
    case 'Storage.clearCookies':
      return atBrowser ? contextual(scope, params) : inContext(scope, params) ? send(params) : refuse(OTHER_CONTEXT);
    case 'Target.getBrowserContexts':
      // The session's context is the client's default one; there are no others to see.
      return answer({ browserContextIds: [] });
    case 'Target.getTargets':
      // The bridge's own discovery follows every type; a client asking without a filter gets Chromium's default.
      return send({ ...params, filter: params.filter ?? DEFAULT_FILTER }, (result) => ({
        ...result,
        targetInfos: ((result.targetInfos as Params[] | undefined) ?? []).filter((info) => info.browserContextId === scope.contextId),
      }));
    case 'Target.getTargetInfo':
      return params.targetId === undefined ? send(params) : ownTarget(scope, params);
    case 'Target.activateTarget':
      return ownTarget(scope, params);
    case 'Target.attachToTarget':
      if (params.flatten !== true) return refuse('only flat sessions (flatten: true) are served');
      return ownTarget(scope, params);
    case 'Target.detachFromTarget':
      if (params.sessionId !== undefined) return scope.ownsSession(params.sessionId) ? send(params) : refuse('it names a protocol session this client does not hold');
      return ownTarget(scope, params);
    case 'Target.closeTarget':
      if (params.targetId === scope.mainTargetId) return refuse('the session\'s own page closes with the session (DELETE /v1/sessions/{id})');
      return ownTarget(scope, params);
    case 'Target.createTarget': {
      const url = params.url === '' || params.url === undefined ? 'about:blank' : params.url;
      if (!isWebUrl(url)) return refuse(NOT_WEB);
      if (scope.pages() >= MAX_CDP_PAGES) return refuse(`the session holds ${MAX_CDP_PAGES} pages, the most it may`);
      const scoped = inContext(scope, params);
      return scoped ? send({ ...scoped, url }) : refuse(OTHER_CONTEXT);
    }
    case 'Target.setAutoAttach':
      if (params.flatten !== true) return refuse('only flat sessions (flatten: true) are served');
      return atBrowser ? { verdict: 'auto-attach', params } : send(params);
    case 'Target.attachToBrowserTarget':
      // A second browser-level session (Playwright's newCDPSession asks for one): the bridge holds it to these same rules.
      return atBrowser ? send(params) : refuse('a page session hands out no browser session');
    case 'Target.setDiscoverTargets':
      return atBrowser ? { verdict: 'discover', params } : refuse('send it on the browser session');
    default:
      return refuse(method.startsWith('Target.') ? 'it would hand out or relay a session beyond this one' : BROWSER_WIDE);
  }
}

/** Domains a page session serves whole, but for the methods `pageMethod` rules on first. */
const PAGE_DOMAINS = new Set([
  'Accessibility', 'Animation', 'Audits', 'CSS', 'CacheStorage', 'Console', 'DOM', 'DOMDebugger', 'DOMSnapshot', 'DOMStorage',
  'Debugger', 'DeviceOrientation', 'Emulation', 'EventBreakpoints', 'Fetch', 'HeapProfiler', 'IO', 'IndexedDB', 'Input', 'Inspector',
  'LayerTree', 'Log', 'Media', 'Network', 'Overlay', 'Page', 'Performance', 'PerformanceTimeline', 'Preload', 'Profiler', 'Runtime',
  'Schema', 'Security', 'Storage', 'WebAudio', 'WebAuthn',
]);

/** Methods of the page domains that reach outside the page: the server's files, other URLs, the renderer's life. */
function pageMethod(scope: Scope, method: string, params: Params, sessionTarget: string | undefined): Ruling | undefined {
  switch (method) {
    case 'Page.navigate':
      return isWebUrl(params.url) ? send(params) : refuse(NOT_WEB);
    case 'Fetch.continueRequest':
    case 'Network.continueInterceptedRequest':
      return params.url === undefined || isWebUrl(params.url) ? send(params) : refuse(NOT_WEB);
    case 'Page.close':
      return sessionTarget === scope.mainTargetId ? refuse('the session\'s own page closes with the session (DELETE /v1/sessions/{id})') : send(params);
    case 'Page.crash':
      return refuse('the session\'s pages end with the session');
    case 'DOM.setFileInputFiles':
    case 'DOM.getFileInfo':
      return refuse('files enter a page from the client, never from the server\'s disk (send their contents, e.g. setInputFiles with buffers)');
    case 'Input.dispatchDragEvent': {
      const files = (params.data as Params | undefined)?.files;
      return Array.isArray(files) && files.length > 0 ? refuse('files enter a page from the client, never from the server\'s disk') : send(params);
    }
    case 'Network.loadNetworkResource':
      return refuse('it loads through the browser, around the page (file: URLs included)');
    default:
      return undefined;
  }
}

/**
 * The ruling on `method` sent by this client: on a browser-level session (its root, or one
 * attachToBrowserTarget gave it) when `sessionId` is undefined, else on that page session (which
 * must be the client's; the bridge checks first).
 */
export function rule(scope: Scope, method: string, params: Params, at: { sessionId?: string; targetId?: string } = {}): Ruling {
  const domain = method.slice(0, method.indexOf('.'));
  if (at.sessionId === undefined) return browserMethod(scope, method, params, true);
  if (domain === 'Target' || domain === 'Browser' || method === 'Page.setDownloadBehavior') return browserMethod(scope, method, params, false);
  if (domain === 'Storage' && method !== 'Storage.getCookies' && method !== 'Storage.setCookies' && method !== 'Storage.clearCookies') {
    return params.browserContextId === undefined ? send(params) : refuse(OTHER_CONTEXT);
  }
  if (domain === 'Storage') return browserMethod(scope, method, params, false);
  if (!PAGE_DOMAINS.has(domain)) return refuse(BROWSER_WIDE);
  return pageMethod(scope, method, params, at.targetId) ?? send(params);
}
