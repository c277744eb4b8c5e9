import type { WalkCache } from './cache.js';
import { HIDDEN, INVISIBLE } from './flags.js';
import { regionLabel, regionOf } from './landmarks.js';
import type { InteractiveElement } from '../../../contract/response/page.js';
import { controlMark, INNER_MARKS_MAX, opensContent } from './marks.js';
import { Out } from './out.js';
import type { Source } from './source.js';
import { Strays } from './strays.js';
import { type CellRenderer, writeTable } from './tables.js';
import { squash } from '../strings.js';
import { BLOCK_TAGS, isElement, isText, NO_CONTENT_TAGS, roleAttr, SKIP_TAGS } from './tree.js';

/** The live element whose style decides whether text met below is visible (null: no live element above). */
type Owner = Element | null;

const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'tt']);
const LANGUAGE = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/;

/** Renders content nodes (live or Readability's clone) as markdown; in `regions` mode under region headers. */
export class MarkdownRenderer {
  private out = new Out();
  private readonly lists: Array<{ ordered: boolean; next: number }> = [];
  private regionDepth = 0;
  private headingDepth = 0;
  /** Listed controls the content's copy left out, each written where it stands (controls in place). */
  private strays: Strays | null = null;

  constructor(
    private readonly cache: WalkCache,
    private readonly source: Source,
    private readonly regions = false,
    /** Listed controls by live element, to mark where they stand (controls in place). */
    private readonly marks?: ReadonlyMap<Element, InteractiveElement>,
  ) {}

  /** The markdown of `roots`, in order. */
  render(roots: readonly Node[]): string {
    if (this.regions) this.out.setHeader('## [page]');
    if (this.marks) this.strays = Strays.find(this.cache, this.source, roots, this.marks);
    for (const root of roots) {
      this.node(root, null);
      this.out.block();
    }
    return this.out.result();
  }

  private node(node: Node, owner: Owner): void {
    if (isText(node)) {
      if (this.textShown(owner)) {
        this.out.text(node.data);
        this.strays?.text(node.data);
      }
    } else if (isElement(node)) {
      if (!this.strays) return this.element(node, owner);
      const live = this.source.live(node);
      const holder = this.strays.enter(live, this.writeMark);
      this.element(node, owner);
      if (holder) this.strays.leave(this.writeMark);
      // Controls are written between blocks, never inside a line of text.
      const display = live ? this.cache.display(live) : BLOCK_TAGS.has(node.localName) ? 'block' : 'inline';
      if (!display.startsWith('inline') && display !== 'contents') this.strays.settle(this.writeMark);
    }
  }

  private children(node: Node, owner: Owner): void {
    const children = this.source.children(node);
    if (children === node.childNodes) {
      for (let child = node.firstChild; child; child = child.nextSibling) this.node(child, owner);
    } else {
      for (let i = 0; i < children.length; i++) this.node(children[i]!, owner);
    }
  }

  /** The verdict flags of a content element (0 for nodes Readability created), HIDDEN when not shown. */
  private flags(el: Element): number {
    const live = this.source.live(el);
    return live ? this.cache.reached(live) : 0;
  }

  private textShown(owner: Owner): boolean {
    return !owner || !this.cache.textHidden(owner);
  }

  private element(el: Element, outer: Owner): void {
    const tag = el.localName;
    if (this.marks && this.mark(el, tag)) return;
    if (SKIP_TAGS.has(tag) || NO_CONTENT_TAGS.has(tag)) return;
    const live = this.source.live(el);
    const flags = live ? this.cache.reached(live) : 0;
    if (flags & HIDDEN) return;
    const owner = live ?? outer;
    const role = roleAttr(el);
    if (this.regions && this.regionDepth === 0 && live) {
      const kind = regionOf(live, tag, role);
      if (kind) {
        const label = regionLabel(this.cache, live, kind);
        this.out.block();
        this.out.setHeader(`## [${kind}${label ? `: ${label}` : ''}]`);
        this.regionDepth++;
        this.content(el, tag, role, live, flags, owner);
        this.regionDepth--;
        this.out.block();
        this.out.setHeader('## [page]');
        return;
      }
    }
    this.content(el, tag, role, live, flags, owner);
  }

