import { Readability } from '@mozilla/readability';
import { removeDiscussions, removeNamedTeasers, removeSignups, removeTeasers } from './boilerplate.js';
import type { WalkCache } from './cache.js';
import { trimEdges, removeLabelledRuns } from './edges.js';
import { keepEmbeds, markEmbeds, type Removers } from './embeds.js';
import { removeMetaLines } from './meta-lines.js';
import { cloneSource, type Source } from './source.js';
import { squash } from '../strings.js';
import { visibleText } from './text.js';
import { childNodesOf, isElement, isText, OPAQUE_TAGS, roleAttr } from './tree.js';
import { removeTooltips, removeUnstyled } from './unstyled.js';

/** Readability's pick of the main content, as a tree in the copy tied back to the live page. */
export interface Article {
  root: Element;
  source: Source;
  title: string;
  /** Characters of text in the article. */
  textLength: number;
}

/** Readability's internals this module adjusts on its own instance (see `readArticle`). */
interface ReadabilityInternals extends Removers {
  _fixRelativeUris?: unknown;
  _simplifyNestedElements?: unknown;
  _isProbablyVisible?: unknown;
  _cleanStyles?: unknown;
  _setNodeTag?: (node: Element, tag: string) => Element;
  _isElementWithoutContent?: (node: Element) => boolean;
  _isValidByline?: (node: Element, matchString: string) => boolean;
  _getInnerText?: (node: Element, normalizeSpaces?: boolean) => string;
  _getLinkDensity?: (node: Element) => number;
  REGEXPS?: { hashUrl?: RegExp; byline?: RegExp };
}

/** True when some text under `node` is not whitespace (what `!textContent.trim()` asks, without building the string). */
function hasText(node: Element): boolean {
  const walker = node.ownerDocument.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (/\S/.test((text as Text).data)) return true;
  }
  return false;
}

/**
 * Same answers as Readability's own methods, computed faster on big pages: an emptiness test that
 * stops at the first word, and link density that measures each link's text once per parse (the
 * link text is not changed while Readability works; only whole nodes move or go).
 */
function speedUp(inner: ReadabilityInternals): void {
  if (typeof inner._isElementWithoutContent === 'function') {
    inner._isElementWithoutContent = (node: Element): boolean =>
      node.nodeType === 1 &&
      !hasText(node) &&
      (!node.children.length || node.children.length === node.getElementsByTagName('br').length + node.getElementsByTagName('hr').length);
  }
  const byline = inner.REGEXPS?.byline;
  if (typeof inner._isValidByline === 'function' && byline) {
    // Readability measures every node's whole text before asking whether it is named as a byline
    // at all: the name first, and the text only of the few that are.
    inner._isValidByline = (node: Element, matchString: string): boolean => {
      const itemprop = node.getAttribute('itemprop');
      if (!(node.getAttribute('rel') === 'author' || (itemprop && itemprop.includes('author')) || byline.test(matchString))) return false;
      const length = (node.textContent ?? '').trim().length;
      return length > 0 && length < 100;
    };
  }
  const innerText = inner._getInnerText;
  const hashUrl = inner.REGEXPS?.hashUrl;
  if (typeof inner._getLinkDensity === 'function' && typeof innerText === 'function' && hashUrl) {
    // Each link's weighted text length: its text length, counted 0.3 for in-page (#) links.
    const weights = new WeakMap<Element, number>();
    inner._getLinkDensity = function (this: ReadabilityInternals, node: Element): number {
      const textLength = innerText.call(this, node).length;
      if (textLength === 0) return 0;
      let linkLength = 0;
      const links = node.getElementsByTagName('a');
      for (let i = 0; i < links.length; i++) {
        const link = links[i]!;
        let weight = weights.get(link);
        if (weight === undefined) {
          const href = link.getAttribute('href');
          weight = innerText.call(this, link).length * (href && hashUrl.test(href) ? 0.3 : 1);
          weights.set(link, weight);
        }
        linkLength += weight;
      }
      return linkLength / textLength;
    };
  }
}

/**
 * Never article content, and left out of the copy so Readability does not spend time on them:
 * the roles it removes itself on its first pass, navigation by tag, and the asides and footers
 * it strips from whatever it picks.
 */
