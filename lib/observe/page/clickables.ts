// Which elements with click listeners are clickables of their own: items of a list whose handler
// sits on the list (delegation), and whether a modal dialog makes the page behind it unclickable.
import { roleAttr } from './tree.js';

/** Children that are the items of a list whose click handler sits on the list (delegation). */
const ITEM_ROLES = new Set(['option', 'menuitem', 'treeitem', 'listitem', 'row', 'gridcell']);
/** A delegating list needs at least this many items. */
const MIN_ITEMS = 2;
/** Controls that make an item of a delegating list a mere holder: the control inside is what to click. */
export const INNER_CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="option"], [role="menuitem"]';

/** Characters of `el`'s text, spaces left out: how much a clickable says, cheaply. */
export const textChars = (el: Element): number => (el.textContent ?? '').replace(/\s+/g, '').length;

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