  /**
   * Writes a listed control's marker where it stands: in place of its content when that is its
   * label (a field, a button, a short link; the controls listed inside it follow), before its
   * content when it holds more (a card, a row). False when `el` is not listed.
   */
  private mark(el: Element, tag: string): boolean {
    const live = this.source.live(el);
    const item = live ? this.marks?.get(live) : undefined;
    if (!live || !item) return false;
    const block = !NO_CONTENT_TAGS.has(tag) && this.cache.display(live) !== 'inline' && !this.cache.display(live).startsWith('inline');
    if (block) this.out.block();
    this.writeMark(live, item);
    if (opensContent(live)) {
      if (!(this.cache.reached(live) & HIDDEN)) this.children(el, live);
    } else if (!NO_CONTENT_TAGS.has(tag)) {
      const inner = live.getElementsByTagName('*');
      for (let i = 0; i < inner.length && i < INNER_MARKS_MAX; i++) {
        const listed = this.marks?.get(inner[i]!);
        if (listed) this.writeMark(inner[i]!, listed);
      }
    }
    if (block) this.out.block();
    return true;
  }

  /** A control's marker as a word of the text, a link's with its URL. */
  private readonly writeMark = (live: Element, item: InteractiveElement): void => {
    const href = live.localName === 'a' ? live.getAttribute('href') : null;
    const url = href && !/^\s*javascript:/i.test(href) ? this.cache.absolute(href, live.ownerDocument) : '';
    this.out.space();
    this.out.atom(url ? `${controlMark(item)}(${url})` : controlMark(item));
    this.out.space();
  };

  private content(el: Element, tag: string, role: string, live: Element | null, flags: number, owner: Owner): void {
    const level = HEADINGS[tag] ?? (role === 'heading' ? Number(el.getAttribute('aria-level')) || 2 : 0);
    if (level) return this.heading(el, Math.min(level, 6), owner);
    switch (tag) {
      case 'ul':
      case 'ol':
      case 'menu':
        return this.list(el, tag === 'ol', owner);
      case 'li':
        return this.item(el, owner);
      case 'blockquote':
        return this.framed(el, '> ', '> ', false, owner);
      case 'dl':
        return this.block(el, owner);
      case 'dt':
        return this.framed(el, '', '', true, owner);
      case 'dd':
        return this.framed(el, ': ', '  ', true, owner);
      case 'pre':
        return this.code(el, owner);
      case 'a':
        return this.link(el, live, owner);
      case 'img':
        if (!(flags & INVISIBLE)) this.image(el, live);
        return;
      case 'br':
        return this.out.lineBreak();
      case 'hr':
        this.out.block();
        this.out.atom('---');
        return this.out.block();
      case 'table':
        if (writeTable(this.out, this.cells(), el)) return;
        break;
      case 'strong':
      case 'b':
        return this.wrapped(el, '**', owner);
      case 'em':
      case 'i':
        return this.wrapped(el, '_', owner);
      case 'rt':
        this.out.open('(', ')');
        this.children(el, owner);
        return this.out.close();
      case 'math':
        if (this.textShown(owner)) this.out.text(` ${el.getAttribute('alttext') ?? el.textContent ?? ''} `);
        return;
    }
    if (CODE_TAGS.has(tag)) return this.wrapped(el, '`', owner, true);
    const display = live ? this.cache.display(live) : BLOCK_TAGS.has(tag) ? 'block' : 'inline';
    if (display === 'inline' || display === 'contents' || display.startsWith('ruby')) return this.children(el, owner);
    if (display.startsWith('inline')) {
      this.out.space();
      this.children(el, owner);
      return this.out.space();
    }
    this.block(el, owner);
  }

  private block(el: Element, owner: Owner): void {
    this.out.block();
    this.children(el, owner);
    this.out.block();
  }

  private heading(el: Element, level: number, owner: Owner): void {
    this.out.block();
    this.out.setHeading(level);
    this.out.enterSingle();
    this.headingDepth++;
    this.children(el, owner);
    this.headingDepth--;
    this.out.leaveSingle();
    this.out.block();
  }

