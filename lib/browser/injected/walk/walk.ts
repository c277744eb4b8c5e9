import type { FormInfo, InteractiveElement } from '../../../contract/response/page.js';
import { type ClickLookup, WalkCache } from './cache.js';
import { labelOf, roleOf, stateOf, valueOf } from './describe.js';
import { type Candidate, ElementWalker } from './elements.js';
import { formInfo } from './forms.js';
import { HtmlRenderer } from './html.js';
import { listable } from './listable.js';
import { ensureBox } from './icons.js';
import { fallbackContent, readArticle } from './main-content.js';
import { sectionMap } from './map.js';
import { MarkdownRenderer } from './markdown.js';
import { nearFinder } from './near.js';
import type { WalkOptions, WalkResult } from './types.js';
import type { RefStore } from './refs.js';
import { scrollState } from './scroll.js';
import { liveSource, type Source } from './source.js';
import { cutText, squash } from '../strings.js';
import { visibleText } from './text.js';

/**
 * Cross-origin iframes walked per observation, the largest first, each at least this big: each
 * costs the node side a few round trips (and the first time, installing the walker there), so
 * like buttons, trackers and a news page's rows of ads must not add up. A form embedded from
 * another origin (payment, sign-in, comments) is among a page's largest frames.
 */
const MAX_FOREIGN_FRAMES = 4;
const MIN_FOREIGN_WIDTH = 100;
const MIN_FOREIGN_HEIGHT = 50;

/** Below this many characters Readability's pick is not the article: fall back to the page's own markup. */
const MIN_ARTICLE_CHARS = 250;
const HEADING_SELECTOR = 'h1, h2, h3';

/** What a walk needs from the script that runs it. */
export interface WalkEnv {
  win: Window;
  refs: RefStore;
  hasClickListener: ClickLookup;
  /** Filled with the walk's cross-origin iframe elements, in the order of its result's `frames`. */
  foreign?: Element[];
}

/** The content to render: roots in a source, which extractor chose them, and the article title to show. */
interface Content {
  roots: Node[];
  source: Source;
  kind: string;
  title: string;
  /** Live h1–h3 of the content, for the section map. */
  headings: () => Element[];
}

/** The outermost elements matching `selector`, in document order; throws on an invalid selector. */
function matchScope(doc: Document, selector: string): Element[] {
  let found: NodeListOf<Element>;
  try {
    found = doc.querySelectorAll(selector);
  } catch {
    throw new Error(`invalid scope selector: ${selector}`);
  }
  const roots: Element[] = [];
  for (const el of Array.from(found)) {
    const last = roots[roots.length - 1];
    if (!last || !last.contains(el)) roots.push(el);
  }
  return roots;
}

const liveHeadings = (cache: WalkCache, roots: Element[]) => (): Element[] =>
  roots.flatMap((root) => Array.from(root.querySelectorAll(HEADING_SELECTOR))).filter((h) => cache.shown(h));

/** Chooses what the content is: the scope, the whole body (full), or the main content. */
function chooseContent(cache: WalkCache, options: WalkOptions, scope: Element[] | null): Content {
  if (scope) return { roots: scope, source: liveSource, kind: 'scope', title: '', headings: liveHeadings(cache, scope) };
  const body = cache.doc.body ?? cache.doc.documentElement;
  if (options.mode === 'full') return { roots: body ? [body] : [], source: liveSource, kind: 'full', title: '', headings: () => [] };
  const article = readArticle(cache, MIN_ARTICLE_CHARS);
  if (article && article.textLength >= MIN_ARTICLE_CHARS) {
    const { root, source } = article;
    const { title, heading } = articleTitle(cache, article.title);
    const headings = (): Element[] => {
      const found = Array.from(root.querySelectorAll(HEADING_SELECTOR))
        .map((h) => source.live(h))
        .filter((h): h is Element => !!h && cache.shown(h));
      return heading && !found.includes(heading) ? [heading, ...found] : found;
    };
    return { roots: [root], source, kind: 'readability', title, headings };
  }
  const { root, kind } = fallbackContent(cache);
  return { roots: [root], source: liveSource, kind, title: '', headings: liveHeadings(cache, [root]) };
}

/**
 * The article's title: the page's first shown h1 when Readability's title (often the document
 * title with the site name) contains it, else Readability's. With the h1, for the section map.
 */
function articleTitle(cache: WalkCache, title: string): { title: string; heading: Element | null } {
  const h1 = Array.from(cache.doc.querySelectorAll('h1')).find((el) => cache.shown(el));
  const text = h1 ? visibleText(cache, h1, 200) : '';
  if (h1 && text && normal(title).includes(normal(text))) return { title: text, heading: h1 };
  return { title, heading: null };
}

const normal = (text: string): string => squash(text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' '));

/** Puts the article title on top unless the content already opens with it as a heading (Readability often strips the h1). */
function withTitle(content: string, title: string, html: boolean): string {
  if (!title) return content;
  const top = content.split('\n').filter((line) => line.trim()).slice(0, 5);
  const heading = html ? /^<h[1-6]>(.*)<\/h[1-6]>$/ : /^#{1,6} (.*)$/;
  const wanted = normal(title);
  if (top.some((line) => normal(heading.exec(line)?.[1] ?? '').includes(wanted))) return content;
  return html ? `<h1>${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</h1>\n${content}` : `# ${title}\n\n${content}`;
}

