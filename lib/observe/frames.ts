// The cross-origin iframes of a page: which they are, and the in-page functions that walk them
// (serialised by Playwright, so each is self-contained).
import type { Frame, Page } from 'playwright';
import type { WalkOptions, WalkResult } from './page/protocol.js';

/** Runs in a cross-origin frame: one walk of its document, for its elements and forms. */
export function walkInFrame([key, options]: [string, WalkOptions]): WalkResult | null {
  const api = (globalThis as unknown as Record<symbol, { walk(o: WalkOptions): WalkResult } | undefined>)[Symbol.for(key)];
  return api ? api.walk(options) : null;
}

/** Runs in the page: which of the last walk's cross-origin frames each iframe element is (-1: none). */
export function foreignSlots([key, owners]: [string, Element[]]): number[] {
  const api = (globalThis as unknown as Record<symbol, { foreignFrame(e: Element): number } | undefined>)[Symbol.for(key)];
  return owners.map((el) => (api ? api.foreignFrame(el) : -1));
}

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/** The web frames directly under the page's top document from another origin: what its walker cannot read. */
export function foreignFrames(page: Page): Frame[] {
  const top = originOf(page.url());
  return page
    .mainFrame()
    .childFrames()
    .filter((frame) => {
      const origin = originOf(frame.url());
      return origin !== null && origin !== top;
    });
}
