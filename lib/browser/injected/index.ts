// The in-page walker, which every top document starts with (lib/observe/bundle.ts
// topWalkerScript) and a frame gets when a walk first reaches it, under a registered symbol. It
// takes the click hooks the document started with (hooks.ts), or hooks now in a document that
// started without them. A second run finds it installed and does
// nothing.
import { createApi } from './api.js';
import { installHooks } from './walk/listeners.js';
import { PAGE_KEY } from './protocol.js';

const key = Symbol.for(PAGE_KEY);
const holder = globalThis as unknown as Record<symbol, unknown>;

if (typeof window !== 'undefined' && !Object.prototype.hasOwnProperty.call(holder, key)) {
  const clickTargets = installHooks();
  Object.defineProperty(holder, key, {
    value: createApi(window, clickTargets),
    enumerable: false,
    configurable: false,
    writable: false,
  });
}
