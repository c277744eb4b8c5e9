import type { WalkCache } from './cache.js';
import { HIDDEN, INVISIBLE } from './flags.js';
import { computeVerdict } from './visibility.js';
import { visibleText } from './text.js';

/** Words in icon file and class names that say nothing about what the icon does. */
const NOISE = new Set(['icon', 'icons', 'ico', 'ic', 'img', 'image', 'svg', 'png', 'gif', 'jpg', 'jpeg', 'webp', 'sprite', 'glyph', 'btn', 'button', 'fa', 'fas', 'far', 'fab', 'fal', 'bi', 'mdi', 'material', 'symbols', 'outlined', 'round', 'sharp', 'small', 'large', 'lg', 'sm', 'xs', 'md', 'white', 'black', 'solid', 'regular', 'light', 'dark', 'default']);
/** Class names that mark an icon (`fa-trash`, `icon-close`, `glyphicon-star`, `bi-x`). */
const ICON_CLASS = /^(?:fa[srlbd]?|bi|mdi|glyphicon|icon|ion|ti|la|ri|feather|octicon|material-icons|codicon)(?:-|$)|(?:^|-)icon(?:-|$)/i;
const URL_IN = /url\(\s*["']?([^"')]+)["']?\s*\)/i;
const PSEUDOS = ['::before', '::after'] as const;
/** Icon descendants looked at for a name, at most. */
const MAX_ICONS = 4;

