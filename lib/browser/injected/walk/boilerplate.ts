// Blocks around and inside an article that are not the article: reader comments and reviews,
// newsletter sign-ups and "you may also like" teasers, tag lists and clouds. Each is known by
// the names the page gives it, by its heading, or by its shape; none by the site it is on.
import { linkChars, namedAs, sizeOf, textOf, textSizes, tokenWords, wordCount } from './class-words.js';
import { touchesEmbed } from './embeds.js';
import { TEASER_HEADING, TEASER_LINE } from './teaser-labels.js';

/** Words naming a block of reader comments or reviews (never the singular `review`: a critic's review is an article). */
const DISCUSSION_WORDS = new Set([
  'comments', 'commentlist', 'responses', 'replies', 'reviews', 'discussion', 'disqus', 'respond', 'feedback', 'testimonials',
]);
/** ...unless the token names a control or a count of them (`comments-count`, `show-comments-button`). */
const DISCUSSION_CONTROL = new Set(['count', 'counter', 'link', 'button', 'btn', 'icon', 'toggle', 'number', 'total', 'badge']);
/** A `comment-…` token naming a comment or a part of one. */
const COMMENT_PART = /^comment(s)?([-_](list|section|area|thread|wrapper|container|body|content|text|meta|author|item|form|respond|block|widget))?$/i;
/** schema.org types of what readers wrote. */
const READER_TYPES = /schema\.org\/(Comment|UserComments|AggregateRating)\b/i;

/**
 * Headings that open comments and reviews, in the languages of the pages seen most: the whole
 * heading, with a count, so that "Reviews of the new phone are in" or a "Discussion" section of
 * a paper stays.
 */
const DISCUSSION_HEADING =
  /^((\(?\d+\)?\s*)?(comments?|responses?|replies|reader (reviews|comments)|(customer|user|guest) reviews|reviews|ratings and reviews|join the (discussion|conversation)|leave a (reply|comment|review)|post a comment|add a comment|write a review|rate this( recipe| article| product| story)?|what (readers|people|customers) (say|think)|kommentare|commentaires|comentarios|commenti|reacties)(\s*\(\d+\))?\s*:?|\d+ (thoughts|responses|comments|replies) (on|to) .*)$/i;
/** A block under a teaser heading is links, a form, or short; a section of text that happens to be titled so is not. */
const teaserShaped = (block: Element[]): boolean => {
  const text = block.reduce((n, el) => n + textOf(el).length, 0);
  const links = block.reduce((n, el) => n + linkChars(el), 0);
  return text <= 400 || links >= text * 0.3 || block.some((el) => el.localName === 'form' || !!el.querySelector('form, input'));
};

/** Words naming teasers, promotions and sign-up boxes. */
const TEASER_WORDS = new Set([
  'newsletter', 'newsletters', 'signup', 'subscribe', 'subscription', 'promo', 'promotion', 'recirc', 'recirculation', 'related',
  'recommended', 'recommendations', 'teaser', 'teasers', 'outbrain', 'taboola', 'trending', 'paywall', 'upsell', 'membership',
  'donate', 'donation', 'readmore', 'morestories', 'nextup', 'upnext', 'tags', 'tagcloud', 'tagged', 'keywords', 'topics',
]);
/** Word pairs that name the same inside a token (`more-from`, `also-like`, `sign-up`, `tag-cloud`), and author boxes and share bars. */
const TEASER_PAIRS = /(^|-)(more-(from|stories|like|articles|news|in|on)|also-(like|read)|read-(more|next)|sign-up|up-next|tag-(cloud|list|links)|post-tags|entry-tags|article-tags|cat-links|tags-links|support-us|most-(read|popular|viewed)|further-reading|you-may|author-(bio|box|card|info|profile|details|about)|about-(the-)?author|share-(bar|buttons|tools|links)|social-share)(-|$)/;

/** What a teaser or a plug holds: a way to somewhere else. */
const LEADS_ELSEWHERE = 'a[href], form, input, button, iframe';
/** The class a lead paragraph shares with teasers on some sites. */
const LEAD_NAME = /(^|[\s_-])teaser($|[\s_-])/i;

/** Most characters of a block a rule may drop: a section of comments can be long, but never most of a page. */
const MAX_BLOCK_SHARE = 0.5;

/** True for an element no boilerplate rule removes: the article's own root and landmarks, anything holding the main heading. */
export function sacred(el: Element, root: Element): boolean {
  return el === root || el.contains(root) || ['body', 'html', 'main', 'article'].includes(el.localName) || !!el.querySelector('h1');
}

