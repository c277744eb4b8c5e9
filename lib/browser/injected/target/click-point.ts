// In the page: where to click an element so that the click reaches it and nothing else (a row's
// centre may hold a star icon, a folder item's centre one of its own tree items). Node asks it of
// an element handle (lib/browser/act/targeting/click-point.ts), the plain click of a ref (./act.ts) directly.
import { clickTargetsOf } from '../walk/listeners.js';
import type { ClickPoint } from './types.js';

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
    const role = (node.getAttribute('role') ?? '').trim().split(/\s+/)[0] ?? '';
    if (CONTROL_ROLES.includes(role)) return true;
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
  const box = el.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return { kind: 'unknown' };
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  if (box.top < 0 || box.left < 0 || box.bottom > viewport.height || box.right > viewport.width) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  }
  const rect = el.getBoundingClientRect();
  const first = el.getClientRects()[0] ?? rect;
  const root = el.getRootNode() as Document | ShadowRoot;
  const points: Array<[number, number]> = [[rect.left + rect.width / 2, rect.top + rect.height / 2]];
  const grid: Array<[number, number]> = [];
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) grid.push([first.left + ((i + 0.5) * first.width) / GRID, first.top + ((j + 0.5) * first.height) / GRID]);
  }
  const [cx, cy] = points[0]!;
  grid.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
  points.push(...grid);
  const controls = new Set<Element>();
  for (const [index, [x, y]] of points.entries()) {
    if (x < 0 || y < 0 || x >= viewport.width || y >= viewport.height) continue;
    let top = root.elementFromPoint(x, y);
    // The hit test stops at a shadow host; a control inside its shadow tree is what gets the click.
    for (let inner = top?.shadowRoot?.elementFromPoint(x, y); inner && inner !== top; inner = inner.shadowRoot?.elementFromPoint(x, y)) top = inner;
    const hit = reached(top);
    if (hit === el) {
      if (index === 0) return { kind: 'centre', at: { x, y } };
      return { kind: 'point', x: x - rect.left - el.clientLeft, y: y - rect.top - el.clientTop, at: { x, y } };
    }
    if (hit) controls.add(hit);
  }
  // A control that fills the whole element is its face (a tree item whose link is all of it).
  if (controls.size === 1) return { kind: 'centre', at: { x: cx, y: cy } };
  const inOrder = [...controls].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  if (controls.size > 1) return { kind: 'nested', controls: inOrder.slice(0, 3).map(describe) };
  return { kind: 'unknown' };
}