/** `close-24.svg` → "close"; the words of a file or class name without sizes, extensions and icon-set noise. */
export function iconWords(raw: string): string {
  const base = raw
    .replace(/[?#].*$/, '')
    .replace(/^.*\//, '')
    .replace(/\.[a-z0-9]{2,5}$/i, '');
  // A hashed or numbered file name (a content hash, a CDN id) says nothing.
  if (/[0-9a-f]{8,}/i.test(base) || (base.match(/\d/g)?.length ?? 0) > 4) return '';
  const words = base
    .split(/[^a-zA-Z]+|(?<=[a-z])(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length > 1 && !NOISE.has(word));
  return words.join(' ');
}

/** The file name of a CSS `url(...)` in `value` (`content`, `background-image`, `mask-image`), as words. */
function urlWords(value: string): string {
  const url = URL_IN.exec(value)?.[1] ?? '';
  return url && !/^data:/i.test(url) ? iconWords(url) : '';
}

/** A name from an icon class of `el` (`fa-trash` → "trash"). */
function classWords(el: Element): string {
  const classes = el.getAttribute('class');
  if (!classes) return '';
  for (const name of classes.split(/\s+/)) {
    if (ICON_CLASS.test(name)) {
      const words = iconWords(name);
      if (words) return words;
    }
  }
  return '';
}

/** What one element says of its icon: an image's alt or file, an svg's title or symbol, a CSS image's file, an icon class. */
function ownIconName(cache: WalkCache, el: Element): string {
  const tag = el.localName;
  if (tag === 'img') return iconWords(el.getAttribute('src') ?? '');
  if (tag === 'svg') {
    const title = el.querySelector('title')?.textContent?.trim();
    if (title) return title;
    const use = el.querySelector('use');
    const href = use?.getAttribute('href') ?? use?.getAttribute('xlink:href') ?? '';
    const words = iconWords(href.replace(/^.*#/, ''));
    if (words) return words;
  }
  const style = cache.style(el);
  for (const value of [style.content, style.backgroundImage, style.getPropertyValue('mask-image')]) {
    const words = value && value !== 'none' ? urlWords(value) : '';
    if (words) return words;
  }
  for (const pseudo of PSEUDOS) {
    const drawn = cache.computedStyle(el, pseudo);
    for (const value of [drawn.content, drawn.backgroundImage, drawn.getPropertyValue('mask-image')]) {
      const words = value && value !== 'none' ? urlWords(value) : '';
      if (words) return words;
    }
  }
  return classWords(el);
}

/**
 * The name an icon-only control's icon gives it, as a last resort when it has no accessible name,
 * title or text: from the element itself, then its first few descendants, then its class names.
 */
export function iconName(cache: WalkCache, el: Element): string {
  const own = ownIconName(cache, el);
  if (own) return own;
  const inner = el.querySelectorAll('img, svg, i, span, [class]');
  for (let i = 0; i < inner.length && i < MAX_ICONS; i++) {
    const words = ownIconName(cache, inner[i]!);
    if (words) return words;
  }
  return nameWords(el);
}

/** Words of class names that say where a thing sits or how it looks, not what it does. */
const PLACE_WORDS = new Set([
  'root', 'wrapper', 'wrap', 'container', 'inner', 'outer', 'item', 'link', 'action', 'actions', 'control', 'clickable', 'active', 'selected',
  'disabled', 'hidden', 'visible', 'left', 'right', 'top', 'bottom', 'center', 'pull', 'float', 'clearfix', 'primary', 'secondary', 'text',
  'label', 'block', 'inline', 'box', 'has', 'is', 'js',
]);

/**
 * The words of the control's own class names (`share-link` → "share", `toggle` → "toggle"), the
 * last resort of an icon-only control with nothing else to go by. Names with digits or capitals
 * are left out: generated (`css-1x2y3z`) or a component's (`MuiButtonBase-root`), they say nothing.
 */
function nameWords(el: Element): string {
  const classes = el.getAttribute('class');
  if (!classes) return '';
  for (const token of classes.split(/\s+/)) {
    if (!token || /[\dA-Z]/.test(token)) continue;
    const words = token.split(/[-_]+/).filter((word) => word.length > 2 && !NOISE.has(word) && !PLACE_WORDS.has(word));
    if (words.length) return words.join(' ');
  }
  return '';
}

const FIELDS = new Set(['input', 'select', 'textarea']);
/** Descendants looked at for what draws an element that has no area of its own, at most. */
const MAX_INSIDE = 12;

const hasArea = (el: Element): boolean => {
  const rect = el.getBoundingClientRect();
  return rect.width > 1 && rect.height > 1;
};

/** A CSS mask drawn from an image (`mask-image`, or Chromium's older `-webkit-mask-image`). */
const masked = (style: CSSStyleDeclaration): boolean =>
  URL_IN.test(style.getPropertyValue('mask-image')) || URL_IN.test(style.getPropertyValue('-webkit-mask-image'));

/** True when `el` itself or its ::before or ::after has an image for `content`. */
function contentImage(cache: WalkCache, el: Element): boolean {
  if (URL_IN.test(cache.style(el).content)) return true;
  return PSEUDOS.some((pseudo) => URL_IN.test(cache.computedStyle(el, pseudo).content));
}

/**
 * True when `el` is drawn only by a CSS image (its `content`, background or mask, a pseudo-element's
 * `content: url()`, or that of the icon element inside it, squashed to nothing) and has no text:
 * with the image blocked or not loaded yet it takes no room, yet it is there to click.
 */
export function drawnByImage(cache: WalkCache, el: Element): boolean {
  if ((el.textContent ?? '').trim()) return false;
  const style = cache.style(el);
  if (URL_IN.test(style.backgroundImage) || masked(style) || contentImage(cache, el)) return true;
  // The icon element inside (`<a><i class="icon-share"></i></a>`), which an image it lacks leaves without area.
  const inner = el.getElementsByTagName('*');
  for (let i = 0; i < inner.length && i < MAX_INSIDE; i++) {
    const child = inner[i]!;
    if (!hasArea(child) && contentImage(cache, child) && shownUpTo(cache, child, el)) return true;
  }
  return false;
}

/**
 * True when nothing from `inner` up to `outer` (excluded) hides it (display, visibility, opacity,
 * a place off the page). Verdicts computed here are not kept: `outer` may be hidden itself.
 */
function shownUpTo(cache: WalkCache, inner: Element, outer: Element): boolean {
  for (let el: Element | null = inner; el && el !== outer; el = el.parentElement) {
    if (computeVerdict(cache, el) & (HIDDEN | INVISIBLE)) return false;
  }
  return true;
}

/** True when a colour is not fully transparent. */
const painted = (colour: string): boolean => colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour);

/**
 * True when the ::before or ::after of `el` draws something a person sees: an image, a glyph (an
 * icon font's character), or a box of its own size that is painted (a background or a mask).
 */
function pseudoDraws(cache: WalkCache, el: Element): boolean {
  for (const pseudo of PSEUDOS) {
    const style = cache.computedStyle(el, pseudo);
    const content = style.content;
    if (!content || content === 'none' || content === 'normal') continue;
    if (style.display === 'none' || style.visibility !== 'visible' || style.opacity === '0') continue;
    if (URL_IN.test(content)) return true;
    // Inline boxes report `auto`; a sized box (inline-block, block, positioned) its own size.
    const sized = parseFloat(style.width) > 1 && parseFloat(style.height) > 1;
    if (sized && (style.backgroundImage !== 'none' || painted(style.backgroundColor) || masked(style))) return true;
    const glyphs = content.replace(/^["']|["']$/g, '').trim();
    if (glyphs && parseFloat(style.fontSize) > 0 && painted(style.color)) return true;
  }
  return false;
}

/**
 * True when something within an element that has no area of its own shows: its text (a block of
 * no height lets it overflow), an icon whose image is missing, a ::before or ::after that draws,
 * or a shown descendant with area (an icon floated or positioned out of the element's line, or
 * sized while the element's font size is 0). Such an element is there to see and click; one that
 * holds nothing that shows (a hostile page's empty link) is not.
 */
export function paintsWithin(cache: WalkCache, el: Element): boolean {
  if (visibleText(cache, el, 1)) return true;
  if (drawnByImage(cache, el) || pseudoDraws(cache, el)) return true;
  const inner = el.getElementsByTagName('*');
  for (let i = 0; i < inner.length && i < MAX_INSIDE; i++) {
    const child = inner[i]!;
    if (!cache.shown(child) || cache.reached(child) & INVISIBLE) continue;
    if (hasArea(child) || pseudoDraws(cache, child)) return true;
  }
  return false;
}

/** A box for a control drawn only by an image that is not there (blocked, or not loaded yet). */
const ICON_BOX = '16px';

/**
 * Gives a listed control with no area a small box of its own, so that a click has somewhere to
 * land: an icon drawn with `content: url()` or a background image takes no room while images are
 * blocked. Only the element's minimum size changes (and an inline element becomes inline-block).
 */
export function ensureBox(cache: WalkCache, el: Element): void {
  // Form fields are sized by the page (a visually hidden checkbox stands for its label), and a
  // control with text has a box once its text is laid out: only an icon may have none.
  if (FIELDS.has(el.localName)) return;
  if ((el.textContent ?? '').trim()) return;
  const rect = el.getBoundingClientRect();
  if (rect.width > 0 && rect.height > 0) return;
  // A control shown by a part of it with area (an icon floated out of a link's line) is clicked
  // there (lib/browser/injected/target/click-point.ts): its layout is left as the page made it.
  const inner = el.getElementsByTagName('*');
  for (let i = 0; i < inner.length && i < MAX_INSIDE; i++) if (hasArea(inner[i]!)) return;
  const style = (el as HTMLElement).style;
  if (!style) return;
  if (cache.display(el) === 'inline') style.setProperty('display', 'inline-block', 'important');
  style.setProperty('min-width', ICON_BOX, 'important');
  style.setProperty('min-height', ICON_BOX, 'important');
}
