// In the page: where to click an element so that the click reaches it and nothing else (a row's
// centre may hold a star icon, a folder item's centre one of its own tree items). Node asks it of
// an element handle (lib/browser/act/targeting/click-point.ts), the plain click of a ref (./act.ts) directly.
import { clickTargetsOf } from '../walk/listeners.js';
import type { ClickPoint } from './types.js';

/** Lists and groups inside an item hold its sub-items (a folder's files), not its own name. */
const SUB_LIST_TAGS = new Set(['ul', 'ol', 'menu']);
const SUB_LIST_ROLES = new Set(['group', 'tree', 'list', 'listbox', 'menu', 'grid', 'rowgroup']);
/** A name is short: an element saying more (spaces left out) has none to click. */
const NAME_MAX = 200;

const firstRole = (node: Element): string => (node.getAttribute('role') ?? '').trim().split(/\s+/)[0] ?? '';

/** True when `node` lies in a list or group of `el`'s (itself included), not in `el`'s own part. */
function inSubList(node: Element, el: Element): boolean {
  for (let up: Element | null = node; up && up !== el; up = up.parentElement) {
    if (SUB_LIST_TAGS.has(up.localName) || SUB_LIST_ROLES.has(firstRole(up))) return true;
  }
  return false;
}

/** The text `el` shows of its own, spaces left out: its sub-lists' left out, '' past NAME_MAX. */
function ownText(el: Element): string {
  let text = '';
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || inSubList(parent, el) || !parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    text += (node as Text).data.replace(/\s+/g, '');
    if (text.length > NAME_MAX) return '';
  }
  return text;
}

/**
 * The control inside `el` that is its name: outside its sub-lists, and saying all `el` shows of
 * its own (a folder item's name span beside its toggle icon and above its files). Null when none
 * does, or `el` says too much to be a name (a card, a row of several controls).
 */
function nameControl(el: Element, isControl: (node: Element) => boolean): Element | null {
  if ((el.textContent ?? '').length > NAME_MAX * 10) return null;
  const name = ownText(el);
  if (!name) return null;
  for (const node of Array.from(el.querySelectorAll('*'))) {
    if (isControl(node) && !inSubList(node, el) && ownText(node) === name) return node;
  }
  return null;
}

/** Descendants looked at for the part that draws an element without area of its own, at most. */
const MAX_PARTS = 12;

/**
 * What a click on `el` aims at: `el` itself, or, when it has no area of its own, the first shown
 * descendant that has (an icon floated or positioned out of a link's line). A click there reaches
 * `el` all the same.
 */
export function drawnPart(el: Element): Element {
  const own = el.getBoundingClientRect();
  if (own.width >= 1 && own.height >= 1) return el;
  const inner = el.getElementsByTagName('*');
  for (let i = 0; i < inner.length && i < MAX_PARTS; i++) {
    const part = inner[i]!;
    const box = part.getBoundingClientRect();
    if (box.width >= 1 && box.height >= 1 && part.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return part;
  }
  return el;
}

/**
 * Runs in the page: brings `el` into view, then tries its centre and a grid of points, each by
 * the browser's own hit test. A point reaches `el` when what it hits is `el` or lies inside it
 * with no other control in between (a link, a button, a field, a label, an ARIA widget role, or
 * an element with a click listener of its own).
 */
export function clickPointOf(el: Element): ClickPoint {
  // Points tried across the element's box, per side: the centre first, then nearest to it.
  const GRID = 5;
  const CONTROL_TAGS = ['button', 'select', 'textarea', 'summary', 'option'];
  const CONTROL_ROLES = ['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem', 'switch', 'checkbox', 'radio', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton'];
  const hooks = clickTargetsOf(el.ownerDocument.defaultView ?? window);
  const isControl = (node: Element): boolean => {
    const tag = node.localName;
    if (CONTROL_TAGS.includes(tag)) return true;
    if (tag === 'a' && node.hasAttribute('href')) return true;
    if (tag === 'label') return !!(node as HTMLLabelElement).control;
    if (tag === 'input') return (node as HTMLInputElement).type !== 'hidden';
    if (CONTROL_ROLES.includes(firstRole(node))) return true;
    return !!hooks?.has(node) || node.hasAttribute('onclick') || typeof (node as HTMLElement).onclick === 'function';
  };
  const parentOf = (node: Element): Element | null => node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
  const describe = (node: Element): string => {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    const id = node.id ? `#${node.id}` : '';
    const cls = typeof node.className === 'string' && node.className.trim() ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    return `<${node.localName}${id}${cls}>${text ? ` "${text}"` : ''}`;
  };
  /** null: the point misses el; el itself: it reaches el; another element: the control inside el it lands on. */
  const reached = (hit: Element | null): Element | null => {
    let inner: Element | null = null;
    for (let node = hit; node; node = parentOf(node)) {
      if (node === el) return inner ?? el;
      if (isControl(node)) inner = node;
    }
    return null;
  };
  const part = drawnPart(el);
  const box = part.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return { kind: 'unknown' };
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  if (box.top < 0 || box.left < 0 || box.bottom > viewport.height || box.right > viewport.width) {
    part.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  }
  const rect = part.getBoundingClientRect();
  const first = part.getClientRects()[0] ?? rect;
  const root = el.getRootNode() as Document | ShadowRoot;
  const points: Array<[number, number]> = [[rect.left + rect.width / 2, rect.top + rect.height / 2]];
  const grid: Array<[number, number]> = [];
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) grid.push([first.left + ((i + 0.5) * first.width) / GRID, first.top + ((j + 0.5) * first.height) / GRID]);
  }
  const [cx, cy] = points[0]!;
  grid.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
  points.push(...grid);
  const hitAt = (x: number, y: number): Element | null => {
    let top = root.elementFromPoint(x, y);
    // The hit test stops at a shadow host; a control inside its shadow tree is what gets the click.
    for (let inner = top?.shadowRoot?.elementFromPoint(x, y); inner && inner !== top; inner = inner.shadowRoot?.elementFromPoint(x, y)) top = inner;
    return reached(top);
  };
  const pointIn = (x: number, y: number): ClickPoint => ({ kind: 'point', x: x - rect.left - el.clientLeft, y: y - rect.top - el.clientTop, at: { x, y } });
  const centre = cx >= 0 && cy >= 0 && cx < viewport.width && cy < viewport.height ? hitAt(cx, cy) : null;
  if (centre === el) return { kind: 'centre', at: { x: cx, y: cy } };
  // Where the centre is another control, the one that is the element's name (a folder item's
  // name span, which handles clicks of its own) is where a person clicks it.
  const face = nameControl(el, isControl);
  if (face) {
    const box = face.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (x >= 0 && y >= 0 && x < viewport.width && y < viewport.height && hitAt(x, y) === face) return pointIn(x, y);
  }
  const controls = new Set<Element>();
  if (centre) controls.add(centre);
  for (const [index, [x, y]] of points.entries()) {
    if (index === 0) continue;
    if (x < 0 || y < 0 || x >= viewport.width || y >= viewport.height) continue;
    const hit = hitAt(x, y);
    if (hit === el) return pointIn(x, y);
    if (hit) controls.add(hit);
  }
  // A control that fills the whole element is its face (a tree item whose link is all of it).
  if (controls.size === 1) return { kind: 'centre', at: { x: cx, y: cy } };
  const inOrder = [...controls].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  if (controls.size > 1) return { kind: 'nested', controls: inOrder.slice(0, 3).map(describe) };
  return { kind: 'unknown' };
}
