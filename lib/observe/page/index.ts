// The in-page walker, installed in a page's top document when first needed (lib/observe/bundle.ts)
// under a registered symbol. It takes the click hooks the document started with (hooks.ts), or
// hooks now in a document that started without them. A second run finds it installed and does
// nothing.
import { createApi } from './api.js';
import { installHooks } from './listeners.js';
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
