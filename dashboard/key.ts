// The API key lives in sessionStorage only: it goes with the tab, never into localStorage or a URL.
const SLOT = 'tabwright.key';

/** The key this tab signed in with, or null. */
export const storedKey = (): string | null => sessionStorage.getItem(SLOT);

/** Keeps `key` for this tab. */
export const keepKey = (key: string): void => sessionStorage.setItem(SLOT, key);

/** Forgets the key (sign out). */
export const forgetKey = (): void => sessionStorage.removeItem(SLOT);