const NOT_ARTICLE_TAGS = new Set(['nav', 'aside', 'footer']);
const NOT_ARTICLE_ROLES = new Set(['menu', 'menubar', 'complementary', 'navigation', 'alert', 'alertdialog', 'dialog']);
const notArticle = (el: Element, tag: string): boolean => NOT_ARTICLE_TAGS.has(tag) || NOT_ARTICLE_ROLES.has(roleAttr(el));

const isJsonLd = (el: Element): boolean => el.localName === 'script' && /ld\+json/i.test(el.getAttribute('type') ?? '');

/**
 * Copies what is shown of the live tree under `live` into `into`, node by node and flattened as a
 * person sees it: open shadow roots in place of light children, slots replaced by what they show,
 * a same-origin iframe's body content in place. Used below shadow hosts and frames only.
 */
function copyShown(cache: WalkCache, live: Element, into: Element, doc: Document, lives: WeakMap<Element, Element>): void {
  const children = childNodesOf(live);
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (isText(child)) {
      into.appendChild(doc.createTextNode(child.data));
      continue;
    }
    if (!isElement(child) || !cache.shown(child)) continue;
    const tag = child.localName;
    if (notArticle(child, tag)) continue;
    if (tag === 'slot' || child.ownerDocument !== live.ownerDocument) {
      // A slot shows its assigned nodes; a frame's body is the content of the div standing for the iframe.
      if (tag !== 'slot') lives.set(into, child);
      copyShown(cache, child, into, doc, lives);
      continue;
    }
    const copy = tag === 'iframe' ? doc.createElement('div') : doc.importNode<Element>(child, tag === 'math');
    lives.set(copy, child);
    into.appendChild(copy);
    if (tag === 'iframe' || !OPAQUE_TAGS.has(tag)) copyShown(cache, child, copy, doc, lives);
  }
}

/**
 * Walks a live element and its deep copy in step: ties each copied element to its original in
 * `lives`, removes copies of what is not shown (so Readability only scores what a person can
 * see), and rebuilds, flattened, the content of shadow hosts and iframes, which a copy lacks.
 */
function tie(cache: WalkCache, live: Element, copy: Element, doc: Document, lives: WeakMap<Element, Element>): void {
  lives.set(copy, live);
  if (live.shadowRoot) {
    copy.replaceChildren();
    copyShown(cache, live, copy, doc, lives);
    return;
  }
  let l = live.firstChild;
  let c = copy.firstChild;
  while (l && c) {
    const nextLive: ChildNode | null = l.nextSibling;
    const nextCopy: ChildNode | null = c.nextSibling;
    if (isElement(l) && !isJsonLd(l)) {
      const tag = l.localName;
      if (!cache.shown(l) || notArticle(l, tag)) {
        c.remove();
      } else if (tag === 'iframe' || tag === 'slot') {
        const div = doc.createElement('div');
        c.replaceWith(div);
        lives.set(div, l);
        copyShown(cache, l, div, doc, lives);
      } else if (OPAQUE_TAGS.has(tag)) {
        lives.set(c as Element, l);
      } else {
        tie(cache, l, c as Element, doc, lives);
      }
    }
    l = nextLive;
    c = nextCopy;
  }
}

/** A new document holding the live head and the shown part of the body, and the ties back to the live page. */
function shownCopy(cache: WalkCache, body: HTMLElement): { doc: Document; lives: WeakMap<Element, Element> } {
  const live = cache.doc;
  const doc = live.implementation.createHTMLDocument('');
  for (const attr of Array.from(live.documentElement.attributes)) doc.documentElement.setAttribute(attr.name, attr.value);
  // Readability reads the title, the meta tags and JSON-LD from the head; the rest of it (style
  // sheets above all) would only be parsed again in the copy.
  doc.head.replaceChildren();
  for (const el of Array.from(live.head?.querySelectorAll('title, meta, script') ?? [])) {
    if (el.localName !== 'script' || isJsonLd(el)) doc.head.appendChild(doc.importNode(el, true));
  }
  const lives = new WeakMap<Element, Element>();
  const copy = doc.importNode<HTMLElement>(body, true);
  // Tied and trimmed to what is shown while still out of the document, so only that is inserted.
  tie(cache, body, copy, doc, lives);
  doc.documentElement.replaceChild(copy, doc.body);
  return { doc, lives };
}

