// In the page: finds the element a step names by `text` (buttons and links) or `label` (inputs),
// among what the walker considers visible and interactive, and gives it a ref so the node side
// acts on it through the ref engine. Bundled into the page script with the walker.
import { type ClickLookup, WalkCache } from '../walk/cache.js';
import { labelOf, roleOf } from '../walk/describe.js';
import { type Candidate, ElementWalker } from '../walk/elements.js';
import { listable } from '../walk/listable.js';
import type { RefStore } from '../walk/refs.js';
import { squash } from '../strings.js';
import { visibleText } from '../walk/text.js';
import type { FindQuery, FindResult } from './types.js';

const CLICKABLE_ROLES = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'switch', 'checkbox', 'radio']);
const BUTTON_INPUTS = new Set(['submit', 'button', 'reset', 'image']);
const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider', 'checkbox', 'radio', 'switch', 'listbox']);
const TEXT_MAX = 200;

const norm = (text: string): string => squash(text).toLowerCase();

/** Dice coefficient over character bigrams: how alike two short strings are, 0..1. */
function likeness(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  const grams = (s: string): Map<string, number> => {
    const out = new Map<string, number>();
    for (let i = 0; i < s.length - 1; i++) out.set(s.slice(i, i + 2), (out.get(s.slice(i, i + 2)) ?? 0) + 1);
    return out;
  };
  const x = grams(a);
  const y = grams(b);
  let shared = 0;
  for (const [gram, n] of x) shared += Math.min(n, y.get(gram) ?? 0);
  const total = Math.max(1, a.length - 1 + b.length - 1);
  return (2 * shared) / total;
}

function isClickable(el: Element): boolean {
  const tag = el.localName;
  if (tag === 'button' || tag === 'a' || tag === 'summary') return true;
  if (tag === 'input') return BUTTON_INPUTS.has((el as HTMLInputElement).type);
  return CLICKABLE_ROLES.has(roleOf(el));
}

function isField(el: Element, purpose: FindQuery['purpose']): boolean {
  const tag = el.localName;
  const type = tag === 'input' ? (el as HTMLInputElement).type : '';
  if (purpose === 'upload') return type === 'file';
  if (purpose === 'select') return tag === 'select' || ['combobox', 'listbox'].includes(roleOf(el));
  if (purpose === 'check') return type === 'checkbox' || type === 'radio' || ['checkbox', 'radio', 'switch'].includes(roleOf(el));
  if (tag === 'input') return !BUTTON_INPUTS.has(type);
  if (tag === 'textarea' || tag === 'select') return true;
  if ((el as HTMLElement).isContentEditable) return true;
  return FIELD_ROLES.has(roleOf(el)) || (purpose === 'click' || purpose === 'scroll' ? isClickable(el) : false);
}

/** Text of elements an aria-labelledby or <label> points at. */
function labelText(cache: WalkCache, el: Element): string {
  const parts: string[] = [];
  const ids = el.getAttribute('aria-labelledby');
  if (ids) {
    for (const id of ids.split(/\s+/)) {
      const ref = el.ownerDocument.getElementById(id);
      if (ref) parts.push(visibleText(cache, ref, TEXT_MAX) || squash(ref.textContent ?? ''));
    }
  }
  const labels = (el as HTMLInputElement).labels;
  if (labels) for (const label of Array.from(labels)) parts.push(squash(label.textContent ?? ''));
  return parts.join(' ');
}

/** The text just before a control: its preceding siblings, else its parent's other text (two levels up). */
function nearbyText(cache: WalkCache, el: Element): string {
  let node: Element | null = el;
  for (let level = 0; level < 3 && node; level++) {
    let text = '';
    for (let sib = node.previousElementSibling; sib && text.length < TEXT_MAX; sib = sib.previousElementSibling) {
      if (cache.shown(sib)) text = `${visibleText(cache, sib, TEXT_MAX)} ${text}`;
    }
    let prev = node.previousSibling;
    while (prev && prev.nodeType === 3) {
      text = `${prev.textContent ?? ''} ${text}`;
      prev = prev.previousSibling;
    }
    if (squash(text)) return squash(text);
    node = node.parentElement;
  }
  return '';
}

/** Label features in the contract's order: aria-label, placeholder, associated label, name, nearby text. */
function labelFeatures(cache: WalkCache, el: Element): string[] {
  return [
    el.getAttribute('aria-label') ?? '',
    el.getAttribute('placeholder') ?? el.getAttribute('aria-placeholder') ?? '',
    labelText(cache, el),
    el.getAttribute('name') ?? '',
    nearbyText(cache, el),
  ].map(squash);
}

function textFeatures(cache: WalkCache, el: Element): string[] {
  const value = el.localName === 'input' ? ((el as HTMLInputElement).value ?? '') : '';
  return [visibleText(cache, el, TEXT_MAX), value, el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? ''].map(squash);
}

/** The feature index given to a match on the listed label, after every text feature (never narrowed). */
const LISTED_LABEL = 4;

/** How a feature may match the wanted text, strictest first. */
const LEVELS: Array<(feature: string, wanted: string) => boolean> = [(f, w) => f === w, (f, w) => f.startsWith(w), (f, w) => f.includes(w)];

/** A match: the element, the feature that matched and how (level in LEVELS, case kept or folded). */
interface Match {
  el: Element;
  feature: number;
  level: number;
  folded: boolean;
}

