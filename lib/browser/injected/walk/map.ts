import type { SectionMapItem } from '../../../contract/response/page.js';
import type { WalkCache } from './cache.js';
import { INVISIBLE } from './flags.js';
import { regionLabel } from './landmarks.js';
import { visibleText } from './text.js';

const MAX_ENTRIES = 40;
const MAX_REGIONS = 20;

/** True when `selector` selects `el` and nothing else. */
function selectsOnly(doc: Document, selector: string, el: Element): boolean {
  try {
    const found = doc.querySelectorAll(selector);
    return found.length === 1 && found[0] === el;
  } catch {
    return false;
  }
}

function nthOfType(el: Element): number {
  let n = 1;
  for (let sibling = el.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
    if (sibling.localName === el.localName) n++;
  }
  return n;
}

/**
 * A selector that selects exactly `el`: `#id` when the id is unique, the bare tag when it is the
 * only one, else a child path of tag:nth-of-type steps from the nearest ancestor with a unique id
 * (or from body).
 */
export function selectorFor(el: Element): string {
  const doc = el.ownerDocument;
  if (el.id && selectsOnly(doc, `#${CSS.escape(el.id)}`, el)) return `#${CSS.escape(el.id)}`;
  if (selectsOnly(doc, el.localName, el)) return el.localName;
  const steps: string[] = [];
  for (let cur: Element | null = el; cur && cur !== doc.documentElement; cur = cur.parentElement) {
    if (cur !== el && cur.id && selectsOnly(doc, `#${CSS.escape(cur.id)}`, cur)) {
      steps.unshift(`#${CSS.escape(cur.id)}`);
      break;
    }
    if (cur === doc.body) {
      steps.unshift('body');
      break;
    }
    steps.unshift(`${cur.localName}:nth-of-type(${nthOfType(cur)})`);
  }
  return steps.join(' > ');
}

/** The region a heading names: its closest section or article when that holds no other heading of its level, else the heading. */
function headedRegion(heading: Element): Element {
  const container = heading.closest('section, article');
  if (container && container.querySelectorAll(heading.localName).length === 1) return container;
  return heading;
}

/**
 * The section map: the page's landmark regions and the h1–h3 headed sections of the main content,
 * in document order, each with a selector that `scope` accepts and a hint of its visible text.
 */
export function sectionMap(cache: WalkCache, regions: Array<{ el: Element; kind: string }>, headings: Element[]): SectionMapItem[] {
  const doc = cache.doc;
  const entries: Array<{ el: Element; section: string }> = [];
  const seen = new Set<Element>();
  for (const { el, kind } of regions.slice(0, MAX_REGIONS)) {
    const label = regionLabel(cache, el, kind);
    seen.add(el);
    entries.push({ el, section: label ? `${kind}: ${label}` : kind });
  }
  for (const heading of headings) {
    if (entries.length >= MAX_ENTRIES) break;
    if (heading.getRootNode() !== doc || cache.reached(heading) & INVISIBLE) continue;
    const section = visibleText(cache, heading, 80);
    const el = headedRegion(heading);
    if (!section || seen.has(el)) continue;
    seen.add(el);
    entries.push({ el, section });
  }
  entries.sort((a, b) => (a.el.compareDocumentPosition(b.el) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return entries.map(({ el, section }) => ({ section, selector: selectorFor(el), hint: visibleText(cache, el, 80) }));
}