/** The cross-origin iframes worth walking: big enough, the largest MAX_FOREIGN_FRAMES. */
function largestFrames(frames: Element[]): Set<Element> {
  const sized = frames
    .map((el) => ({ el, box: el.getBoundingClientRect() }))
    .filter(({ box }) => box.width >= MIN_FOREIGN_WIDTH && box.height >= MIN_FOREIGN_HEIGHT)
    .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  return new Set(sized.slice(0, MAX_FOREIGN_FRAMES).map(({ el }) => el));
}

/** Builds the contract's element entries and the forms they belong to. */
function describe(
  cache: WalkCache,
  env: WalkEnv,
  options: WalkOptions,
  candidates: Candidate[],
  forms: Array<{ el: Element; inScope: boolean }>,
): { elements: InteractiveElement[]; forms: FormInfo[]; frames: number[]; listed: Element[]; unnumbered?: boolean } {
  const listed = candidates.filter((candidate) => listable(cache, candidate));
  const chosen = listed.filter((candidate) => !candidate.foreign);
  if (options.knownOnly && !env.refs.allKnown(chosen.map((candidate) => candidate.el))) {
    return { elements: [], forms: [], frames: [], listed: [], unnumbered: true };
  }
  const walked = largestFrames(listed.filter((candidate) => candidate.foreign).map((candidate) => candidate.el));
  // Each walked cross-origin frame's place: how many elements come before it.
  const frames: number[] = [];
  let before = 0;
  for (const candidate of listed) {
    if (!candidate.foreign) before++;
    else if (walked.has(candidate.el)) {
      frames.push(before);
      env.foreign?.push(candidate.el);
    }
  }
  const numbers = env.refs.assign(
    chosen.map((candidate) => candidate.el),
    options.nextRef,
  );
  const formRefs = new Map<Element, string>(forms.map(({ el }, i) => [el, `f${i + 1}`]));
  const fields = new Map<Element, string[]>();
  const nearOf = nearFinder(cache);
  const elements = chosen.map((candidate, i): InteractiveElement => {
    const { el } = candidate;
    const ref = `e${numbers[i]}`;
    const computed = roleOf(el);
    // Listed for its click listener, a generic element acts as a button.
    const role = computed === 'generic' ? 'button' : computed;
    const item: InteractiveElement = { ref, tag: el.localName, role, label: labelOf(cache, el) };
    const value = valueOf(el);
    if (value) item.value = value;
    Object.assign(item, stateOf(el, role));
    ensureBox(cache, el);
    if (candidate.landmark) item.in = candidate.landmark;
    const near = nearOf(candidate);
    if (near) item.near = near;
    const form = candidate.form ? formRefs.get(candidate.form) : undefined;
    if (form && candidate.form) {
      item.form = form;
      const list = fields.get(candidate.form) ?? [];
      list.push(ref);
      fields.set(candidate.form, list);
    }
    return item;
  });
  const formList: FormInfo[] = [];
  forms.forEach(({ el, inScope }) => {
    if (inScope || fields.has(el)) formList.push(formInfo(cache, el, formRefs.get(el)!, fields.get(el) ?? []));
  });
  return { elements, forms: formList, frames, listed: chosen.map((candidate) => candidate.el) };
}

/** One walk of the page: content, elements, forms, map and scroll in a single synchronous call. */
export function walkPage(env: WalkEnv, options: WalkOptions): WalkResult {
  const doc = env.win.document;
  const cache = new WalkCache(doc, env.hasClickListener);
  const scope = options.scope ? matchScope(doc, options.scope) : null;
  const pass = new ElementWalker(cache, scope ? new Set(scope) : null, !!options.includeLinks).run();

  const html = options.format === 'html';
  const { elements, forms, frames, listed, unnumbered } = describe(cache, env, options, pass.candidates, pass.forms);
  if (unnumbered) {
    return { title: doc.title, content: '', total: 0, elements, forms, scroll: scrollState(env.win), nextRef: env.refs.next, scopeMatched: true, source: 'scope', frames, unnumbered };
  }
  const content = options.elementsOnly || (scope && scope.length === 0) ? null : chooseContent(cache, options, scope);
  let text = '';
  if (content) {
    const marks = options.controlsInPlace && !html ? new Map(listed.map((el, i) => [el, elements[i]!])) : undefined;
    text = html
      ? new HtmlRenderer(cache, content.source).render(content.roots)
      : new MarkdownRenderer(cache, content.source, content.kind === 'full', marks).render(content.roots);
    text = withTitle(text, content.title, html);
  }

  const result: WalkResult = {
    title: doc.title,
    content: cutText(text, options.maxTextLength),
    total: text.length,
    elements,
    forms,
    scroll: scrollState(env.win),
    nextRef: env.refs.next,
    scopeMatched: !scope || scope.length > 0,
    source: content?.kind ?? 'scope',
    frames,
  };
  if (options.includeMap && options.mode !== 'full') {
    result.map = sectionMap(cache, pass.regions, content ? content.headings() : []);
  }
  return result;
}
