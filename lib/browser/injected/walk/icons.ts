import type { WalkCache } from './cache.js';

/** Words in icon file and class names that say nothing about what the icon does. */
const NOISE = new Set(['icon', 'icons', 'ico', 'ic', 'img', 'image', 'svg', 'png', 'gif', 'jpg', 'jpeg', 'webp', 'sprite', 'glyph', 'btn', 'button', 'fa', 'fas', 'far', 'fab', 'fal', 'bi', 'mdi', 'material', 'symbols', 'outlined', 'round', 'sharp', 'small', 'large', 'lg', 'sm', 'xs', 'md', 'white', 'black', 'solid', 'regular', 'light', 'dark', 'default']);
/** Class names that mark an icon (`fa-trash`, `icon-close`, `glyphicon-star`, `bi-x`). */
const ICON_CLASS = /^(?:fa[srlbd]?|bi|mdi|glyphicon|icon|ion|ti|la|ri|feather|octicon|material-icons|codicon)(?:-|$)|(?:^|-)icon(?:-|$)/i;
const URL_IN = /url\(\s*["']?([^"')]+)["']?\s*\)/i;
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
  for (const pseudo of ['::before', '::after']) {
    const words = urlWords(cache.computedStyle(el, pseudo).content);
    if (words) return words;
  }
  return classWords(el);
}

/**
 * The name an icon-only control's icon gives it, as a last resort when it has no accessible name,
 * title or text: from the element itself, then its first few descendants.
 */
export function iconName(cache: WalkCache, el: Element): string {
  const own = ownIconName(cache, el);
  if (own) return own;
  const inner = el.querySelectorAll('img, svg, i, span, [class]');
  for (let i = 0; i < inner.length && i < MAX_ICONS; i++) {
    const words = ownIconName(cache, inner[i]!);
    if (words) return words;
  }
  return '';
}

const FIELDS = new Set(['input', 'select', 'textarea']);
/**
 * True when `el` is drawn only by a CSS image (its `content`, background or a pseudo-element's
 * `content: url()`) and has no text: with the image blocked or not loaded yet it takes no room,
 * yet it is there to click.
 */
export function drawnByImage(cache: WalkCache, el: Element): boolean {
  if ((el.textContent ?? '').trim()) return false;
  const style = cache.style(el);
  if (URL_IN.test(style.content) || URL_IN.test(style.backgroundImage)) return true;
  return URL_IN.test(cache.computedStyle(el, '::before').content) || URL_IN.test(cache.computedStyle(el, '::after').content);
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
  const style = (el as HTMLElement).style;
  if (!style) return;
  if (cache.display(el) === 'inline') style.setProperty('display', 'inline-block', 'important');
  style.setProperty('min-width', ICON_BOX, 'important');
  style.setProperty('min-height', ICON_BOX, 'important');
}