  private list(el: Element, ordered: boolean, owner: Owner): void {
    const start = Number(el.getAttribute('start'));
    this.out.block();
    this.lists.push({ ordered, next: Number.isFinite(start) && el.hasAttribute('start') ? start : 1 });
    this.children(el, owner);
    this.lists.pop();
    this.out.block();
  }

  private item(el: Element, owner: Owner): void {
    const list = this.lists[this.lists.length - 1];
    const marker = list?.ordered ? `${list.next++}. ` : '- ';
    this.framed(el, marker, '  ', true, owner);
  }

  /**
   * Content under a prefix: a quote stands apart with blank lines around it; list items (and
   * definition terms) follow each other line by line, the list itself standing apart.
   */
  private framed(el: Element, first: string, rest: string, item: boolean, owner: Owner): void {
    if (item) this.out.flush();
    else this.out.block();
    this.out.push(first, rest, item);
    this.children(el, owner);
    this.out.block();
    this.out.pop();
    if (!item) this.out.block();
  }

  private wrapped(el: Element, mark: string, owner: Owner, always = false): void {
    if (!always && this.headingDepth > 0) return this.children(el, owner);
    this.out.open(mark, mark);
    this.children(el, owner);
    this.out.close();
  }

  private link(el: Element, live: Element | null, owner: Owner): void {
    const href = el.getAttribute('href');
    const url = href && !/^\s*javascript:/i.test(href) ? this.cache.absolute(href, live?.ownerDocument) : '';
    if (!url) return this.children(el, owner);
    this.out.open('[', `](${url})`);
    this.children(el, owner);
    this.out.close();
  }

  private image(el: Element, live: Element | null): void {
    const alt = squash(el.getAttribute('alt') ?? '');
    if (!alt) return;
    const src = el.getAttribute('src') ?? '';
    const url = src && !/^\s*(data|blob):/i.test(src) ? this.cache.absolute(src, live?.ownerDocument) : '';
    this.out.space();
    this.out.atom(url ? `![${alt}](${url})` : `![${alt}]`);
    this.out.space();
  }

  private code(el: Element, owner: Owner): void {
    const text = this.preText(el, owner).replace(/^\n+|\s+$/g, '');
    if (!text) return;
    const className = `${el.getAttribute('class') ?? ''} ${el.querySelector('code')?.getAttribute('class') ?? ''}`;
    const lang = LANGUAGE.exec(className)?.[1] ?? '';
    const fence = text.includes('```') ? '~~~~' : '```';
    this.out.block();
    this.out.verbatim([fence + lang, ...text.split('\n'), fence]);
    this.out.block();
  }

  /** A pre block's text as written: whitespace kept, `<br>` and block children as line breaks. */
  private preText(node: Node, owner: Owner): string {
    let text = '';
    const children = this.source.children(node);
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (isText(child)) {
        if (this.textShown(owner)) text += child.data;
      } else if (isElement(child)) {
        const tag = child.localName;
        if (SKIP_TAGS.has(tag) || NO_CONTENT_TAGS.has(tag)) continue;
        if (tag === 'br') {
          text += '\n';
          continue;
        }
        const flags = this.flags(child);
        if (flags & HIDDEN) continue;
        const live = this.source.live(child);
        text += this.preText(child, live ?? owner);
        const display = live ? this.cache.display(live) : BLOCK_TAGS.has(tag) ? 'block' : 'inline';
        if (display !== 'inline' && !text.endsWith('\n')) text += '\n';
      }
    }
    return text;
  }

  private cells(): CellRenderer {
    return {
      shown: (child) => (this.flags(child) & HIDDEN) === 0,
      children: (node) => this.source.children(node),
      inline: (cell) => this.inline(cell),
    };
  }

  /** An element's content rendered on one line (a table cell, a caption). */
  private inline(el: Element): string {
    const outer = this.out;
    this.out = new Out(true);
    this.children(el, this.source.live(el));
    const line = this.out.line();
    this.out = outer;
    return line;
  }
}
