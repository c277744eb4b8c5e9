// What a listed control is near, so that an agent tells the "like" of one post from another's:
// the nearest heading before it, or, inside a repeated item of the page (a post, a row, a card)
// with no heading of its own before the control, the item's first line.
import type { WalkCache } from './cache.js';
import { textChars } from './clickables.js';
import type { Candidate } from './elements.js';
import { visibleText } from './text.js';
import { composedParent, roleAttr } from './tree.js';

const ITEM_TAGS = new Set(['article', 'li', 'tr']);
const ITEM_ROLES = new Set(['article', 'listitem', 'row']);
/** Lists, tables and groups hold items; repeated or not, they are never one. */
const HOLDER_TAGS = new Set(['ul', 'ol', 'menu', 'dl', 'table', 'tbody', 'thead', 'tfoot', 'form', 'nav']);
const HOLDER_ROLES = new Set(['list', 'tree', 'group', 'grid', 'treegrid', 'listbox', 'menu', 'menubar', 'tablist', 'toolbar', 'rowgroup', 'table', 'feed']);
/** Ancestors looked at for the item a control belongs to, at most. */
const MAX_UP = 6;
/** An item saying more than this (spaces left out) is a section of the page, not one post or row. */
const ITEM_MAX_CHARS = 1_000;
const NEAR_MAX = 80;

/** A sibling of the same tag and class: one of a run of cards or posts. */
function repeated(el: Element): boolean {
  const cls = el.getAttribute('class');
  if (!cls) return false;
  const same = (other: Element | null): boolean => !!other && other.localName === el.localName && other.getAttribute('class') === cls;
  return same(el.previousElementSibling) || same(el.nextElementSibling);
}

/** The item `el` belongs to: its nearest article, list item, row or repeated card, a few levels up. */
function itemOf(el: Element, known: Map<Element, Element | null>): Element | null {
  const parent = composedParent(el);
  if (!parent) return null;
  // Sibling controls (the links of a list, the icons of a row) share the answer.
  const cached = known.get(parent);
  if (cached !== undefined) return cached;
  let found: Element | null = null;
  for (let up: Element | null = parent, i = 0; up && i < MAX_UP; i++, up = composedParent(up)) {
    const tag = up.localName;
    const role = roleAttr(up);
    if (ITEM_TAGS.has(tag) || ITEM_ROLES.has(role) || (!HOLDER_TAGS.has(tag) && !HOLDER_ROLES.has(role) && repeated(up))) {
      found = up;
      break;
    }
  }
  known.set(parent, found);
  return found;
}

/** An item's size (characters, spaces left out) and, once asked, its first line. */
interface Item {
  chars: number;
  line?: string;
  lineChars?: number;
}

/** Answers `near` for the candidates of one walk, reading each item's size and first line once. */
export function nearFinder(cache: WalkCache): (candidate: Candidate) => string {
  const parents = new Map<Element, Element | null>();
  const items = new Map<Element, Item>();
  return ({ el, near, heading }) => {
    const item = itemOf(el, parents);
    if (!item || (heading && item.contains(heading))) return near;
    let known = items.get(item);
    if (!known) items.set(item, (known = { chars: textChars(item) }));
    // An item that is the control and nothing more (a menu's list item) says nothing new.
    const own = textChars(el);
    if (known.chars <= own || known.chars > ITEM_MAX_CHARS) return near;
    if (known.line === undefined) {
      known.line = visibleText(cache, item, NEAR_MAX, true);
      known.lineChars = known.line.replace(/\s+/g, '').length;
    }
    // Nor does one whose first line is the control's own words.
    if (!known.line || known.lineChars! <= own + 1) return near;
    return known.line;
  };
}
