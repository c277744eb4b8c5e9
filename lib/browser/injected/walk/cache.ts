import { HIDDEN } from './flags.js';
import { computeVerdict, textHidden, type Viewport, type VerdictSource } from './visibility.js';

/** Taken when the script is installed, before the page's own scripts could wrap it. */
const computedStyleOf: typeof getComputedStyle = getComputedStyle.bind(globalThis);

/** Printable ASCII without spaces or backslashes: nothing the URL parser would re-encode or rewrite. */
const SAFE_URL = /^[\x21-\x5b\x5d-\x7e]+$/;

/** Answers click-listener questions for elements of one realm (each frame hooks its own addEventListener). */
export type ClickLookup = (el: Element) => boolean;

/**
 * Per-walk caches: one computed style, one visibility verdict per element, one viewport per
 * document. A verdict exists only for elements the walk reached from a visible ancestor, so a
 * missing verdict means "inside something hidden".
 */
export class WalkCache implements VerdictSource {
  private readonly styles = new Map<Element, CSSStyleDeclaration>();
  private readonly displays = new Map<Element, string>();
  private readonly verdicts = new Map<Element, number>();
  private readonly mute = new Map<Element, boolean>();
  private readonly viewports = new Map<Document, Viewport>();
  private readonly bases = new Map<Document, string>();

  constructor(
    readonly doc: Document,
    readonly hasClickListener: ClickLookup,
  ) {}

  /** The computed style of `el`, computed once per walk. */
  style(el: Element): CSSStyleDeclaration {
    let style = this.styles.get(el);
    if (!style) {
      style = computedStyleOf(el);
      this.styles.set(el, style);
    }
    return style;
  }

  /** The computed display of `el`, read once per walk (every renderer asks it). */
  display(el: Element): string {
    let display = this.displays.get(el);
    if (display === undefined) {
      display = this.style(el).display;
      this.displays.set(el, display);
    }
    return display;
  }

  /** A getComputedStyle with the cache, for dom-accessibility-api. */
  readonly computedStyle = (el: Element, pseudo?: string | null): CSSStyleDeclaration =>
    pseudo ? computedStyleOf(el, pseudo) : this.style(el);

  /** The visibility flags of `el`, computed on first use; call only on elements whose ancestors are visible. */
  verdict(el: Element): number {
    let verdict = this.verdicts.get(el);
    if (verdict === undefined) {
      verdict = computeVerdict(this, el);
      this.verdicts.set(el, verdict);
    }
    return verdict;
  }

  /**
   * True when text directly inside `el` cannot be seen: not painted, font-size 0, or pushed away
   * by text-indent. Asked only where text is met, so most elements never
   * pay for these reads (all inherited, so the text's own parent tells).
   */
  textHidden(el: Element): boolean {
    let hidden = this.mute.get(el);
    if (hidden === undefined) {
      hidden = textHidden(this.style(el), this.reached(el));
      this.mute.set(el, hidden);
    }
    return hidden;
  }

  /** The flags of an element the walk reached, or HIDDEN when it never got there (inside a hidden subtree). */
  reached(el: Element): number {
    return this.verdicts.get(el) ?? HIDDEN;
  }

  /** True when the walk reached `el` and it is rendered. */
  shown(el: Element): boolean {
    const verdict = this.verdicts.get(el);
    return verdict !== undefined && (verdict & HIDDEN) === 0;
  }

  /** Scroll offsets and sizes of `doc`'s window, read once per walk. */
  viewport(doc: Document): Viewport {
    let viewport = this.viewports.get(doc);
    if (!viewport) {
      const win = doc.defaultView;
      const root = doc.scrollingElement ?? doc.documentElement;
      viewport = {
        scrollX: win?.scrollX ?? 0,
        scrollY: win?.scrollY ?? 0,
        width: win?.innerWidth ?? 0,
        height: win?.innerHeight ?? 0,
        docWidth: Math.max(root?.scrollWidth ?? 0, win?.innerWidth ?? 0),
        docHeight: Math.max(root?.scrollHeight ?? 0, win?.innerHeight ?? 0),
        rtl: root ? this.style(root).direction === 'rtl' : false,
      };
      this.viewports.set(doc, viewport);
    }
    return viewport;
  }

  /** `url` made absolute against the base URL of `doc` ('' when it cannot be parsed). */
  absolute(url: string, doc: Document = this.doc): string {
    let base = this.bases.get(doc);
    if (base === undefined) {
      base = doc.baseURI || doc.URL;
      this.bases.set(doc, base);
    }
    const href = url.trim();
    // Most links are already absolute, root-relative or fragments: spare them the URL parser.
    if (SAFE_URL.test(href)) {
      if (/^https?:\/\//i.test(href) && !href.includes('/.')) return href;
      if (href.charCodeAt(0) === 35 /* # */) return base.replace(/#.*$/, '') + href;
      if (href.charCodeAt(0) === 47 /* / */ && href.charCodeAt(1) !== 47 && !href.includes('/.')) {
        const origin = /^https?:\/\/[^/?#]+/i.exec(base)?.[0];
        if (origin) return origin + href;
      }
    }
    try {
      return new URL(href, base).href;
    } catch {
      return '';
    }
  }
}
