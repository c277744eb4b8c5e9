// Listed controls that the content's copy left out: Readability drops a row of icon buttons with
// no text (reply, like, share under each post) as clutter, and every button and field, yet each
// is there to click and belongs to its post. Each such control is written inside the nearest
// element around it the copy kept, after as much of that element's text as stands before it on
// the page. Text is the measure because Readability keeps text but not always the elements
// holding it (a div of phrasing content becomes a new paragraph). Controls of a part left out for
// what it says (a menu, a comment thread, a sign-up box) stay out with it.
import type { InteractiveElement } from '../../../contract/response/page.js';
import type { WalkCache } from './cache.js';
import { HIDDEN } from './flags.js';
import { opensContent } from './marks.js';
import { liveSource, type Source } from './source.js';
import { childNodesOf, composedParent, isElement, isText } from './tree.js';

/** A listed control, its live element, and how many characters of its holder's text come before it. */
interface Stray {
  el: Element;
  item: InteractiveElement;
  before: number;
}

/** A kept element with left-out controls inside, and how far its rendering has got. */
interface Holder {
  strays: Stray[];
  /** The first stray not written yet. */
  next: number;
  /** Characters of its text written so far. */
  written: number;
}

/** Writes one left-out control where the renderer stands. */
export type WriteStray = (el: Element, item: InteractiveElement) => void;

const chars = (text: string): number => text.replace(/\s+/g, '').length;

/** The left-out controls of one rendering, and where each is due. */
export class Strays {
  private readonly open: Holder[] = [];

  private constructor(private readonly holders: ReadonlyMap<Element, Holder>) {}

  /**
   * The listed controls (`marks`) inside the content that the copy behind `source` left out;
   * null when there are none (the live page leaves nothing out). Controls outside every element
   * the copy kept are outside the content, and stay in the element list only.
   */
  static find(cache: WalkCache, source: Source, roots: readonly Node[], marks: ReadonlyMap<Element, InteractiveElement>): Strays | null {
    if (source === liveSource || marks.size === 0) return null;
    const kept = new Set<Element>();
    for (const root of roots) {
      if (!isElement(root)) continue;
      const live = source.live(root);
      if (live) kept.add(live);
      for (const copy of Array.from(root.querySelectorAll('*'))) {
        const original = source.live(copy);
        if (original) kept.add(original);
      }
    }
    const byHolder = new Map<Element, Set<Element>>();
    const quiet = new Map<Element, boolean>();
    for (const el of marks.keys()) {
      if (kept.has(el)) continue;
      // The outermost part left out around the control, and the nearest kept element around that.
      let dropped = el;
      let holder = composedParent(el);
      // A listed control whose marker stands for its content writes the ones inside it itself.
      while (holder && !kept.has(holder) && !(marks.has(holder) && !opensContent(holder))) {
        dropped = holder;
        holder = composedParent(holder);
      }
      if (!holder || (marks.has(holder) && !opensContent(holder))) continue;
      // A part left out for what it says (a menu, a comment thread, a sign-up box) was judged not
      // to be content, and its controls stay in the list only; one that says nothing but its
      // controls (a row of icons, a button) was left out for being empty.
      let empty = quiet.get(dropped);
      if (empty === undefined) quiet.set(dropped, (empty = saysNothing(cache, dropped, marks)));
      if (!empty) continue;
      const inside = byHolder.get(holder) ?? new Set<Element>();
      inside.add(el);
      byHolder.set(holder, inside);
    }
    if (byHolder.size === 0) return null;
    const holders = new Map<Element, Holder>();
    for (const [holder, inside] of byHolder) holders.set(holder, { strays: measure(cache, holder, inside, marks), next: 0, written: 0 });
    return new Strays(holders);
  }

  /** The renderer enters the copy of live element `live`: writes what stands first in it. Answers whether it is a holder. */
  enter(live: Element | null, write: WriteStray): boolean {
    const holder = live ? this.holders.get(live) : undefined;
    if (!holder) return false;
    holder.next = 0;
    holder.written = 0;
    this.open.push(holder);
    this.due(holder, write);
    return true;
  }

