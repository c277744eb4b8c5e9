import type { WalkCache } from './cache.js';
import { HIDDEN, INVISIBLE, SOFT } from './flags.js';
import { hoverPointerTest } from './hover.js';
import { drawnByImage } from './icons.js';
import { holdsItems, INNER_CONTROLS, itemLike, modalShown, textChars } from './clickables.js';
import { landmarkOf, regionOf } from './landmarks.js';
import { computeVerdict } from './visibility.js';
import { visibleText } from './text.js';
import { childNodesOf, frameDocument, isElement, OPAQUE_TAGS, roleAttr, SKIP_TAGS } from './tree.js';

/** Roles that make any element a control (role=link counts as a link). */
const CONTROL_ROLES = new Set([
  'button', 'listbox', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch', 'option', 'combobox',
  'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem',
]);
const CONTROL_TAGS = new Set(['button', 'select', 'textarea', 'summary']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const FORM_ASSOCIATED = new Set(['button', 'input', 'select', 'textarea', 'output', 'fieldset', 'object']);
/** Inputs sites often hide visually behind a styled label: listed when one of their labels shows. */
const LABEL_PROXIED = new Set(['checkbox', 'radio', 'file']);
const PAGE_REGIONS = new Set(['header', 'nav', 'main', 'aside', 'footer']);
/** A clickable still open in the walk: what its nested controls and clickables cover of its text. */
interface OpenClick {
  index: number;
  chars: number;
  covered: number;
  /** Controls, links and clickables met inside it. */
  inner: number;
}

/** An element found interactive, with what the walk knew at its place. */
export interface Candidate {
  el: Element;
  /** Nearest enclosing landmark. */
  landmark: string | null;
  /** Text of the nearest preceding heading. */
  near: string;
  /** That heading. */
  heading?: Element | null;
  form: Element | null;
  /** A click-listener element that turned out to contain a real control. */
  dropped: boolean;
  /** A visually hidden input standing for its visible label. */
  proxied: boolean;
  /** A cross-origin iframe: a place for its own elements, not an element. */
  foreign?: boolean;
  /** Listed for its click listener (not for its tag or role). */
  click?: boolean;
  /** A control drawn by an image that is missing: listed though it has no size. */
  icon?: boolean;
  /** Inside an aria-hidden region that shows: listed only when no ancestor clips it away. */
  ariaHidden?: boolean;
}

/** What one pass over the live page finds. */
export interface ElementPass {
  candidates: Candidate[];
  /** Shown forms in document order, with whether they lie in scope. */
  forms: Array<{ el: Element; inScope: boolean }>;
  /** Page regions of the top document's light tree (for the section map). */
  regions: Array<{ el: Element; kind: string }>;
}

type Kind = 'control' | 'link' | 'click' | null;

/**
 * Walks the whole live page (shadow roots, slots and same-origin iframes followed), computing
 * every reached element's visibility verdict and collecting, in document order, the interactive
 * elements inside `scope` (all of the page when null), the forms and the page regions.
 */
export class ElementWalker {
  private readonly found: ElementPass = { candidates: [], forms: [], regions: [] };
  private readonly landmarks: string[] = [];
  private readonly formStack: Element[] = [];
  private near = '';
  private heading: Element | null = null;
  private inScope: number;
  private interactiveDepth = 0;
  private readonly open: OpenClick[] = [];
  /** Lists whose click handler serves their items. */
  private readonly delegating = new Set<Element>();
  private readonly pointerOnHover = hoverPointerTest();
  /** False while a modal dialog shows: then aria-hidden marks the page behind it, which cannot be clicked. */
  private readonly showAriaHidden: boolean;
  private ariaHiddenDepth = 0;

  constructor(
    private readonly cache: WalkCache,
    private readonly scope: Set<Element> | null,
    private readonly includeLinks: boolean,
  ) {
    this.inScope = scope ? 0 : 1;
    this.showAriaHidden = !modalShown(cache.doc);
  }

  /** Runs the pass from the document element. */
  run(): ElementPass {
    const root = this.cache.doc.documentElement;
    if (root) this.visit(root);
    return this.found;
  }

  private classify(el: Element, tag: string, role: string): Kind {
    if (role === 'link') return 'link';
    if (role && CONTROL_ROLES.has(role)) return 'control';
    if (CONTROL_TAGS.has(tag)) return 'control';
    if (tag === 'input') return (el as HTMLInputElement).type === 'hidden' ? null : 'control';
    const attributes = el.hasAttributes();
    if (tag === 'a' && attributes && el.hasAttribute('href')) return 'link';
    if (attributes && el.hasAttribute('contenteditable') && (el as HTMLElement).isContentEditable && !el.parentElement?.isContentEditable) return 'control';
    if (this.cache.hasClickListener(el) || (attributes && el.hasAttribute('onclick')) || typeof (el as HTMLElement).onclick === 'function') return 'click';
    return null;
  }

  /**
   * Whether an element with a click listener looks clickable: a pointer cursor now or under
   * `:hover`, a tabindex, or being an item of a list whose handler sits on the list.
   */
  private looksClickable(el: Element): boolean {
    if (this.cache.style(el).cursor === 'pointer') return true;
    if (el.hasAttribute('tabindex') && (el as HTMLElement).tabIndex >= 0) return true;
    return this.pointerOnHover(el);
  }

  /**
   * A control squashed to nothing only because the image that draws it is missing (blocked or
   * not loaded): no opacity or clipping trick hides it, and it has somewhere to be.
   */
  private missingIcon(el: Element, tag: string): boolean {
    const kind = this.classify(el, tag, roleAttr(el));
    if (kind === null || (kind === 'link' && !this.includeLinks && roleAttr(el) !== 'button')) return false;
    const style = this.cache.style(el);
    if (style.opacity === '0' || style.clipPath !== 'none' || style.clip !== 'auto') return false;
    const rect = el.getBoundingClientRect();
    if (rect.width > 1 && rect.height > 1) return false;
    return drawnByImage(this.cache, el);
  }

  /** An item of a delegating list, holding no control of its own. */
  private delegatedItem(el: Element): boolean {
    const parent = el.parentElement;
    return !!parent && this.delegating.has(parent) && itemLike(el) && !el.querySelector(INNER_CONTROLS);
  }

  /** The options of a select drawn as a list box (multiple, or a size above 1): each is clicked where it shows. */
  private listOptions(select: HTMLSelectElement): void {
    if (!select.multiple && select.size <= 1) return;
    for (const option of Array.from(select.options)) {
      if (!option.hidden && this.cache.display(option) !== 'none') this.found.candidates.push(this.candidate(option, 'option', false));
    }
  }

  /** Adds what a listed element covers of the text of every clickable open around it. */
  private cover(el: Element): void {
    if (this.open.length === 0) return;
    const chars = textChars(el);
    for (const entry of this.open) {
      entry.covered += chars;
      entry.inner++;
    }
  }

  private candidate(el: Element, tag: string, proxied: boolean): Candidate {
    const form = FORM_ASSOCIATED.has(tag) ? (el as HTMLInputElement).form : (this.formStack[this.formStack.length - 1] ?? null);
    return {
      el,
      landmark: this.landmarks[this.landmarks.length - 1] ?? null,
      near: this.near,
      heading: this.heading,
      form,
      dropped: false,
      proxied,
      ...(this.ariaHiddenDepth > 0 ? { ariaHidden: true } : {}),
    };
  }

  private visit(el: Element): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    let flags = this.cache.verdict(el);
    // A control the reader sees is there to click, even where aria-hidden keeps it from screen readers.
    let ariaHidden = false;
    if (flags & HIDDEN && this.showAriaHidden && el.getAttribute('aria-hidden') === 'true') {
      flags = computeVerdict(this.cache, el, true);
      ariaHidden = !(flags & HIDDEN);
    }
    if (flags & HIDDEN) {
      if (flags & SOFT && this.inScope && tag === 'input' && LABEL_PROXIED.has((el as HTMLInputElement).type)) {
        if ((el as HTMLInputElement).labels?.length) this.found.candidates.push(this.candidate(el, tag, true));
      } else if (flags & SOFT && this.inScope && this.interactiveDepth === 0 && this.missingIcon(el, tag)) {
        this.found.candidates.push({ ...this.candidate(el, tag, false), icon: true });
      }
      return;
    }
    if (ariaHidden) this.ariaHiddenDepth++;
    const entersScope = this.scope?.has(el) ?? false;
    if (entersScope) this.inScope++;
    const role = roleAttr(el);
    const landmark = landmarkOf(el, tag, role);
    if (landmark) {
      this.landmarks.push(landmark);
      const region = regionOf(el, tag, role);
      if (region && PAGE_REGIONS.has(region) && el.getRootNode() === this.cache.doc) this.found.regions.push({ el, kind: region });
    }
    if (tag === 'form') {
      this.found.forms.push({ el, inScope: this.inScope > 0 });
      this.formStack.push(el);
    }
    if (HEADING_TAGS.has(tag) || role === 'heading') {
      const text = visibleText(this.cache, el, 80);
      if (text) {
        this.near = text;
        this.heading = el;
      }
    }

    let kind = this.classify(el, tag, role);
    const listable = this.inScope > 0 && !(flags & INVISIBLE);
    if ((tag === 'iframe' || tag === 'frame') && listable && !frameDocument(el)) {
      this.found.candidates.push({ ...this.candidate(el, tag, false), foreign: true });
    }
    // A list with the click handler of its items: the items are what to click, not the list.
    let delegates = false;
    if (kind === 'click' && tag !== 'body' && tag !== 'html' && holdsItems(el)) {
      this.delegating.add(el);
      delegates = true;
      kind = null;
    } else if (kind === null && this.delegatedItem(el)) {
      kind = 'click';
    }
    let click: OpenClick | null = null;
    if (kind === 'control' || kind === 'link') {
      if (listable && (kind === 'control' || this.includeLinks)) this.found.candidates.push(this.candidate(el, tag, false));
      if (listable && tag === 'select') this.listOptions(el as HTMLSelectElement);
      this.cover(el);
      this.interactiveDepth++;
    } else if (kind === 'click' && listable && this.interactiveDepth === 0 && (this.delegatedItem(el) || this.looksClickable(el))) {
      click = { index: this.found.candidates.push({ ...this.candidate(el, tag, false), click: true }) - 1, chars: textChars(el), covered: 0, inner: 0 };
      this.open.push(click);
    }

    if (!OPAQUE_TAGS.has(tag)) this.children(el);

    if (click) this.closeClick(click);
    if (delegates) this.delegating.delete(el);
    if (kind === 'control' || kind === 'link') this.interactiveDepth--;
    if (tag === 'form') this.formStack.pop();
    if (landmark) this.landmarks.pop();
    if (entersScope) this.inScope--;
    if (ariaHidden) this.ariaHiddenDepth--;
  }

  /**
   * Ends a clickable: a clickable inside it saying the same as it shows (a span in a card, a
   * collapsed folder's name: its hidden files do not count) is left out for it; it is left out
   * itself when what it holds covers all its text (a wrapper around a button), since then what
   * it holds is what to click. Otherwise both are listed (a folder and its items, an inbox row
   * and its star).
   */
  private closeClick(click: OpenClick): void {
    this.open.pop();
    const candidates = this.found.candidates;
    if (click.chars > 0) {
      const own = candidates[click.index]!.el;
      let shown: number | undefined;
      for (let i = click.index + 1; i < candidates.length; i++) {
        const inner = candidates[i]!;
        if (!inner.click || inner.dropped) continue;
        const chars = textChars(inner.el);
        if (chars === 0) continue;
        // Text that does not show (a collapsed folder's items) leaves the folder saying what its name says.
        if (chars !== click.chars) {
          shown ??= shownChars(this.cache, own);
          if (shown <= 0 || chars < shown || shownChars(this.cache, inner.el) !== shown) continue;
        }
        inner.dropped = true;
        click.inner--;
        click.covered -= chars;
      }
    }
    const own = candidates[click.index]!;
    if (click.inner > 0 && click.covered >= click.chars) own.dropped = true;
    else this.cover(own.el);
  }

  private children(el: Element): void {
    const children = childNodesOf(el);
    if (children === el.childNodes) {
      for (let child = el.firstElementChild; child; child = child.nextElementSibling) this.visit(child);
      return;
    }
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (isElement(child)) this.visit(child);
    }
  }
}

/** Past this many shown characters a clickable is no name of one thing: never measured further. */
const NAME_CHARS = 200;

/** Characters of the text of `el` that shows, spaces left out; -1 past NAME_CHARS. */
function shownChars(cache: WalkCache, el: Element): number {
  const text = visibleText(cache, el, NAME_CHARS).replace(/\s+/g, '');
  return text.length >= NAME_CHARS - 1 ? -1 : text.length;
}
