import type { SelectorKey, SelectorStore } from '../../platform/store/types.js';

/** Where a resolved selector is kept: one account, one domain, one description. */
export type CacheKey = SelectorKey;

/** AI-resolved selectors, kept in the store so every session of the account (on any node) reuses them. */
export class SelectorCache {
  constructor(
    private readonly store: SelectorStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached selector, if any. */
  get(key: CacheKey): Promise<string | null> {
    return this.store.getSelector(key);
  }

  /** Stores (or replaces) the selector for `key`. */
  put(key: CacheKey, selector: string): Promise<void> {
    return this.store.putSelector(key, selector, this.now());
  }
}