function namedDiscussion(el: Element): boolean {
  if (READER_TYPES.test(el.getAttribute('itemtype') ?? '') || el.getAttribute('itemprop') === 'review') return true;
  const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
  return (/comment/i.test(names) && names.split(/\s+/).some((token) => COMMENT_PART.test(token))) || namedAs(el, DISCUSSION_WORDS, DISCUSSION_CONTROL);
}

/** Names that may hold a pair of TEASER_PAIRS: the rest are passed over unsplit. */
const PAIR_HINT = /more|also|read|sign|next|tag|cat|support|most|further|you|author|share/i;

function namedTeaser(el: Element): boolean {
  if (namedAs(el, TEASER_WORDS, DISCUSSION_CONTROL)) return true;
  const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
  if (!PAIR_HINT.test(names)) return false;
  return names.split(/\s+/).some((token) => token !== '' && TEASER_PAIRS.test(tokenWords(token).join('-')));
}

/**
 * The block a heading opens: its parent when the heading is that parent's first child (a
 * section, a box), else null (the heading stands among the article's paragraphs).
 */
function openedBlock(heading: Element, root: Element): Element | null {
  const parent = heading.parentElement;
  if (!parent || parent === root) return null;
  const first = Array.from(parent.children).find((child) => textOf(child) !== '');
  return first === heading ? parent : null;
}

/** A heading that stands among paragraphs, with what follows it up to the next heading as high. */
function headingRun(heading: Element): Element[] {
  const rank = Number(heading.localName.slice(1)) || 6;
  const run = [heading];
  for (let next = heading.nextElementSibling; next; next = next.nextElementSibling) {
    const level = /^h[1-6]$/.test(next.localName) ? Number(next.localName.slice(1)) : 7;
    if (level <= rank) break;
    run.push(next);
  }
  return run;
}

/**
 * Removes blocks whose heading matches `pattern` and whose content passes `shaped`: the box
 * the heading opens, or, when the heading stands among the article's paragraphs, the heading
 * and what follows it up to the next heading as high. Nothing holding more than half the text
 * under `root` goes.
 */
function removeByHeading(root: Element, pattern: RegExp, total: number, shaped: (block: Element[]) => boolean = () => true): void {
  for (const heading of Array.from(root.querySelectorAll('h2, h3, h4, h5, h6, [role="heading"]'))) {
    if (!root.contains(heading) || touchesEmbed(heading)) continue;
    const text = textOf(heading);
    if (!text || text.length > 80 || !pattern.test(text)) continue;
    const box = openedBlock(heading, root);
    const block = box ? [box] : heading.parentElement ? headingRun(heading) : [];
    if (block.length === 0 || (box && sacred(box, root)) || block.some((el) => touchesEmbed(el))) continue;
    if (block.reduce((n, el) => n + sizeOf(el), 0) > total * MAX_BLOCK_SHARE || !shaped(block)) continue;
    for (const el of block) el.remove();
  }
}

/** Removes comment and review forms: a form with a text area is a reader writing, not the article. */
function removeWritingForms(root: Element): void {
  for (const form of Array.from(root.querySelectorAll('form'))) if (root.contains(form) && form.querySelector('textarea')) form.remove();
}

/** Most characters of a sign-up box: a heading, a line of pitch, the field, the small print. */
const MAX_SIGNUP_TEXT = 400;

/**
 * Removes newsletter sign-up boxes from the shown copy: around each email field that is not part
 * of a sign-in (no password beside it), the largest block holding at most MAX_SIGNUP_TEXT
 * characters. Done before Readability, which drops the fields themselves and leaves the pitch.
 */
export function removeSignups(body: Element): void {
  for (const field of Array.from(body.querySelectorAll('input[type="email" i]'))) {
    if (!body.contains(field) || field.closest('form')?.querySelector('input[type="password" i]')) continue;
    let box: Element | null = null;
    for (let el = field.parentElement; el && sizeOf(el) <= MAX_SIGNUP_TEXT * 2 && textOf(el).length <= MAX_SIGNUP_TEXT && !sacred(el, body); el = el.parentElement) box = el;
    box?.remove();
  }
}

/**
 * Removes reader comments and reviews from the shown copy of a page, before Readability picks
 * the article (a long thread can outweigh the post it follows): blocks named or typed as such,
 * blocks their heading announces, and the forms readers write in.
 */
export function removeDiscussions(body: Element): void {
  const total = sizeOf(body);
  for (const el of Array.from(body.querySelectorAll('[class], [id], [itemtype], [itemprop="review"]'))) {
    if (namedDiscussion(el) && body.contains(el) && sizeOf(el) <= total * MAX_BLOCK_SHARE && !sacred(el, body) && !touchesEmbed(el)) el.remove();
  }
  removeByHeading(body, DISCUSSION_HEADING, total);
  removeWritingForms(body);
}

