import { HIDDEN, INVISIBLE, NOBOX, SOFT } from './flags.js';
import { REPLACED_TAGS } from './tree.js';

/** What the off-screen test needs to know about one document's viewport. */
export interface Viewport {
  scrollX: number;
  scrollY: number;
  width: number;
  height: number;
  docWidth: number;
  docHeight: number;
  rtl: boolean;
}

/** What a verdict reads of an element, cached per walk (the walk's WalkCache provides it). */
export interface VerdictSource {
  style(el: Element): CSSStyleDeclaration;
  display(el: Element): string;
  viewport(doc: Document): Viewport;
}

/** Numbers in a CSS function value such as `matrix(1, 0, 0, 1, 0, 0)` or `rect(0px, 0px, 0px, 0px)`. */
function numbers(value: string): number[] {
  const found = value.match(/-?[\d.]+(?:e-?\d+)?/g);
  return found ? found.map(Number) : [];
}

/** A transform that squashes the element to nothing (scale(0), scaleX(0), ...). */
function degenerate(transform: string): boolean {
  const m = numbers(transform);
  if (transform.startsWith('matrix3d(')) return m.length >= 6 && (m[0] ?? 1) * (m[5] ?? 1) - (m[1] ?? 0) * (m[4] ?? 0) === 0;
  if (transform.startsWith('matrix(')) return m.length >= 4 && (m[0] ?? 1) * (m[3] ?? 1) - (m[1] ?? 0) * (m[2] ?? 0) === 0;
  return false;
}

/** A `clip: rect(...)` that leaves at most one pixel in either direction. */
function emptyClip(clip: string): boolean {
  if (!clip.startsWith('rect(')) return false;
  const [top, right, bottom, left] = numbers(clip);
  if (top === undefined || right === undefined || bottom === undefined || left === undefined) return false;
  return right - left <= 1 || bottom - top <= 1;
}

/** A clip-path that shows nothing of a small box, or the `inset(50%)` of the screen-reader-only pattern. */
function emptyClipPath(clipPath: string, thin: boolean): boolean {
  if (clipPath === 'none') return false;
  return thin || /^inset\(\s*50%/.test(clipPath) || /^circle\(\s*0(px)?\s*(at|\))/.test(clipPath);
}

/**
 * Positioned out of every place the reader could scroll to: above or before the document's start,
 * beyond its end, or (fixed) outside the viewport. The classic `left: -9999px` lands here.
 * `slack` widens every edge (for zero-size anchors whose children overflow them).
 */
function offscreen(rect: DOMRect, fixed: boolean, view: Viewport, slack: number): boolean {
  if (fixed) return rect.right <= -slack || rect.bottom <= -slack || rect.left >= view.width + slack || rect.top >= view.height + slack;
  const left = rect.left + view.scrollX;
  const right = rect.right + view.scrollX;
  const top = rect.top + view.scrollY;
  const bottom = rect.bottom + view.scrollY;
  if (bottom <= -slack || top >= view.docHeight + slack) return true;
  // Right-to-left documents scroll into negative x, so there only a far-off position counts.
  if (view.rtl) return right <= -999 - slack || left >= view.width + slack;
  return right <= -slack || left >= view.docWidth + slack;
}

/** Text under this style cannot be seen: not painted, font-size 0, or indented far off. (Transparent colour is not checked: rare, and one more read per text.) */
export function textHidden(style: CSSStyleDeclaration, flags: number): boolean {
  if (flags & (HIDDEN | INVISIBLE)) return true;
  if (style.fontSize === '0px') return true;
  const indent = style.textIndent;
  return indent !== '0px' && parseFloat(indent) <= -999;
}

/**
 * The visibility flags of one element, given that its ancestors are shown (the walk goes top
 * down and never asks below a hidden element). Computed style is read only as far as needed: an
 * inline element has no box of its own to measure, and the clipping patterns are only looked for
 * on boxes a pixel wide or high. Text-only tricks are left to `textHidden`, asked where text is met.
 * With `ignoreAriaHidden`, only what shows counts (the element list's view of an aria-hidden subtree).
 */
export function computeVerdict(cache: VerdictSource, el: Element, ignoreAriaHidden = false): number {
  if (el.hasAttributes() && (el.hasAttribute('hidden') || el.hasAttribute('inert') || (!ignoreAriaHidden && el.getAttribute('aria-hidden') === 'true'))) return HIDDEN;
  const style = cache.style(el);
  const display = cache.display(el);
  if (display === 'none') return HIDDEN;
  let flags = style.visibility === 'visible' ? 0 : INVISIBLE;
  if (display === 'contents') return flags | NOBOX;
  if (style.opacity === '0') return HIDDEN | SOFT;
  const tag = el.localName;
  const replaced = REPLACED_TAGS.has(tag);
  // An inline box takes no size, transform, overflow or offsets of its own: nothing more to learn.
  if (display === 'inline' && !replaced) return flags;
  const rect = el.getBoundingClientRect();
  const thin = rect.width <= 1 || rect.height <= 1;
  const position = style.position;
  const positioned = position === 'absolute' || position === 'fixed';
  if (thin) {
    // A transform that squashes the box leaves it thin: only then is it worth reading.
    const transform = style.transform;
    if (transform !== 'none' && degenerate(transform)) return HIDDEN | SOFT;
    if (replaced) return HIDDEN | SOFT;
    if (style.overflowX !== 'visible' || style.overflowY !== 'visible') return HIDDEN | SOFT;
    if (positioned && style.clip !== 'auto' && emptyClip(style.clip)) return HIDDEN | SOFT;
    if (emptyClipPath(style.clipPath, thin)) return HIDDEN | SOFT;
    if (style.contentVisibility === 'hidden') return HIDDEN;
    if (rect.width === 0 && rect.height === 0) flags |= NOBOX;
  }
  if (positioned) {
    // A zero-size anchor only shows its overflowing children: judge it by a far-off origin alone.
    const slack = flags & NOBOX ? 999 : 0;
    if (offscreen(rect, position === 'fixed', cache.viewport(el.ownerDocument), slack)) return HIDDEN | SOFT;
  }
  return flags;
}
