// In the page: what a document says of its own state, for the stability check, a navigation's
// outcome and the steps that need a fact of the page.
import { partKey } from './names.js';
import type { DomQuiet, LightRead } from './walk/types.js';

/** Whether `<html>` or `<body>` is transparent or hidden (an anti-flicker snippet holding the page). */
export function rootHidden(doc: Document): boolean {
  return [doc.documentElement, doc.body].some((el) => {
    if (!el) return false;
    const style = getComputedStyle(el);
    return style.opacity === '0' || style.visibility === 'hidden';
  });
}

/** The document's quiet now, from the mutation clock its bootstrap started (./boot/clock.ts). */
export function quietNow(win: Window): DomQuiet {
  const last = (win as unknown as Record<symbol, number | undefined>)[Symbol.for(partKey('clock'))];
  return {
    // No clock (a document its init script missed): quiet as far as anyone knows, in a number JSON carries.
    quietFor: last === undefined ? Number.MAX_VALUE : performance.now() - last,
    loaded: win.document.readyState === 'complete',
    hidden: rootHidden(win.document),
  };
}

/** The document's quiet now or, with `turnMs`, a task from now (at most that long): what its handlers scheduled in answer to an action has run. */
export function quiet(win: Window, turnMs: number): DomQuiet | Promise<DomQuiet> {
  if (turnMs <= 0) return quietNow(win);
  return new Promise((resolve) => {
    const done = (): void => resolve(quietNow(win));
    win.setTimeout(done, 0);
    win.setTimeout(done, turnMs);
  });
}

/** Resolves after the next frame and a task after it, or after `capMs` (a page that paints no frames, or answers slowly). */
export function nextTurn(win: Window, capMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
    win.setTimeout(resolve, capMs);
  });
}

/** The HTTP status of the document's response, from Navigation Timing; null when it does not say. */
export function documentStatus(win: Window): number | null {
  return (win.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseStatus ?? null;
}

/** The title and the window's scroll position, for `page: light` (no walk). */
export function light(win: Window): LightRead {
  const doc = win.document;
  const root = doc.scrollingElement ?? doc.documentElement;
  const viewport = win.innerHeight;
  const height = Math.max(root?.scrollHeight ?? 0, viewport);
  const y = Math.round(win.scrollY);
  const percent = height > 0 ? Math.min(100, Math.max(0, Math.round(((y + viewport) / height) * 100))) : 100;
  return { title: doc.title, scroll: { y, height, viewport, percent } };
}

/** Null when `selector` is valid and matches something in the document; otherwise what is wrong with it. */
export function selectorProblem(doc: Document, selector: string): string | null {
  try {
    return doc.querySelectorAll(selector).length > 0 ? null : `"${selector}" matches nothing on the page`;
  } catch {
    return `"${selector}" is not a valid CSS selector`;
  }
}

/**
 * The tab's sessionStorage, as [key, value] pairs (a fork copies it); none where the document may
 * not read it (an opaque origin, storage turned off).
 */
export function sessionEntries(win: Window): Array<[string, string]> {
  try {
    const storage = win.sessionStorage;
    const entries: Array<[string, string]> = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key !== null) entries.push([key, storage.getItem(key) ?? '']);
    }
    return entries;
  } catch {
    return [];
  }
}

/** Writes `entries` into the tab's sessionStorage (a fork's, before its first page); answers how many were written. */
export function restoreSessionEntries(win: Window, entries: ReadonlyArray<readonly [string, string]>): number {
  let written = 0;
  try {
    for (const [key, value] of entries) {
      win.sessionStorage.setItem(String(key), String(value));
      written++;
    }
  } catch {
    // Over the origin's quota, or storage turned off: what fitted stays.
  }
  return written;
}
