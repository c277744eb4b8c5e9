// Bootstrap, in every document of every frame before the page's own scripts (context.addInitScript):
// the mutation clock, the time of the last DOM change, so quietness is measured continuously
// rather than by sleeping and watching (the program reads it: ../document.ts).
import { partKey } from '../names.js';

/** Changes of one node within this window, past this many, are an animation, not loading. */
const ANIMATION_REPEATS = 3;
const ANIMATION_WINDOW_MS = 2_000;
/** Text that grows by more than this is content arriving, however often it changes. */
const GROWTH = 8;

/**
 * Records the time of the last DOM mutation under Symbol.for(partKey('clock')). An animation is
 * no loading: a node whose attributes, or whose text without growing, changed ANIMATION_REPEATS
 * times within ANIMATION_WINDOW_MS (a carousel's progress bar, a ticking clock) no longer moves
 * the clock with such changes. Added or removed elements always do, and so does growing text.
 */
function startClock(): void {
  const key = Symbol.for(partKey('clock'));
  const mark = (): void => {
    Object.defineProperty(window, key, { value: performance.now(), configurable: true, enumerable: false });
  };
  const recent = new WeakMap<Node, number[]>();
  const repeating = (node: Node, now: number): boolean => {
    const times = (recent.get(node) ?? []).filter((time) => now - time < ANIMATION_WINDOW_MS);
    times.push(now);
    recent.set(node, times);
    return times.length > ANIMATION_REPEATS;
  };
  const textOnly = (nodes: NodeList): boolean => Array.from(nodes).every((node) => node.nodeType === Node.TEXT_NODE);
  const textLength = (nodes: NodeList): number => Array.from(nodes).reduce((sum, node) => sum + (node.nodeValue ?? '').length, 0);
  mark();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      let animation = false;
      if (record.type === 'attributes') animation = repeating(record.target, now);
      else if (record.type === 'characterData') {
        animation = (record.target.nodeValue ?? '').length <= (record.oldValue ?? '').length + GROWTH && repeating(record.target, now);
      } else if (textOnly(record.addedNodes) && textOnly(record.removedNodes)) {
        // textContent = ...: the text node swapped for another.
        animation = textLength(record.addedNodes) <= textLength(record.removedNodes) + GROWTH && repeating(record.target, now);
      }
      if (!animation) {
        mark();
        return;
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true, characterDataOldValue: true });
}

if (typeof window !== 'undefined' && !Object.prototype.hasOwnProperty.call(window, Symbol.for(partKey('clock')))) startClock();