/** Labels that open an inline list of tags. */
const TAG_LABEL = /^(tags?|tagged( with)?|topics?|keywords?|filed under|categories|category|more on|related topics|themen|schlagworte|mots-clés|etiquetas)\s*[:：]/i;

/** True for a block that is a list of tags: labelled as one, or links marked rel=tag, or links in many sizes. */
function tagList(el: Element): boolean {
  if (el.getElementsByTagName('a').length < 2) return false;
  const links = Array.from(el.querySelectorAll('a'));
  const text = textOf(el);
  const linkText = linkChars(el);
  if (linkText < text.length * 0.5 || links.some((a) => wordCount(textOf(a)) > 5)) return false;
  if (TAG_LABEL.test(text) || links.filter((a) => /\btag\b/i.test(a.getAttribute('rel') ?? '')).length >= 2) return true;
  const sizes = new Set(links.map((a) => (a as HTMLElement).style?.fontSize).filter(Boolean));
  return sizes.size >= 3;
}

/** Most characters (whitespace included) of a block looked at as a tag list or a plug. */
const MAX_LIST_CHARS = 2000;

/** Link texts that ask the reader to subscribe or pay. */
const PLUG_LINK = /^(subscribe|sign ?up|sign me up|register|become an? (supporter|member|subscriber)|support us|support (our|independent) journalism|donate|join (now|us|today)|get (the|our) newsletter)\b/i;
/** Most words of a plug: a sentence or two around its link. */
const MAX_PLUG_WORDS = 45;
/** Most characters (whitespace included) of a block looked at as a plug, before its words are counted. */
const MAX_PLUG_CHARS = 600;

/** True for a short block that is a teaser link or a subscription plug. */
function plugLine(el: Element, size: number): boolean {
  if (size > MAX_PLUG_CHARS || (el.getElementsByTagName('a').length === 0 && !el.querySelector('input'))) return false;
  const text = textOf(el);
  // A box of a few lines, not a section: at most two paragraphs and no heading of its own rank.
  if (!text || wordCount(text) > MAX_PLUG_WORDS || el.querySelectorAll('p').length > 2 || el.querySelector('h1, h2, h3, h4')) return false;
  const links = Array.from(el.querySelectorAll('a'));
  const linkText = linkChars(el);
  if (TEASER_LINE.test(text) && links.length > 0 && linkText >= text.length * 0.4) return true;
  if (links.some((a) => PLUG_LINK.test(textOf(a)))) return true;
  return !!el.querySelector('input[type="email" i]');
}

/**
 * Removes blocks named as teasers, plugs, tag lists, author boxes or share bars from the shown
 * copy, before Readability, which renames a block holding one paragraph to that paragraph and so
 * loses the name.
 */
export function removeNamedTeasers(body: Element): void {
  // Few blocks are so named: their sizes are read when found rather than measured for the whole tree up front.
  const total = sizeOf(body);
  for (const el of Array.from(body.querySelectorAll('[class], [id]'))) {
    // A teaser leads elsewhere (a link, a form, a button); a block named `teaser` with none is the
    // article's own lead, as German sites name it (`<div class="teaser">`).
    if (!namedTeaser(el) || (LEAD_NAME.test(el.getAttribute('class') ?? '') && !el.querySelector(LEADS_ELSEWHERE))) continue;
    if (body.contains(el) && sizeOf(el) <= total * MAX_BLOCK_SHARE && !sacred(el, body) && !touchesEmbed(el)) el.remove();
  }
}

/**
 * Removes teasers, plugs and tag lists from Readability's article: blocks their heading
 * announces, one-line "Read more:" links, subscription plugs, and lists of tags.
 */
export function removeTeasers(root: Element): void {
  const size = textSizes(root);
  const total = size(root);
  const fits = (el: Element): boolean => root.contains(el) && size(el) <= total * MAX_BLOCK_SHARE && !sacred(el, root) && !touchesEmbed(el);
  removeByHeading(root, TEASER_HEADING, total, teaserShaped);
  for (const el of Array.from(root.querySelectorAll('p, div, ul, ol, section, form'))) {
    // Tag lists and plugs are a few lines: big blocks are passed over before any text is read.
    if (size(el) > MAX_LIST_CHARS || !root.contains(el)) continue;
    const list = el.localName === 'ul' || el.localName === 'ol';
    if ((tagList(el) || (!list && plugLine(el, size(el)))) && fits(el)) el.remove();
  }
}
