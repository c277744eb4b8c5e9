import { HOOKS_KEY, PAGE_KEY, type PageApi, type WalkOptions } from './protocol.js';
import { clickTargetsOf } from './walk/listeners.js';
import { RefStore } from './walk/refs.js';
import { scrollBox, scrollPageTo, type ScrollBox } from './walk/scroll.js';
import { walkPage } from './walk/walk.js';
import { findTarget, type FindQuery, type FindResult } from './target/find.js';
import { aimFill, chooseInSelect, ClickWatch, fieldAfter, type ClickAim, type FillAim, type Landing, type SelectDone } from './target/act.js';
import { leaveField, type FieldState } from './target/field.js';

/** A ref the page no longer holds. */
export interface Gone {
  state: 'gone';
}

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
  /** Readies a click on ref's element in the top document and watches its events (lib/target/page/act.ts). */
  aimClick(ref: string): Promise<ClickAim | Gone>;
  /** Where the watched click landed. */
  clickLanded(): Landing;
  /** Focuses ref's field and selects its content, for the keyboard to replace. */
  aimFill(ref: string): FillAim | Gone;
  /** Takes the focus from ref's field, so it fires `change` as it does for a person; false when the ref is gone. */
  leaveField(ref: string): boolean;
  /** Ref's field once the page has reacted to a fill. */
  fieldAfter(ref: string): Promise<FieldState | Gone>;
  /** Chooses the options `wanted` names in ref's <select>, if it is ready for it (`many`: the step gave an array). */
  chooseOptions(ref: string, wanted: readonly string[], many: boolean): SelectDone | Gone;
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
  const watch = new ClickWatch(win);
  const GONE: Gone = { state: 'gone' };
  const resolve = (ref: string): ReturnType<RefStore['resolve']> => store().resolve(String(ref), topOf(win).document);
  /** Ref's element when the top document itself holds it; null when it is gone, a frame's when in a frame. */
  const inTop = (ref: string): Element | null | 'frame' => {
    const found = resolve(ref);
    if (!found) return null;
    return found.frames.length === 0 ? found.element : 'frame';
  };
  return {
    walk: (options) => walkPage({ win, refs: store(), hasClickListener, foreign: (foreign = []) }, { ...DEFAULTS, ...options }),
    foreignFrame: (el) => foreign.indexOf(el),
    resolve,
    find: (query) => findTarget({ win, refs: store(), hasClickListener }, query),
    refs: own,
    scrollBox: () => scrollBox(win),
    scrollTo: (top) => scrollPageTo(win, top),
    aimClick: async (ref) => {
      const el = inTop(ref);
      return el === null ? GONE : el === 'frame' ? { state: 'slow' } : watch.aim(el, HOOKS_KEY);
    },
    clickLanded: () => watch.landed(),
    aimFill: (ref) => {
      const el = inTop(ref);
      return el === null ? GONE : el === 'frame' ? { state: 'slow' } : aimFill(el);
    },
    leaveField: (ref) => {
      const el = inTop(ref);
      if (el === null || el === 'frame') return false;
      leaveField(el);
      return true;
    },
    fieldAfter: async (ref) => {
      const el = inTop(ref);
      return el === null || el === 'frame' ? GONE : fieldAfter(el);
    },
    chooseOptions: (ref, wanted, many) => {
      const el = inTop(ref);
      return el === null ? GONE : el === 'frame' ? { state: 'slow' } : chooseInSelect(el, wanted, many);
    },
  };
}
