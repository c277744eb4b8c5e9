import { selectors } from 'playwright';
import { PAGE_KEY } from './page/protocol.js';

/** The selector engine name: `page.locator('tw-ref=e5')` finds ref e5 with Playwright's auto-wait. */
export const REF_ENGINE = 'tw-ref';

/**
 * Runs in the page: resolves a ref through the walker's map, which lives on the top window
 * (so refs inside same-origin iframes resolve from the iframe's own frame too).
 */
const engine = (key: string) => ({
  queryAll(root: Node, selector: string): Element[] {
    const symbol = Symbol.for(key);
    let api: { resolve(ref: string): { element: Element } | null } | undefined;
    try {
      api = (window.top as unknown as Record<symbol, typeof api>)[symbol];
    } catch {
      api = (window as unknown as Record<symbol, typeof api>)[symbol];
    }
    const element = api?.resolve(selector.trim())?.element;
    if (!element) return [];
    const doc = root.ownerDocument ?? root;
    return element.ownerDocument === doc ? [element] : [];
  },
  query(root: Node, selector: string): Element | null {
    return this.queryAll(root, selector)[0] ?? null;
  },
});

let registered: Promise<void> | undefined;

/** Registers the ref engine once per process, before any context is created. */
export function registerRefEngine(): Promise<void> {
  registered ??= selectors.register(REF_ENGINE, { content: `(${engine.toString()})(${JSON.stringify(PAGE_KEY)})` });
  return registered;
}
