// Which elements with click listeners are clickables of their own: items of a list whose handler
// sits on the list (delegation), and whether a modal dialog makes the page behind it unclickable.
import { roleAttr } from './tree.js';

/** Children that are the items of a list whose click handler sits on the list (delegation). */
const ITEM_ROLES = new Set(['option', 'menuitem', 'treeitem', 'listitem', 'row', 'gridcell']);
/** A delegating list needs at least this many items. */
const MIN_ITEMS = 2;
/** Controls that make an item of a delegating list a mere holder: the control inside is what to click. */
export const INNER_CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="option"], [role="menuitem"]';

const chars = (text: string | null): number => (text ?? '').replace(/\s+/g, '').length;

/**
 * Characters of `el`'s text, spaces left out: how much a clickable says, cheaply. A shadow host
 * says what its shadow tree shows (its light children count through its slots), or a custom
 * element row would seem to say nothing and be taken for a wrapper around its inner controls.
 */
export function textChars(el: Element): number {
  const root = el.shadowRoot;
  if (!root) return chars(el.textContent);
  let total = 0;
  for (let node = root.firstChild; node; node = node.nextSibling) total += composedChars(node);
  return total;
}

function composedChars(node: Node): number {
  if (node.nodeType === 3) return chars(node.textContent);
  if (node.nodeType !== 1) return 0;
  const el = node as Element;
  if (el.localName === 'style' || el.localName === 'script') return 0;
  if (el.localName === 'slot') return (el as HTMLSlotElement).assignedNodes({ flatten: true }).reduce((sum, assigned) => sum + composedChars(assigned), 0);
  if (el.shadowRoot) return textChars(el);
  let total = 0;
  for (let child = el.firstChild; child; child = child.nextSibling) total += composedChars(child);
  return total;
}

/** True when a modal dialog is open and shown (aria-modal, or a dialog opened with showModal). */
export function modalShown(doc: Document): boolean {
  for (const dialog of Array.from(doc.querySelectorAll('[aria-modal="true"], dialog[open]'))) {
    let modal = dialog.getAttribute('aria-modal') === 'true';
    try {
      modal ||= dialog.matches(':modal');
    } catch {
      // An engine without :modal: only aria-modal says.
    }
    if (modal && (typeof dialog.checkVisibility !== 'function' || dialog.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))) return true;
  }
  return false;
}

/** True for an item of a list: li, or an element with an item role. */
export function itemLike(el: Element): boolean {
  return el.localName === 'li' || ITEM_ROLES.has(roleAttr(el));
}

/** True when `el`'s element children are a list's items: at least MIN_ITEMS of them, all items. */
export function holdsItems(el: Element): boolean {
  let items = 0;
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (!itemLike(child)) return false;
    items++;
  }
  return items >= MIN_ITEMS;
}
