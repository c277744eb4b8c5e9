import type { WalkCache } from './cache.js';
import { HIDDEN, INVISIBLE } from './flags.js';
import type { Source } from './source.js';
import { BLOCK_TAGS, isElement, isText, SKIP_TAGS } from './tree.js';

/** Never written: not content, or graphics whose insides are noise. */
const DROP_TAGS = new Set(['svg', 'canvas', 'object', 'embed', 'video', 'audio', 'source', 'track', 'param', 'map', 'area', 'slot', 'datalist']);
const VOID_TAGS = new Set(['img', 'br', 'hr', 'input', 'wbr', 'col']);
/** Written even when empty: their place carries meaning. */
const KEEP_EMPTY = new Set(['td', 'th', 'tr', 'textarea', 'select', 'button', 'iframe', 'option', 'a']);
const UNWRAP = new Set(['span', 'font']);
const URL_ATTRS = new Set(['href', 'src', 'action']);
const KEPT_ATTRS = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'type', 'name', 'value', 'placeholder', 'action', 'method', 'for', 'checked', 'selected', 'disabled', 'multiple', 'open'];

/** Stand-ins for a pre block's breaks and spaces while the whitespace clean-up runs. */
const PRE_BREAK = String.fromCharCode(1);
const PRE_SPACE = String.fromCharCode(2);

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Renders content nodes as cleaned HTML: only shown elements, no scripts, styles, comments, event
 * handlers, classes or inline styles; URLs absolute; controls with their current values. Block
 * elements start on a new line so the text can be cut at a line boundary.
 */
export class HtmlRenderer {
  constructor(
    private readonly cache: WalkCache,
    private readonly source: Source,
  ) {}

  /** The cleaned HTML of `roots`, in order. */
  render(roots: readonly Node[]): string {
    const parts: string[] = [];
    for (const root of roots) this.node(root, null, parts, false);
    // Preformatted text travels with its spaces and breaks masked, so the clean-up leaves it alone.
    return parts
      .join('')
      .replace(/[ \t]*\n\s*/g, '\n')
      .replace(/ {2,}/g, ' ')
      .trim()
      .replaceAll(PRE_BREAK, '\n')
      .replaceAll(PRE_SPACE, ' ');
  }

  private node(node: Node, owner: Element | null, parts: string[], pre: boolean): void {
    if (isText(node)) {
      if (!owner || !this.cache.textHidden(owner)) parts.push(escapeText(pre ? node.data.replaceAll('\n', PRE_BREAK).replaceAll(' ', PRE_SPACE) : node.data.replace(/\s+/g, ' ')));
    } else if (isElement(node)) {
      this.element(node, owner, parts, pre);
    }
  }

  private element(el: Element, outer: Element | null, parts: string[], inPre: boolean): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) || DROP_TAGS.has(tag)) return;
    const live = this.source.live(el);
    const flags = live ? this.cache.reached(live) : 0;
    if (flags & HIDDEN || (tag === 'img' && flags & INVISIBLE)) return;
    const owner = live ?? outer;
    // Shadow hosts, frames and slots are written as their content.
    if (live && (live.shadowRoot || tag === 'iframe')) {
      parts.push('\n');
      this.children(el, owner, parts, inPre);
      parts.push('\n');
      return;
    }
    const attrs = this.attributes(el, live, tag);
    const open = `${BLOCK_TAGS.has(tag) ? '\n' : ''}<${tag}${attrs}>`;
    if (VOID_TAGS.has(tag)) {
      parts.push(open);
      return;
    }
    const inner: string[] = [];
    if (tag === 'select') this.options(live ?? el, inner);
    else if (tag === 'textarea') inner.push(escapeText((live as HTMLTextAreaElement | null)?.value ?? el.textContent ?? ''));
    else this.children(el, owner, inner, inPre || tag === 'pre');
    const content = inner.join('');
    if (!content.trim() && !attrs && !KEEP_EMPTY.has(tag)) return;
    // Bare inline wrappers (syntax highlighting, font tags) carry nothing once classes are gone.
    if (!attrs && UNWRAP.has(tag)) {
      parts.push(content);
      return;
    }
    parts.push(open, content, `</${tag}>`);
  }

  private children(node: Node, owner: Element | null, parts: string[], pre: boolean): void {
    const children = this.source.children(node);
    for (let i = 0; i < children.length; i++) this.node(children[i]!, owner, parts, pre);
  }

  /** A select's options, all of them (a closed select shows none, yet they are its choices). */
  private options(select: Element, parts: string[]): void {
    for (const option of Array.from(select.querySelectorAll('option'))) {
      const value = option.getAttribute('value');
      const selected = option.selected ? ' selected' : '';
      const attr = value === null ? '' : ` value="${escapeAttr(value)}"`;
      parts.push(`<option${attr}${selected}>${escapeText((option.textContent ?? '').replace(/\s+/g, ' ').trim())}</option>`);
    }
  }

  private attributes(el: Element, live: Element | null, tag: string): string {
    let out = '';
    for (const name of KEPT_ATTRS) {
      let value = el.getAttribute(name);
      if (name === 'value' && live && (tag === 'input' || tag === 'select')) value = this.controlValue(live as HTMLInputElement);
      if (name === 'checked' && live && tag === 'input') value = (live as HTMLInputElement).checked ? '' : null;
      if (value === null) continue;
      if (URL_ATTRS.has(name)) {
        if (/^\s*javascript:/i.test(value)) continue;
        if (!/^\s*(data|blob):/i.test(value)) value = this.cache.absolute(value, live?.ownerDocument);
      }
      out += value === '' && name !== 'alt' && name !== 'value' ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`;
    }
    return out;
  }

  /** The current value of a control; a password's is never written. */
  private controlValue(control: HTMLInputElement): string | null {
    if (control.localName === 'select') return null;
    if (control.type === 'password') return null;
    if (control.type === 'checkbox' || control.type === 'radio') return control.getAttribute('value');
    return control.value;
  }
}
