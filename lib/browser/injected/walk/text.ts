import type { WalkContext } from './context.js';
import { HIDDEN } from './flags.js';
import { childNodesOf, isElement, isText, NO_CONTENT_TAGS, SKIP_TAGS } from './tree.js';

/** Runs of whitespace collapsed to one space, ends trimmed. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `text` cut to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Private-use characters: icon-font glyphs, meaningless as text. */
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

/** Squashed, icon glyphs removed, cut to `max`. */
export function cleanLabel(text: string, max: number): string {
  return truncate(squash(text.replace(ICON_GLYPHS, ' ')), max);
}

/**
 * The visible text under `root` (shadow roots, slots and iframes followed), squashed and cut to
 * `max` characters; the walk stops as soon as it has enough.
 */
export function visibleText(ctx: WalkContext, root: Element, max: number): string {
  let text = '';
  const visit = (node: Element): boolean => {
    const textOk = !ctx.textHidden(node);
    const children = childNodesOf(node);
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (isText(child)) {
        if (textOk) text += child.data;
        if (text.length > max && squash(text).length >= max) return true;
      } else if (isElement(child)) {
        const tag = child.localName;
        if (SKIP_TAGS.has(tag) || NO_CONTENT_TAGS.has(tag)) continue;
        const flags = ctx.verdict(child);
        if (flags & HIDDEN) continue;
        const block = ctx.display(child) !== 'inline';
        if (block) text += ' ';
        if (visit(child)) return true;
        if (block) text += ' ';
      }
    }
    return false;
  };
  const flags = ctx.verdict(root);
  if (!(flags & HIDDEN)) visit(root);
  return truncate(squash(text), max);
}

/**
 * `text` cut to at most `max` characters at the last block boundary (a blank line) before the
 * limit; at a line boundary when that would keep less than half; mid-line (at a space) only when a
 * single line is longer than half the limit.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = max / 2;
  const block = text.lastIndexOf('\n\n', max);
  if (block >= half) return text.slice(0, block).trimEnd();
  const line = text.lastIndexOf('\n', max);
  if (line >= half) return text.slice(0, line).trimEnd();
  if (block > 0) return text.slice(0, block).trimEnd();
  if (line > 0) return text.slice(0, line).trimEnd();
  const space = text.lastIndexOf(' ', max);
  return text.slice(0, space >= half ? space : max).trimEnd();
}
