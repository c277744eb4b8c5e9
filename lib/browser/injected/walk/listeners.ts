import { partKey } from '../names.js';

/** Event types that make an element something a person clicks. */
const CLICK_TYPES = new Set(['click', 'mousedown', 'pointerdown', 'touchstart']);

/**
 * Wraps `EventTarget.prototype.addEventListener` of this realm so that elements given a click-like
 * listener are remembered in a WeakSet. Behaviour is unchanged (the original runs with the same
 * `this` and arguments, and its result or exception is passed through), and the wrapper keeps
 * the original's name, length and source text. Returns the set.
 */
function hookClickListeners(): WeakSet<Element> {
  const targets = new WeakSet<Element>();
  // Taken now, before the page's scripts could replace it.
  const apply = Reflect.apply;
  const proto = EventTarget.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(proto, 'addEventListener');
  const original = descriptor?.value as ((this: EventTarget, ...args: unknown[]) => void) | undefined;
  if (!descriptor || typeof original !== 'function') return targets;
  const hooked = function addEventListener(this: EventTarget, type: unknown, listener: unknown): void {
    try {
      if (listener && typeof type === 'string' && CLICK_TYPES.has(type) && (this as Node | null)?.nodeType === 1) {
        targets.add(this as Element);
      }
    } catch {
      // Never let the bookkeeping change what the page sees.
    }
    // eslint-disable-next-line prefer-rest-params
    return apply(original, this, arguments) as void;
  };
  Object.defineProperty(hooked, 'name', { value: original.name, configurable: true });
  Object.defineProperty(hooked, 'length', { value: original.length, configurable: true });
  const source = Function.prototype.toString.call(original);
  Object.defineProperty(hooked, 'toString', { value: () => source, configurable: true, writable: true });
  Object.defineProperty(proto, 'addEventListener', { ...descriptor, value: hooked });
  return targets;
}

const hooksKey = Symbol.for(partKey('hooks'));

/**
 * Hooks this realm's click listeners once and keeps the set under a registered symbol (not
 * enumerable), where the walker, installed later, and the walker of a parent frame find it.
 * A second call returns the set the first made.
 */
export function installHooks(): WeakSet<Element> {
  const holder = globalThis as unknown as Record<symbol, WeakSet<Element> | undefined>;
  const installed = holder[hooksKey];
  if (installed) return installed;
  const targets = hookClickListeners();
  Object.defineProperty(holder, hooksKey, { value: targets, enumerable: false, configurable: false, writable: false });
  return targets;
}

/** The click targets the hooks of `win`'s realm saw, if it has them and can be reached. */
export function clickTargetsOf(win: Window): WeakSet<Element> | undefined {
  try {
    return (win as unknown as Record<symbol, WeakSet<Element> | undefined>)[hooksKey];
  } catch {
    return undefined;
  }
}
