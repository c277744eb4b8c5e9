// The composed tree the walker follows: open shadow roots instead of light children, slots by
// their assigned nodes, same-origin iframes inline, closed <details> down to their summary.

/** Never walked at all: not content, never interactive. */
export const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'base']);

/** Visited as one element (they may be interactive) but never walked into. */
export const OPAQUE_TAGS = new Set(['select', 'textarea', 'svg', 'canvas', 'video', 'audio', 'object', 'embed', 'math']);

/** Elements that render nothing in the markdown: control internals, graphics, media. */
export const NO_CONTENT_TAGS = new Set([
  'input', 'select', 'textarea', 'option', 'optgroup', 'datalist', 'svg', 'canvas', 'video', 'audio', 'object',
  'embed', 'map', 'area', 'source', 'track', 'param', 'frame', 'frameset', 'progress', 'meter',
]);

/** Replaced elements and controls: a zero-size one shows nothing, whatever its overflow. */
export const REPLACED_TAGS = new Set(['img', 'input', 'select', 'textarea', 'button', 'iframe', 'video', 'canvas', 'embed', 'object', 'svg']);

/** Tags that open a block when no computed style is at hand (nodes Readability created). */
export const BLOCK_TAGS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'details', 'dialog', 'dd', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'html', 'li',
  'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
  'caption', 'legend', 'menu', 'search', 'iframe',
]);

/** True for element nodes. */
export const isElement = (node: Node): node is Element => node.nodeType === 1;

/** True for text nodes. */
export const isText = (node: Node): node is Text => node.nodeType === 3;

/** An iframe's document when it is same-origin and readable, else null. */
export function frameDocument(frame: Element): Document | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument ?? null;
  } catch {
    return null;
  }
}

/** The first <summary> child of a details element. */
function summaryOf(details: Element): Element | null {
  for (let child = details.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'summary') return child;
  }
  return null;
}

const NONE: readonly Node[] = [];

/**
 * The children of `node` in the composed (rendered) tree: an open shadow root's children in place
 * of the light ones, a slot's assigned nodes (or its fallback), a same-origin iframe's body, and
 * only the summary of a closed details element.
 */
export function childNodesOf(node: Node): ArrayLike<Node> {
  if (!isElement(node)) return node.childNodes;
  const tag = node.localName;
  if (tag === 'iframe' || tag === 'frame') {
    const doc = frameDocument(node);
    const root = doc?.body ?? doc?.documentElement;
    return root ? [root] : NONE;
  }
  if (tag === 'slot') {
    const assigned = (node as HTMLSlotElement).assignedNodes?.();
    if (assigned && assigned.length > 0) return assigned;
    return node.childNodes;
  }
  const shadow = node.shadowRoot;
  if (shadow) return shadow.childNodes;
  if (tag === 'details' && !(node as HTMLDetailsElement).open) {
    const summary = summaryOf(node);
    return summary ? [summary] : NONE;
  }
  return node.childNodes;
}

/** The first token of an element's role attribute, lower-cased ('' when none). */
export function roleAttr(el: Element): string {
  const role = el.hasAttributes() ? el.getAttribute('role') : null;
  if (!role) return '';
  const first = role.trim().split(/\s+/)[0];
  return first ? first.toLowerCase() : '';
}

/** The element's parent in the composed tree: across shadow roots (to the host) and iframes (to the frame element). */
export function composedParent(el: Element): Element | null {
  const slot = el.assignedSlot;
  if (slot) return slot;
  const parent = el.parentNode;
  if (!parent) return null;
  if (parent.nodeType === 1) return parent as Element;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  if (parent.nodeType === 9) {
    try {
      return (parent as Document).defaultView?.frameElement ?? null;
    } catch {
      return null;
    }
  }
  return null;
}
