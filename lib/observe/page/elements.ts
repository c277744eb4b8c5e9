import type { WalkContext } from './context.js';
import { HIDDEN, INVISIBLE, SOFT } from './flags.js';
import { landmarkOf, regionOf } from './landmarks.js';
import { visibleText } from './text.js';
import { childNodesOf, frameDocument, isElement, OPAQUE_TAGS, roleAttr, SKIP_TAGS } from './tree.js';

/** Roles that make any element a control (role=link counts as a link). */
const CONTROL_ROLES = new Set([
  'button', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch', 'option', 'combobox',
  'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem',
]);
const CONTROL_TAGS = new Set(['button', 'select', 'textarea', 'summary']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const FORM_ASSOCIATED = new Set(['button', 'input', 'select', 'textarea', 'output', 'fieldset', 'object']);
/** Inputs sites often hide visually behind a styled label: listed when one of their labels shows. */
const LABEL_PROXIED = new Set(['checkbox', 'radio', 'file']);
const PAGE_REGIONS = new Set(['header', 'nav', 'main', 'aside', 'footer']);

/** An element found interactive, with what the walk knew at its place. */
export interface Candidate {
  el: Element;
  /** Nearest enclosing landmark. */
  landmark: string | null;
  /** Text of the nearest preceding heading. */
  near: string;
  form: Element | null;
  /** A click-listener element that turned out to contain a real control. */
  dropped: boolean;
  /** A visually hidden input standing for its visible label. */
  proxied: boolean;
  /** A cross-origin iframe: a place for its own elements, not an element. */
  foreign?: boolean;
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
  private inScope: number;
  private interactiveDepth = 0;
  private interactiveCount = 0;
  private clickOpen = 0;

  constructor(
    private readonly ctx: WalkContext,
    private readonly scope: Set<Element> | null,
    private readonly includeLinks: boolean,
  ) {
    this.inScope = scope ? 0 : 1;
  }

  /** Runs the pass from the document element. */
  run(): ElementPass {
    const root = this.ctx.doc.documentElement;
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
    if (this.ctx.hasClickListener(el) || (attributes && el.hasAttribute('onclick')) || typeof (el as HTMLElement).onclick === 'function') return 'click';
    return null;
  }

  private candidate(el: Element, tag: string, proxied: boolean): Candidate {
    const form = FORM_ASSOCIATED.has(tag) ? (el as HTMLInputElement).form : (this.formStack[this.formStack.length - 1] ?? null);
    return {
      el,
      landmark: this.landmarks[this.landmarks.length - 1] ?? null,
      near: this.near,
      form,
      dropped: false,
      proxied,
    };
  }

  private visit(el: Element): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    const flags = this.ctx.verdict(el);
    if (flags & HIDDEN) {
      if (flags & SOFT && this.inScope && tag === 'input' && LABEL_PROXIED.has((el as HTMLInputElement).type)) {
        if ((el as HTMLInputElement).labels?.length) this.found.candidates.push(this.candidate(el, tag, true));
      }
      return;
    }
    const entersScope = this.scope?.has(el) ?? false;
    if (entersScope) this.inScope++;
    const role = roleAttr(el);
    const landmark = landmarkOf(el, tag, role);
    if (landmark) {
      this.landmarks.push(landmark);
      const region = regionOf(el, tag, role);
      if (region && PAGE_REGIONS.has(region) && el.getRootNode() === this.ctx.doc) this.found.regions.push({ el, kind: region });
    }
    if (tag === 'form') {
      this.found.forms.push({ el, inScope: this.inScope > 0 });
      this.formStack.push(el);
    }
    if (HEADING_TAGS.has(tag) || role === 'heading') {
      const text = visibleText(this.ctx, el, 80);
      if (text) this.near = text;
    }

    const kind = this.classify(el, tag, role);
    const listable = this.inScope > 0 && !(flags & INVISIBLE);
    if ((tag === 'iframe' || tag === 'frame') && listable && !frameDocument(el)) {
      this.found.candidates.push({ ...this.candidate(el, tag, false), foreign: true });
    }
    let click = -1;
    let before = 0;
    if (kind === 'control' || kind === 'link') {
      this.interactiveCount++;
      if (listable && (kind === 'control' || this.includeLinks)) this.found.candidates.push(this.candidate(el, tag, false));
      this.interactiveDepth++;
    } else if (kind === 'click' && listable && this.interactiveDepth === 0 && this.clickOpen === 0 && this.ctx.style(el).cursor === 'pointer') {
      click = this.found.candidates.push(this.candidate(el, tag, false)) - 1;
      before = this.interactiveCount;
      this.clickOpen++;
    }

    if (!OPAQUE_TAGS.has(tag)) this.children(el);

    if (click >= 0) {
      this.clickOpen--;
      // The outermost clickable that holds no real control: otherwise the control is what to click.
      if (this.interactiveCount > before) this.found.candidates[click]!.dropped = true;
    }
    if (kind === 'control' || kind === 'link') this.interactiveDepth--;
    if (tag === 'form') this.formStack.pop();
    if (landmark) this.landmarks.pop();
    if (entersScope) this.inScope--;
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

/** True when a candidate is really there to click: it has a box and the browser agrees it is visible. */
export function listable(ctx: WalkContext, candidate: Candidate): boolean {
  const { el } = candidate;
  if (candidate.dropped) return false;
  if (candidate.proxied) {
    const labels = (el as HTMLInputElement).labels;
    return !!labels && Array.from(labels).some((label) => ctx.shown(label));
  }
  if (ctx.display(el) === 'inline') {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
  }
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
}
