// The program's API object for one window: every method of ./protocol.ts, each handing the work
// to the module that holds it. A frame's copy numbers elements in the top window's store when it
// can reach it, so refs are one namespace per page.
import { closeOverlay, giveUpOverlay, markOwnInput, overlayGone, unlockScroll } from './blockers/popups.js';
import { consentOutcome } from './blockers/consent.js';
import { probe } from './captcha/probe.js';
import { applyToken, captchaWidget } from './captcha/widget.js';
import { documentStatus, light, nextTurn, quiet, restoreSessionEntries, selectorProblem, sessionEntries } from './document.js';
import { extract } from './extract/fields.js';
import { elementCalls } from './element-calls.js';
import { look } from './observation.js';
import { outline } from './outline.js';
import type { ProgramApi } from './page-side.js';
import { jump, settleScroll } from './scrolling.js';
import { aimFill, chooseInSelect, ClickWatch, fieldAfter } from './target/act.js';
import { leaveField } from './target/field.js';
import { findTarget } from './target/find.js';
import type { Gone } from './target/types.js';
import { clickTargetsOf } from './walk/listeners.js';
import { RefStore, type Resolved } from './walk/refs.js';
import { scrollBox } from './walk/scroll.js';
import { restoreOrigin } from './storage/restore.js';
import type { WalkOptions } from './walk/types.js';
import { walkPage } from './walk/walk.js';

const GONE: Gone = { state: 'gone' };

function installedIn(win: Window | null, key: symbol): ProgramApi | undefined {
  try {
    return win ? ((win as unknown as Record<symbol, ProgramApi | undefined>)[key] ?? undefined) : undefined;
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

/** The API for `win`, installed under `key`; `clickTargets` holds the elements this realm's hooks saw given click listeners. */
export function createApi(win: Window, key: symbol, clickTargets: WeakSet<Element>): ProgramApi {
  const doc = win.document;
  const own = new RefStore();
  // One numbering per page: every frame's copy defers to the top window's store when it can reach it.
  const store = (): RefStore => {
    const top = topOf(win);
    return (top !== win ? installedIn(top, key)?.refs : undefined) ?? own;
  };
  // Elements of another frame were hooked by that frame's own hooks.
  const hasClickListener = (el: Element): boolean => {
    if (clickTargets.has(el)) return true;
    const view = el.ownerDocument.defaultView;
    if (!view || view === (win as unknown)) return false;
    return clickTargetsOf(view)?.has(el) ?? false;
  };
  // The last walk's cross-origin iframes, for node to match them with its frames.
  let foreign: Element[] = [];
  const watch = new ClickWatch(win);
  const resolve = (ref: string): Resolved | null => store().resolve(String(ref), topOf(win).document);
  /** Ref's element when the top document itself holds it; null when it is gone, 'frame' when it is in an iframe. */
  const inTop = (ref: string): Element | null | 'frame' => {
    const found = resolve(ref);
    if (!found) return null;
    return found.frames.length === 0 ? found.element : 'frame';
  };
  const walk = (options: WalkOptions) => walkPage({ win, refs: store(), hasClickListener, foreign: (foreign = []) }, options);
  return {
    walk,
    look: (options, walkIfQuietFor) => look(win, walk, options, walkIfQuietFor),
    content: (options) => {
      const { content, nextRef } = walk(options);
      return { content, nextRef };
    },
    foreignSlots: (owners) => owners.map((el) => foreign.indexOf(el)),
    light: () => light(win),
    quiet: (turnMs) => quiet(win, turnMs),
    nextTurn: (capMs) => nextTurn(win, capMs),
    documentStatus: () => documentStatus(win),
    userAgent: () => win.navigator.userAgent,
    closing: () => win.closed,
    sessionEntries: () => sessionEntries(win),
    restoreSessionEntries: (entries) => restoreSessionEntries(win, entries),
    restoreOrigin: (saved) => restoreOrigin(win, saved),
    root: () => doc.documentElement,
    selectorProblem: (selector) => selectorProblem(doc, selector),
    find: (query) => findTarget({ win, refs: store(), hasClickListener }, query),
    refElement: (ref) => {
      const el = inTop(ref);
      return el === 'frame' ? null : el;
    },
    refDepth: (ref) => resolve(ref)?.frames.length ?? -1,
    refFrame: (ref, index) => resolve(ref)?.frames[index] ?? null,
    refFromTop: (ref) => installedIn(win.top, key)?.resolve(ref)?.element ?? null,
    aimClick: async (ref) => {
      const el = inTop(ref);
      return el === null ? GONE : el === 'frame' ? { state: 'slow' } : watch.aim(el);
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
    scrollBox: () => scrollBox(win),
    jump: (top) => jump(win, top),
    settleScroll: (capMs) => settleScroll(win, capMs),
    closeOverlay: (minTextBehind) => closeOverlay(win, minTextBehind),
    overlayGone: (ms) => overlayGone(win, ms),
    markOwnInput: (own) => markOwnInput(win, own),
    giveUpOverlay: () => giveUpOverlay(win),
    unlockScroll: () => unlockScroll(win),
    consentOutcome: (budgetMs, startGraceMs) => consentOutcome(win, budgetMs, startGraceMs),
    probe: (limits) => probe(doc, limits),
    captchaWidget: (vendor) => captchaWidget(doc, vendor),
    applyToken: (vendor, token, index) => applyToken(doc, vendor, token, index),
    extract: (fields) => extract(doc, fields),
    outline: (budget) => outline(doc, budget),
    element: elementCalls,
    refs: own,
    resolve,
  };
}
