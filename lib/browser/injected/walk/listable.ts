// Whether a candidate the element pass found is really there to click: the last look, taken once
// the pass has reached (and judged the visibility of) everything inside it.
import type { WalkCache } from './cache.js';
import type { Candidate } from './elements.js';
import { paintsWithin } from './icons.js';
import { composedParent, REPLACED_TAGS } from './tree.js';

/**
 * True when an ancestor that clips its overflow (hidden or clip, not a scroller) leaves nothing of
 * `el` showing: a menu or drawer parked outside its container. Asked only of what aria-hidden
 * covers, where such parking is the rule; elsewhere the verdicts' cheaper tests stand.
 */
function clippedAway(cache: WalkCache, el: Element): boolean {
  const box = el.getBoundingClientRect();
  for (let up = composedParent(el); up && up !== el.ownerDocument.documentElement; up = composedParent(up)) {
    const style = cache.style(up);
    const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
    const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
    if (!clipsX && !clipsY) continue;
    const clip = up.getBoundingClientRect();
    if (clipsX && (box.right <= clip.left || box.left >= clip.right)) return true;
    if (clipsY && (box.bottom <= clip.top || box.top >= clip.bottom)) return true;
  }
  return false;
}

/** True when a candidate is really there to click: it has a box and the browser agrees it is visible. */
export function listable(cache: WalkCache, candidate: Candidate): boolean {
  const { el } = candidate;
  if (candidate.dropped) return false;
  if (candidate.proxied) {
    const labels = (el as HTMLInputElement).labels;
    return !!labels && Array.from(labels).some((label) => cache.shown(label));
  }
  if (candidate.ariaHidden && clippedAway(cache, el)) return false;
  if (candidate.icon) return true;
  // No area of its own (an inline link around a floated or positioned icon, a font size of 0):
  // listed when something within it shows. Fields and options have boxes the browser draws.
  if (!REPLACED_TAGS.has(el.localName) && el.localName !== 'option') {
    const rect = el.getBoundingClientRect();
    if ((rect.width === 0 || rect.height === 0) && !paintsWithin(cache, el)) return false;
  }
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
}
