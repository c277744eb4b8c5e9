// What Readability keeps at the edges of an article that is not the article: the teasers, plugs,
// "back to the list" links, share and print lines and lone labels after the last paragraph, and
// the breadcrumbs and link lines before the first; and, anywhere, a label line with the run of
// links it announces ("Mehr zum Thema:" and its list). Known by shape (links, length) and by the
// labels of teaser-labels.ts, never by the site.
import { linkChars, textOf, wordCount } from './class-words.js';
import { touchesEmbed } from './embeds.js';
import { TEASER_LABEL, TEASER_LINE } from './teaser-labels.js';

/** Elements that are a block of text of their own when they hold no other such block. */
const BLOCK = 'p, li, h2, h3, h4, h5, h6, blockquote, figcaption, pre, table, dd, dt, div, section, ul, ol, dl, figure';
const HEADING = /^h[2-6]$/;

/** Most of the article's text the edges may take: a trim that would eat more is a wrong reading of the page. */
const MAX_EDGE_SHARE = 0.3;
/** Words of a paragraph that is surely prose: the edge trim stops at the first one. */
const PROSE_WORDS = 12;
/** Most words of a label line. */
const MAX_LABEL_WORDS = 8;
/**
 * A site's small print: copyright, rights and licence lines, WordPress's filing lines, a cookie
 * notice, and the disclaimer that an article is its author's opinion, not the site's.
 */
const SMALL_PRINT =
  /(©|^(posted in|filed under|tagged|veröffentlicht in|abgelegt unter|schlagwörter|publié dans|publicado en)\s*:|\b(we use cookies|this (web)?site uses cookies|wir verwenden cookies|diese (web)?seite verwendet cookies|nous utilisons des cookies|utilizamos cookies|utilizziamo (i )?cookie)|\bcopyright\b|all rights reserved|alle rechte vorbehalten|tous droits réservés|todos los derechos reservados|tutti i diritti riservati|wszelkie prawa zastrzeżone|this entry was posted in|bookmark the permalink|dieser eintrag wurde .{0,40}veröffentlicht|\b(licensed under|unter der lizenz|sous licence|bajo licencia)\b|\bcc[- ]by\b|\b(gibt|geben) .{0,30}meinung de[rs] (autors?|autorin|verfasser\w*) wieder|views expressed .{0,60}(author|own)|(reflect|represent)s? the (views|opinions?) of the author)/i;
/** A call to follow, subscribe, join, pay, download the app or write in, as a plug after the text puts it. */
const PLUG =
  /(\b(follow|folge|folgen sie|siga|síganos|síguenos|suivez|seguici|obserwuj|mira|besuchen sie)\b.{0,80}\b(twitter|facebook|instagram|tiktok|youtube|linkedin|whatsapp|telegram)\b|\b(subscribe|abonnieren|abonniere|abonnez|suscríbete|suscribete|hazte (miembro|socio)|werden sie mitglied|become a (member|subscriber|supporter)|support (us|our journalism)|unterstützen sie uns|newsletter|download (our|the)( \w+)? apps?|send us (a message|an? e-?mail)|e-?mail us|write to us|letters? to the editor|schreiben sie uns|escríbenos|we need your (help|support)|help us (continue|keep)|support independent journalism|unterstütze unser|apóyanos|soutenez-nous|sostienici|wesprzyj nas)\b)/i;
/** Most words of a plug line. */
const MAX_PLUG_WORDS = 30;
/** A label line that opens a section of small lines: a contact, sources, authors ("Kontakt:", "Quellen:"). */
const SECTION_LABEL = /^[\p{L}][\p{L} -]{0,40}:$/u;
/** A figure with its unit: an amount, a duration, a price. */
const FIGURE = /\d\s*(kcal|kj|mg|kg|g|ml|l|min|minuten|minutes|std|h|%|€|\$|£|cm|mm|m)(?![\p{L}\p{N}])/iu;
/** Most blocks of such a section at the end of the article. */
const MAX_SECTION_BLOCKS = 8;
/** Most words of a small-print line. */
const MAX_SMALL_PRINT_WORDS = 40;

const smallPrint = (text: string, words: number): boolean => words <= MAX_SMALL_PRINT_WORDS && SMALL_PRINT.test(text);
const plug = (text: string, words: number): boolean => words <= MAX_PLUG_WORDS && PLUG.test(text);
/**
 * True for small print or a plug after the text: often whole sentences, yet not the article's. A
 * © counts here only before a year or a name ("© 2024 Hafenblatt", "© MDV Sports"): an author's
 * sentence may wear one ("a manifesto™© we just think…").
 */
const aside = ({ text, words }: Block): boolean => smallPrint(text.replace(/©(?!\s*(\d{4}|\p{Lu}))/gu, ''), words) || plug(text, words);

const linkShare = (el: Element, text: string): number => (text.length === 0 ? 0 : linkChars(el) / text.length);

/** A leaf block with its text, measured once: taking other blocks leaves it as it is. */
interface Block {
  el: Element;
  text: string;
  words: number;
}

/**
 * The article's leaf blocks in document order: a list counts as one block (its items are read
 * together), a table and a figure too; any other block holding no block.
 */
function leafBlocks(root: Element): Block[] {
  const blocks: Block[] = [];
  // In document order, what a whole block holds comes right after it.
  let whole: Element | null = null;
  for (const el of Array.from(root.querySelectorAll(BLOCK))) {
    if (whole?.contains(el)) continue;
    const isWhole = el.localName === 'ul' || el.localName === 'ol' || el.localName === 'table' || el.localName === 'figure' || el.localName === 'dl';
    if (!isWhole && el.querySelector(BLOCK)) continue;
    if (isWhole) whole = el;
    const text = textOf(el);
    if (text === '' || touchesEmbed(el)) continue;
    blocks.push({ el, text, words: wordCount(text) });
  }
  return blocks;
}

