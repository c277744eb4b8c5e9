// In the page: what the popup pass remembers of one document, and the agent's input it watches
// from the document's start (../boot/blockers.ts), so that overlays the agent opened are left alone.
import { partKey } from '../names.js';

/** The popup pass's memory within one document, under Symbol.for(partKey('input')). */
export interface PopupStore {
  /** The overlay being closed: its root and, over a bare backdrop, the modal box. */
  parts: Element[];
  /** Overlays left alone for good: they would not close, or the agent's own input opened them. */
  spared: WeakSet<Element>;
  /** Trusted pointer and key presses so far, and what was on screen at each. */
  inputs: number;
  atInput: WeakSet<Element>;
  /** Set while the pass itself presses Escape, which is not the agent's input. */
  ownInput: boolean;
}

const key = Symbol.for(partKey('input'));

/** The document's store, made now when its start did not make one (a document the init script missed). */
export function popupStore(win: Window): PopupStore {
  const scope = win as unknown as Record<symbol, PopupStore | undefined>;
  let store = scope[key];
  if (!store) {
    store = { parts: [], spared: new WeakSet(), inputs: 0, atInput: new WeakSet(), ownInput: false };
    Object.defineProperty(win, key, { value: store });
  }
  return store;
}

/**
 * At each trusted pointer or key press (the agent's clicks and keys), remembers the dialogs open
 * and what covers the viewport's middle, before the page reacts. An overlay missing from that
 * snapshot appeared after the agent's input, so the agent opened it (a login or quick-view
 * modal) and the pass leaves it alone; popups that came on their own were on screen already, or
 * appeared while no input had happened.
 */
export function watchInput(win: Window): void {
  if (Object.prototype.hasOwnProperty.call(win, key)) return;
  const store = popupStore(win);
  const snapshot = (event: Event): void => {
    if (!event.isTrusted || store.ownInput) return;
    store.inputs++;
    for (const el of win.document.querySelectorAll('dialog[open], [aria-modal=true]')) {
      if (el.checkVisibility()) store.atInput.add(el);
    }
    for (const el of win.document.elementsFromPoint(win.innerWidth / 2, win.innerHeight / 2)) store.atInput.add(el);
  };
  win.addEventListener('pointerdown', snapshot, { capture: true, passive: true });
  win.addEventListener('keydown', snapshot, { capture: true, passive: true });
}
