import type { ScrollState } from '../types.js';

/** The window's scroll position as integers; `percent` is how far down the bottom of the viewport is, 0 to 100. */
export function scrollState(win: Window): ScrollState {
  const doc = win.document;
  const root = doc.scrollingElement ?? doc.documentElement;
  const viewport = Math.round(win.innerHeight);
  const y = Math.max(0, Math.round(win.scrollY));
  const height = Math.max(Math.round(root?.scrollHeight ?? 0), viewport);
  const percent = height > 0 ? Math.round(((y + viewport) / height) * 100) : 100;
  return { y, height, viewport, percent: Math.min(100, Math.max(0, percent)) };
}
