import { childNodesOf } from './tree.js';

/**
 * Where the renderers read content from: the live page, or Readability's cleaned copy of it.
 * Either way, style and visibility questions go to the live element behind a content element.
 */
export interface Source {
  /** The live element behind a content element: itself on the live page, null for elements Readability created. */
  live(el: Element): Element | null;
  /** The children to walk (on the live page: shadow roots, slots and iframes followed). */
  children(node: Node): ArrayLike<Node>;
}

/** The live page itself. */
export const liveSource: Source = {
  live: (el) => el,
  children: childNodesOf,
};

/** Readability's copy: a flat tree of plain children, each element tied to its live original by `lives`. */
export function cloneSource(lives: WeakMap<Element, Element>): Source {
  return {
    live: (el) => lives.get(el) ?? null,
    children: (node) => node.childNodes,
  };
}