/** Longest run of loose text and inline elements that is made a line of its own (see `wrapLooseRuns`). */
const MAX_LOOSE_RUN = 300;

/**
 * Wraps in a paragraph each short run of text and inline elements that stands beside blocks in
 * one parent (`<div><p>…</p>Copyright © 2024 <a>Imprint</a></div>`, a PHP warning among the
 * paragraphs), so the edge trim sees it as the line a reader sees instead of passing over it.
 * The copy is Readability's own: its new paragraphs have no live element, as its own wrappers.
 */
function wrapLooseRuns(root: Element): void {
  for (const parent of [root, ...Array.from(root.querySelectorAll(BLOCK))]) {
    if (!parent.querySelector(`:scope > :is(${BLOCK})`)) continue;
    let run: ChildNode[] = [];
    const flush = (): void => {
      const text = run.map((node) => node.textContent ?? '').join('');
      if (/\S/.test(text) && text.length <= MAX_LOOSE_RUN) {
        const line = parent.ownerDocument.createElement('p');
        run[0]!.before(line);
        line.append(...run);
      }
      run = [];
    };
    for (const node of Array.from(parent.childNodes)) {
      if (node.nodeType === 1 && (node as Element).matches(BLOCK)) flush();
      else if (node.nodeType === 1 || node.nodeType === 3) run.push(node);
    }
    flush();
  }
}

/** True for a block that is a link line, a list of links, a teaser label or a stub of a line, not prose. */
function edgeStuff({ el, text, words }: Block, trailing: boolean): boolean {
  if (words === 0) return false;
  if (TEASER_LABEL.test(text) && words <= MAX_LABEL_WORDS) return true;
  if (TEASER_LINE.test(text)) return true;
  if (smallPrint(text, words) || (trailing && plug(text, words))) return true;
  if (el.querySelector('img, picture, video, iframe') && words < 4) return false;
  // Before the text, one link alone is as likely the article's own title as a way out: only lines of links go.
  if (linkShare(el, text) >= 0.5) return words <= 80 && (trailing || el.querySelectorAll('a').length >= 2);
  // A heading with nothing after it heads nothing; a word or three without a sentence's end is a label.
  if (trailing && HEADING.test(el.localName)) return true;
  // A figure ("390 kcal", "15 – 30 Min") is a fact of the text, not a label.
  return trailing && words <= 3 && !/[.!?…:"”»)]$/.test(text) && !/\d/.test(text);
}

/** True for a paragraph of prose: enough words, mostly not links. */
const prose = ({ el, text, words }: Block): boolean => words >= PROSE_WORDS && linkShare(el, text) < 0.5;

/**
 * Removes from Readability's article the link lines, teaser lists, labels and stubs that follow
 * its last paragraph of prose and the link lines and labels that come before its first, together
 * at most MAX_EDGE_SHARE of its text.
 */
export function trimEdges(root: Element): void {
  wrapLooseRuns(root);
  const blocks = leafBlocks(root);
  const total = textOf(root).length;
  let budget = total * MAX_EDGE_SHARE;
  const take = ({ el, text }: Block): boolean => {
    if (text.length > budget) return false;
    budget -= text.length;
    el.remove();
    return true;
  };
  // A section of short lines at the end opened by a label of its own ("Kontakt:", "Quellen:",
  // "Autoren:") is about the article, not of it: it goes whole.
  const tail: Block[] = [];
  for (let i = blocks.length - 1; i >= 0 && tail.length < MAX_SECTION_BLOCKS && !prose(blocks[i]!); i--) tail.unshift(blocks[i]!);
  const label = tail.findIndex((block) => HEADING.test(block.el.localName) || (SECTION_LABEL.test(block.text) && block.words <= 4));
  const section = label >= 0 ? tail.slice(label) : [];
  // Figures with their units (nutrition, times, prices) are data of the text, whatever the label says.
  if (section.length > 0 && !section.some((block) => FIGURE.test(block.text)) && section.reduce((n, block) => n + block.text.length, 0) <= budget) for (const block of section) take(block);
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i]!;
    if (!root.contains(block.el)) continue;
    // Small print and plugs are often whole sentences: they go before the prose test would stop the trim.
    if ((!aside(block) && prose(block)) || !edgeStuff(block, true) || !take(block)) break;
  }
  for (const block of blocks) {
    if (!root.contains(block.el)) break;
    if (prose(block) || HEADING.test(block.el.localName) || !edgeStuff(block, false) || !take(block)) break;
  }
}

/**
 * Removes label lines that announce teasers ("Mehr zum Thema:", "Lesen Sie auch", "Inhaltsverzeichnis")
 * wherever they stand, with the run of link lines and link lists after them.
 */
export function removeLabelledRuns(root: Element): void {
  for (const el of Array.from(root.querySelectorAll('p, div, strong, b, span, dt, li'))) {
    if (!root.contains(el) || el.querySelector('p, div, ul, ol, table') || touchesEmbed(el)) continue;
    const text = textOf(el);
    if (!TEASER_LABEL.test(text) || wordCount(text) > MAX_LABEL_WORDS) continue;
    // The label's line: an inline label is its parent's whole text.
    let line: Element = el;
    while (line.parentElement && line.parentElement !== root && textOf(line.parentElement) === text) line = line.parentElement;
    let next = line.nextElementSibling;
    line.remove();
    while (next) {
      const after: Element | null = next.nextElementSibling;
      const nextText = textOf(next);
      if (nextText && (linkShare(next, nextText) < 0.5 || touchesEmbed(next))) break;
      next.remove();
      next = after;
    }
  }
}
