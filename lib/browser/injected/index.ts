// The program's entry, bundled by scripts/bundles.mjs: every top document starts with it (an init
// script, lib/browser/program.ts topProgramScript) and a frame gets it when a call first needs it
// there. It installs the API (./api.ts) under Symbol.for(PROGRAM_KEY), taking the click hooks the
// document started with (./boot/hooks.ts), or hooking now in a document that started without
// them. A second run finds it installed and does nothing.
import { createApi } from './api.js';
import { PROGRAM_KEY } from './names.js';
import { installHooks } from './walk/listeners.js';

const key = Symbol.for(PROGRAM_KEY);
const holder = globalThis as unknown as Record<symbol, unknown>;

if (typeof window !== 'undefined' && !Object.prototype.hasOwnProperty.call(holder, key)) {
  const clickTargets = installHooks();
  Object.defineProperty(holder, key, { value: createApi(window, key, clickTargets), enumerable: false, configurable: false, writable: false });
}