/**
 * The first match in the contract's order: exact before prefix before substring; at each of
 * those, the text as written (case kept) before case folded, so "ok" finds "ok" and not an
 * earlier "Ok"; then feature order, then document order.
 */
function firstMatch(pool: Candidate[], features: string[][], wanted: string): Match | null {
  if (!wanted) return null;
  const folded = features.map((fs) => fs.map((f) => f.toLowerCase()));
  const width = features[0]?.length ?? 0;
  for (const [level, test] of LEVELS.entries()) {
    for (const fold of [false, true]) {
      const want = fold ? wanted.toLowerCase() : wanted;
      const table = fold ? folded : features;
      for (let feature = 0; feature < width; feature++) {
        const index = table.findIndex((fs) => test(fs[feature] ?? '', want));
        if (index >= 0) return { el: pool[index]!.el, feature, level, folded: fold };
      }
    }
  }
  return null;
}

/**
 * The element a `text` match stands for. When the match holds more text than asked ("Documents"
 * inside a folder row that also reads "Folder" and "Pictures"), it is the innermost element
 * holding the asked text, or the nearest element on the way up from there that handles clicks of
 * its own (a tree item inside the folder item): clicking the outer element's centre would act on
 * something else. A match on its whole text, or on another feature, stays as it is.
 */
function narrowed(cache: WalkCache, match: Match, wanted: string): Element {
  if (match.feature !== 0 || match.level === 0) return match.el;
  const want = match.folded ? wanted.toLowerCase() : wanted;
  const holds = (el: Element): boolean => {
    const text = visibleText(cache, el, TEXT_MAX);
    return (match.folded ? text.toLowerCase() : text).includes(want);
  };
  const path: Element[] = [];
  for (let node: Element | null = match.el; node; ) {
    let next: Element | null = null;
    for (let child: Element | null = node.firstElementChild; child && !next; child = child.nextElementSibling) if (cache.shown(child) && holds(child)) next = child;
    if (next) path.push(next);
    node = next;
  }
  for (let i = path.length - 1; i >= 0; i--) if (isClickTarget(cache, path[i]!)) return path[i]!;
  return path[path.length - 1] ?? match.el;
}

/** An element that handles clicks of its own: a control, a link or a click listener. */
function isClickTarget(cache: WalkCache, el: Element): boolean {
  return isClickable(el) || isField(el, 'click') || cache.hasClickListener(el) || el.hasAttribute('onclick');
}

/**
 * Finds the target: exact matches first, then prefix matches, then substring matches (spacing
 * ignored; at each, case as written before case folded), in feature order; among equals, the
 * first in document order. A `text` match inside a larger element narrows to the element that
 * reads exactly that text.
 */
export function findTarget(env: { win: Window; refs: RefStore; hasClickListener: ClickLookup }, query: FindQuery): FindResult {
  const doc = env.win.document;
  const cache = new WalkCache(doc, env.hasClickListener);
  const pass = new ElementWalker(cache, null, true).run();
  const wanted = squash(query.value);
  // Text names what is clicked (buttons, links, click-listener elements); a label names a field.
  const fits = (el: Element): boolean => (query.by === 'text' ? isClickable(el) || !isField(el, 'input') : isField(el, query.purpose));
  const pool: Candidate[] = pass.candidates.filter((c) => !c.foreign && listable(cache, c) && fits(c.el));
  // A listbox is a control to choose in (select, fill_form), though the element list shows its options rather than it.
  if (query.by === 'label' && (query.purpose === 'select' || query.purpose === 'input')) {
    const listed = new Set(pool.map((c) => c.el));
    for (const el of Array.from(doc.querySelectorAll('[role="listbox"]'))) {
      const candidate: Candidate = { el, landmark: null, near: '', form: null, dropped: false, proxied: false };
      if (!listed.has(el) && cache.shown(el) && listable(cache, candidate)) pool.push(candidate);
    }
  }
  const features = pool.map((c) => (query.by === 'text' ? textFeatures(cache, c.el) : labelFeatures(cache, c.el)));
  let found = firstMatch(pool, features, wanted);
  if (!found && query.by === 'text') {
    // The label the observation lists (an icon's alt, title or file name) is what an agent read
    // there; it is asked only when the page's own words match nothing, so they always win.
    const listed = firstMatch(pool, pool.map((c) => [squash(labelOf(cache, c.el))]), wanted);
    if (listed) found = { ...listed, feature: LISTED_LABEL };
  }
  const match = found && query.by === 'text' ? narrowed(cache, found, wanted) : (found?.el ?? null);
  let nextRef = query.nextRef;
  const refOf = (el: Element): string => {
    const [n] = env.refs.assign([el], nextRef);
    nextRef = env.refs.next;
    return `e${n}`;
  };
  if (match) return { ref: refOf(match), candidates: [], nextRef };
  const ranked = pool
    .map((c, i) => ({ c, label: labelOf(cache, c.el), score: Math.max(...(features[i] ?? []).map((f) => likeness(norm(f), norm(wanted)))) }))
    .filter((r) => r.label)
    .sort((a, b) => b.score - a.score)
    .slice(0, 5);
  return { ref: null, candidates: ranked.map((r) => ({ ref: refOf(r.c.el), label: r.label })), nextRef };
}
