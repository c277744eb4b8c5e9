import type { WalkCache } from './cache.js';
import { HIDDEN } from './flags.js';
import { squash, truncate } from '../strings.js';
import { childNodesOf, isElement, isText, NO_CONTENT_TAGS, SKIP_TAGS } from './tree.js';

/**
 * The visible text under `root` (shadow roots, slots and iframes followed), squashed and cut to
 * `max` characters; the walk stops as soon as it has enough, or with `firstLine` at the first
 * block boundary after some text.
 */
export function visibleText(cache: WalkCache, root: Element, max: number, firstLine = false): string {
  let text = '';
  const visit = (node: Element): boolean => {
    const textOk = !cache.textHidden(node);
    const children = childNodesOf(node);
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (isText(child)) {
        if (textOk) text += child.data;
        if (text.length > max && squash(text).length >= max) return true;
      } else if (isElement(child)) {
        const tag = child.localName;
        if (SKIP_TAGS.has(tag) || NO_CONTENT_TAGS.has(tag)) continue;
        const flags = cache.verdict(child);
        if (flags & HIDDEN) continue;
        const block = cache.display(child) !== 'inline';
        // The first line ends where a block ends or starts after some text.
        if (block && firstLine && text.trim()) return true;
        if (block) text += ' ';
        if (visit(child)) return true;
        if (block && firstLine && text.trim()) return true;
        if (block) text += ' ';
      }
    }
    return false;
  };
  const flags = cache.verdict(root);
  if (!(flags & HIDDEN)) visit(root);
  return truncate(squash(text), max);
}