/**
 * What is never the article, taken out of the copy before Readability scores it (a long comment
 * thread or a shown print header could otherwise win): tooltips, what a stylesheet would have
 * hidden, reader comments and reviews, sign-up boxes, blocks named as teasers. Embedded posts
 * are marked first so that neither this nor Readability removes them. Returns whether there
 * were any.
 */
function cleanCopy(live: Document, body: Element): boolean {
  const embeds = markEmbeds(body) > 0;
  removeTooltips(body);
  removeUnstyled(live, body);
  removeDiscussions(body);
  removeSignups(body);
  removeNamedTeasers(body);
  return embeds;
}

/**
 * Runs Readability on a copy of the shown page (the live page is never touched), with the
 * boilerplate it keeps taken out before and after. Null when the page has no body, the copy's
 * text is shorter than `minChars`, Readability finds nothing, or it throws.
 */
export function readArticle(cache: WalkCache, minChars = 0): Article | null {
  const body = cache.doc.body;
  if (!body) return null;
  try {
    const { doc, lives } = shownCopy(cache, body);
    // Readability only removes and moves the copy's text, so its article holds no more of it than
    // the copy: a copy shorter than `minChars` cannot give an article that long. On such a page
    // (a form, a sign-in, a result) Readability's parse would be thrown away, and in a fresh
    // renderer it costs most of the first walk, mostly in compiling Readability's code.
    if ((doc.body.textContent ?? '').length < minChars) return null;
    const embeds = cleanCopy(cache.doc, doc.body);
    const reader = new Readability<Element>(doc, { serializer: (node) => node as Element, keepClasses: true });
    const inner = reader as unknown as ReadabilityInternals;
    // Work done elsewhere or not needed: URLs are resolved against the live page, wrapper nesting
    // never shows in markdown, presentational attributes are never output, and hidden nodes are
    // already gone from the copy.
    if (typeof inner._fixRelativeUris === 'function') inner._fixRelativeUris = () => undefined;
    if (typeof inner._simplifyNestedElements === 'function') inner._simplifyNestedElements = () => undefined;
    if (typeof inner._isProbablyVisible === 'function') inner._isProbablyVisible = () => true;
    if (typeof inner._cleanStyles === 'function') inner._cleanStyles = () => undefined;
    speedUp(inner);
    if (embeds) keepEmbeds(inner);
    // A renamed element (div to p, h1 to h2) is a new node: carry the tie over to it.
    const setNodeTag = inner._setNodeTag;
    if (typeof setNodeTag === 'function') {
      inner._setNodeTag = function (this: unknown, node: Element, tag: string): Element {
        const renamed = setNodeTag.call(this, node, tag);
        const original = lives.get(node);
        if (original) lives.set(renamed, original);
        return renamed;
      };
    }
    const article = reader.parse();
    const root = article?.content;
    if (!root) return null;
    removeTeasers(root);
    removeLabelledRuns(root);
    removeMetaLines(root);
    trimEdges(root);
    return {
      root,
      source: cloneSource(lives),
      title: squash(article.title ?? ''),
      textLength: squash(root.textContent ?? '').length,
    };
  } catch {
    return null;
  }
}

const FALLBACKS: Array<[string, string]> = [
  ['main', 'main'],
  ['[role=main]', 'role-main'],
  ['article', 'article'],
];

/** The first shown `main`, `[role=main]` or `article` with visible text, else the body. */
export function fallbackContent(cache: WalkCache): { root: Element; kind: string } {
  const doc = cache.doc;
  for (const [selector, kind] of FALLBACKS) {
    for (const el of Array.from(doc.querySelectorAll(selector))) {
      if (cache.shown(el) && visibleText(cache, el, 1)) return { root: el, kind };
    }
  }
  return { root: doc.body ?? doc.documentElement, kind: 'body' };
}
