import { PAGE_KEY, type PageApi, type WalkOptions } from './protocol.js';
import { clickTargetsOf } from './listeners.js';
import { RefStore } from './refs.js';
import { scrollBox, scrollPageTo, type ScrollBox } from './scroll.js';
import { walkPage } from './walk.js';
import { findTarget, type FindQuery, type FindResult } from '../../target/page/find.js';

/** The installed object: the protocol's API plus what the node side's steps ask of it. */
export interface PageInternals extends PageApi {
  /** This copy's ref store; a copy in a frame defers to the top window's. */
  readonly refs: RefStore;
  /** Finds a step's target by text or label and gives it a ref (lib/target). */
  find(query: FindQuery): FindResult;
  /** Where the page scrolls (the window, or the panel an app layout scrolls in), for the scroll steps. */
  scrollBox(): ScrollBox;
  /** Moves what scrolls the page to `top` px or the bottom, at once. */
  scrollTo(top: number | 'bottom'): void;
}

const key = Symbol.for(PAGE_KEY);

/** What a walk assumes for options the caller left out. */
const DEFAULTS: WalkOptions = { mode: 'main', format: 'markdown', includeLinks: false, includeMap: false, maxTextLength: 12_000, nextRef: 1 };

function installedIn(win: Window | null): PageInternals | undefined {
  try {
    return win ? ((win as unknown as Record<symbol, PageInternals | undefined>)[key] ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

function topOf(win: Window): Window {
  try {
    return win.top && win.top.document ? win.top : win;
  } catch {
    return win;
  }
}

/** The API for `win`, remembering click listeners in `clickTargets` (filled by this realm's hook). */
export function createApi(win: Window, clickTargets: WeakSet<Element>): PageInternals {
  const own = new RefStore();
  // One numbering per page: every frame's copy defers to the top window's store when it can reach it.
  const store = (): RefStore => {
    const top = topOf(win);
    return (top !== win ? installedIn(top)?.refs : undefined) ?? own;
  };
  // Elements of another frame were hooked by that frame's own hooks.
  const hasClickListener = (el: Element): boolean => {
    if (clickTargets.has(el)) return true;
    const view = el.ownerDocument.defaultView;
    if (!view || view === (win as unknown)) return false;
    return clickTargetsOf(view)?.has(el) ?? false;
  };
  // The last walk's cross-origin iframes, for the node side to match them with its frames.
  let foreign: Element[] = [];
  return {
    walk: (options) => walkPage({ win, refs: store(), hasClickListener, foreign: (foreign = []) }, { ...DEFAULTS, ...options }),
    foreignFrame: (el) => foreign.indexOf(el),
    resolve: (ref) => store().resolve(String(ref), topOf(win).document),
    find: (query) => findTarget({ win, refs: store(), hasClickListener }, query),
    refs: own,
    scrollBox: () => scrollBox(win),
    scrollTo: (top) => scrollPageTo(win, top),
  };
}