  /** The renderer wrote `text` (whitespace is not counted). */
  text(text: string): void {
    if (this.open.length === 0) return;
    const count = chars(text);
    for (const holder of this.open) holder.written += count;
  }

  /** An element ended: writes the controls whose text before them has been written. */
  settle(write: WriteStray): void {
    for (const holder of this.open) this.due(holder, write);
  }

  /** The renderer leaves the innermost holder: writes what it still holds. */
  leave(write: WriteStray): void {
    const holder = this.open.pop();
    if (!holder) return;
    for (; holder.next < holder.strays.length; holder.next++) {
      const { el, item } = holder.strays[holder.next]!;
      write(el, item);
    }
  }

  private due(holder: Holder, write: WriteStray): void {
    for (; holder.next < holder.strays.length; holder.next++) {
      const { el, item, before } = holder.strays[holder.next]!;
      if (before > holder.written) return;
      write(el, item);
    }
  }
}

/** Characters a part left out may say besides its controls' own words ("12" likes beside an icon, "Share:"). */
const QUIET_CHARS = 24;

/** What a walk of shown text does at an element: goes in, passes it over, or ends. */
const ENTER = 0;
const SKIP = 1;
const STOP = 2;

/** The callbacks of `walkShownText`; each may end the walk. */
interface ShownTextVisitor {
  /** A text node's characters, if its parent shows its text: true ends the walk. */
  text(chars: number): boolean;
  /** An element the walk reached and did not hide: ENTER, SKIP or STOP. */
  enter(el: Element): typeof ENTER | typeof SKIP | typeof STOP;
  /** After an entered element's children: true ends the walk. */
  leave(el: Element): boolean;
}

/**
 * Walks the text under `root` that the page shows, in order: the characters of text nodes whose
 * parent shows text, never inside an element the walk hid or never reached. False when a
 * callback ended it, true when it went through.
 */
function walkShownText(cache: WalkCache, root: Element, visitor: ShownTextVisitor): boolean {
  const visit = (el: Element): boolean => {
    const textShown = !cache.textHidden(el);
    const children = childNodesOf(el);
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (isText(child)) {
        if (textShown && visitor.text(chars(child.data))) return false;
      } else if (isElement(child) && !(cache.reached(child) & HIDDEN)) {
        const step = visitor.enter(child);
        if (step === STOP || (step === ENTER && (!visit(child) || visitor.leave(child)))) return false;
      }
    }
    return true;
  };
  return visit(root);
}

/**
 * True when what `part` shows outside its listed controls is at most QUIET_CHARS characters.
 * A listed link's words count: a block of links (a menu, a list of related stories) says them.
 */
function saysNothing(cache: WalkCache, part: Element, marks: ReadonlyMap<Element, InteractiveElement>): boolean {
  const silent = (el: Element): boolean => {
    const item = marks.get(el);
    return !!item && item.role !== 'link';
  };
  let count = 0;
  return (
    silent(part) ||
    walkShownText(cache, part, {
      text: (n) => (count += n) > QUIET_CHARS,
      enter: (el) => (silent(el) ? SKIP : ENTER),
      leave: () => false,
    })
  );
}

/** The controls of `wanted` inside `holder`, in order, each with the characters of shown text before it. */
function measure(cache: WalkCache, holder: Element, wanted: Set<Element>, marks: ReadonlyMap<Element, InteractiveElement>): Stray[] {
  const strays: Stray[] = [];
  let count = 0;
  // The count as each control still open was entered.
  const own: number[] = [];
  walkShownText(cache, holder, {
    text: (n) => {
      count += n;
      return false;
    },
    enter: (el) => {
      if (wanted.has(el)) {
        strays.push({ el, item: marks.get(el)!, before: count });
        own.push(count);
      }
      return ENTER;
    },
    leave: (el) => {
      // A control's own text is not written (its marker is), so it does not count.
      if (wanted.has(el)) count = own.pop()!;
      // Once every control is placed, the text after the last one does not matter.
      return strays.length === wanted.size;
    },
  });
  return strays;
}
