// The in-page script, injected at document start in every frame (context.addInitScript). It hooks
// addEventListener before the page's own scripts run, then installs the walker under a registered
// symbol. A second run finds it installed and does nothing.
import { createApi } from './api.js';
import { hookClickListeners } from './listeners.js';
import { PAGE_KEY } from './protocol.js';

const key = Symbol.for(PAGE_KEY);
const holder = globalThis as unknown as Record<symbol, unknown>;

if (typeof window !== 'undefined' && !Object.prototype.hasOwnProperty.call(holder, key)) {
  const clickTargets = hookClickListeners();
  Object.defineProperty(holder, key, {
    value: createApi(window, clickTargets),
    enumerable: false,
    configurable: false,
    writable: false,
  });
}
