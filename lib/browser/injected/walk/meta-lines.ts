// Short lines about an article rather than of it: bylines, publication and update dates, reading
// times, photo credits, and any short line the page repeats (the same caption under every photo,
// "Advertisement" between paragraphs). Known by their words and shape, so a sentence that merely
// starts with "By" or mentions a date stays.
import { namedAs, textOf, textSizes, wordCount } from './class-words.js';
import { touchesEmbed } from './embeds.js';

const MONTH =
  '(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?|januar|februar|märz|mai|juni|juli|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)';
/** Words and numbers a date or time is written with. */
const DATE_WORD = new RegExp(
  `^(${MONTH}|mon(day)?|tue(s(day)?)?|wed(nesday)?|thu(r(s(day)?)?)?|fri(day)?|sat(urday)?|sun(day)?|today|yesterday|ago|am|pm|at|on|of|the|\\d{1,4}(st|nd|rd|th|h)?|gmt|utc|bst|cet|cest|est|edt|pst|pdt|[a-z]{1,2}t|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?)$`,
  'i',
);
/** A date: a month name with a number, or numbers in a date's shape. */
const HAS_DATE = new RegExp(`(\\b${MONTH}\\b.{0,12}\\d|\\d.{0,6}\\b${MONTH}\\b|\\b\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4}\\b|\\b\\d+\\s+(minutes?|mins?|hours?|hrs?|days?|weeks?)\\s+ago\\b|\\b(today|yesterday)\\b)`, 'i');
/** Opening words of a publication or update line, followed by its date. */
const DATE_LINE = new RegExp(
  `^(published|updated|last updated|last modified|modified|posted|posted on|first published|originally published|date|veröffentlicht|aktualisiert|publié|mis à jour|publicado|actualizado)\\b\\s*(:|at\\b|on\\b|\\d|${MONTH}\\b|mon|tue|wed|thu|fri|sat|sun|today|yesterday)`,
  'i',
);
/** A byline: "By" (or its translations), then a capitalised name or a handle; the whole line short. */
const BYLINE = /^(by|written by|words by|story by|reporting by|reported by|text by|von|par|por|door|di|av|af)[\s:]+(?=[\p{Lu}@])/iu;
/** Whether the name after the opening words starts with a capital or @ (tested without the i flag, which would fold case). */
const CAPITAL = /^[\p{Lu}@]/u;
/** A reading or watching time. */
const READ_TIME = /^(\d+\s*(min(ute)?s?|m)\.?\s*(read|reading|lesezeit|de lecture)|(reading|read) time\s*:?\s*\d+\s*(min(ute)?s?)?|lesezeit\s*:?\s*\d+)/i;
/** A photo credit alone on its line. */
const CREDIT = /^\(?(photo(graph)?s?|image|picture|illustration|credits?|fotos?|bild(quelle)?|abbildung|quelle|source|crédit|imagen|immagine|zdjęcie)\s*(:|by\b|via\b|credit\b|©)|^\(?(©|\(c\)\s)/i;
/** A credit that ends with a picture agency ("Jane Doe/Getty Images", "Reuters"). */
const AGENCY =
  /(getty images|shutterstock|alamy|afp|reuters|associated press|ap photo|epa|pa media|pa wire|dpa|anp|bloomberg via getty images|istock(\.com|photo)?|unsplash|pixabay|pexels|imago( images)?|picture[- ]alliance|picturedesk(\.com)?|stock\.adobe\.com|adobe ?stock|thinkstock|fotolia|keystone|wenn(\.com)?|efe|ansa|pap|ddp)\s*\)?\]?$/i;
/** A credit inside a caption, after its text ("… in Kyiv. Photo: Jane Doe", "… (REUTERS/John Smith)"). */
const CAPTION_CREDIT = /(^|[\s.(])(photo|foto|bild|credit|quelle|source|crédit|imagen)\s*:|©|\((c|foto|photo)\)|\b(getty images|reuters|afp|dpa|istock|shutterstock|imago|picture[- ]alliance|wenn\.com|unsplash|keystone|efe)\b/i;
/** Lines the page puts between paragraphs for its ads and layout, alone on their line. */
const LAYOUT_LINE =
  /^(advertisement|advertising|ad|sponsored( content)?|anzeige|werbung|publicité|publicidad|pubblicità|reklame|reklama|anuncio|annonce|(wird geladen|loading|cargando|chargement)( ?\.\.\.|…)?|(zurück|back)( (zur|zum|to( the)?) [\p{L} -]{0,20})?|nach oben|back to top|(rezept |artikel |seite |recipe |article )?(drucken|print(en)?|imprimir|imprimer|stampa|drukuj)( this)?( (recipe|article|page))?|teilen( mit)?|share( this)?( (article|story|page|post))?|(diesen )?artikel teilen|compartir|partager|condividi|udostępnij|((diese[nrs]? )?[\p{L}-]+ )?als pdf (herunterladen|downloaden|speichern)|(download|save|print)( this)?( (article|page|recipe))?( as)? pdf|pdf (herunterladen|download)|(the )?(story|article) continues (below|after (this )?advertisement)|continue reading( (below|the (main )?story))?|scroll to continue( with content)?|skip (the )?advert(isement)?)\s*:?$/iu;
/** A PHP warning the server printed into the page ("Warning: … in /var/www/….php on line 12"). */
const SERVER_ERROR = /^(warning|notice|deprecated|fatal error|parse error|strict standards)\s*:.*\bon line \d+/i;
/** Names of the networks a share bar links to. */
const SHARE_WORD = /^(share( this( article| story| page)?)?( on)?|facebook|twitter|x|linkedin|whatsapp|telegram|email|e-mail|mail|pinterest|reddit|copy( link)?|link|print|messenger|flipboard|bluesky|threads|mastodon|tumblr|sms|comments?|\d+)$/i;
const SHARE_SPLIT = /\s*[|·•,:]\s*|\s{2,}|\n/;

/** True for a line of share links: every part of it names a network or sharing ("Share: Facebook Twitter Email"). */
function shareLine(el: Element, text: string): boolean {
  const links = el.querySelectorAll('a, button');
  if (links.length < 2) return false;
  const parts = Array.from(links, (link) => textOf(link)).filter(Boolean);
  const rest = text.split(SHARE_SPLIT).filter(Boolean);
  return parts.length >= 2 && parts.every((part) => SHARE_WORD.test(part)) && rest.every((part) => part.split(/\s+/).every((word) => SHARE_WORD.test(word) || /^(share|on|this|article|story|page)$/i.test(word)));
}

/** Words naming meta lines in class names. */
const META_WORDS = new Set([
  'byline', 'bylines', 'dateline', 'timestamp', 'timestamps', 'published', 'updated', 'pubdate', 'posted', 'postedon', 'readtime', 'meta',
  'credit', 'credits', 'author', 'authors', 'date', 'time',
]);
const META_UNLESS = new Set(['body', 'content', 'text', 'article', 'main', 'story', 'entry']);

/** Most words a meta line has; longer ones are sentences, whatever they open with. */
const MAX_META_WORDS = 16;
/** Most words of a caption removed for its credit: past that it is a paragraph about the photo. */
const MAX_CAPTION_WORDS = 50;
/** Most words of a byline. */
const MAX_BYLINE_WORDS = 12;
/** Most characters of a line the page repeats that counts as boilerplate (a caption, a label), not a refrain of the text. */
const MAX_REPEATED = 160;

/** Most characters (whitespace included) of an element looked at as a line: longer ones are paragraphs. */
const MAX_LINE_CHARS = 600;

/** Elements that may be a line of their own. */
const LINE_SELECTOR = 'p, div, span, time, small, figcaption, address, header, h5, h6, em, strong, section';

const INLINE = new Set(['span', 'time', 'small', 'em', 'strong']);
/** Inline elements that may wrap a line's text without being a line of their own. */
const WRAPPING = new Set(['span', 'time', 'small', 'em', 'strong', 'b', 'i', 'u', 'a', 'font', 'mark', 'cite']);

/**
 * True when `el` is a line of its own: it holds no block, and an inline element is the whole
 * text of its parent (a name in italics inside a sentence is not a line).
 */
function isLine(el: Element, size: (el: Element) => number): boolean {
  if (el.querySelector('p, div, li, table, ul, ol, figure, blockquote, h1, h2, h3, h4, section, article, pre')) return false;
  if (!INLINE.has(el.localName)) return true;
  // Up through the inline elements around it that hold the same text (`<b><span>By Jo</span></b>`):
  // the block they stand in decides.
  let top = el;
  while (top.parentElement && WRAPPING.has(top.parentElement.localName) && size(top.parentElement) <= size(el) + 40 && textOf(top.parentElement) === textOf(el)) {
    top = top.parentElement;
  }
  const parent = top.parentElement;
  if (!parent) return true;
  // Raw lengths first: a parent with much more text than its child is a sentence around it.
  return size(parent) <= size(el) + 40 && textOf(parent) === textOf(el);
}

/** True when most words of `text` are date and time words. */
function mostlyDate(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0 || !HAS_DATE.test(text)) return false;
  const other = words.filter((word) => !DATE_WORD.test(word)).length;
  return other <= 2 && other < words.length / 2;
}

/** Words naming a photo's caption or credit in class names (`wp-caption-text`, `bildunterschrift`). */
const CAPTION_WORDS = new Set(['caption', 'captions', 'figcaption', 'legend', 'legende', 'bildunterschrift', 'bu', 'credit', 'credits', 'photocredit', 'bildnachweis', 'copyright']);

/** True for a caption: a figcaption, a line inside a figure, or a line named as a caption. */
const caption = (el: Element): boolean => el.localName === 'figcaption' || !!el.closest('figure') || namedAs(el, CAPTION_WORDS);

/** True when `el` is a byline, a date line, a reading time, a lone credit, an ad label or a share bar. */
function metaLine(el: Element): boolean {
  const text = textOf(el);
  const words = wordCount(text);
  if (SERVER_ERROR.test(text)) return true;
  // A caption that names where its photo comes from is the photo's small print, whatever else it says.
  if (words <= MAX_CAPTION_WORDS && CAPTION_CREDIT.test(text) && caption(el)) return true;
  if (words === 0 || words > MAX_META_WORDS) return false;
  if (READ_TIME.test(text) || DATE_LINE.test(text) || mostlyDate(text) || CREDIT.test(text) || LAYOUT_LINE.test(text)) return true;
  if ((words <= 8 && AGENCY.test(text)) || shareLine(el, text)) return true;
  const byline = BYLINE.exec(text);
  if (byline && CAPITAL.test(text.slice(byline[0].length)) && words <= MAX_BYLINE_WORDS && !/[.!?]\s+\p{Lu}/u.test(text)) return true;
  if (el.localName === 'time' || (el.children.length === 1 && el.firstElementChild!.localName === 'time' && textOf(el.firstElementChild!) === text)) return true;
  return namedAs(el, META_WORDS, META_UNLESS);
}

/**
 * Removes meta lines from Readability's article: bylines, date and update lines, reading times,
 * photo credits, ad labels ("Advertisement", "Story continues below") and share bars standing as
 * lines of their own, and every copy of a short line the article
 * repeats (the same caption under each photo), outside lists, tables and code.
 */
export function removeMetaLines(root: Element): void {
  const size = textSizes(root);
  const lines = Array.from(root.querySelectorAll(LINE_SELECTOR)).filter(
    (el) => size(el) <= MAX_LINE_CHARS && !el.closest('li, td, th, pre, code, table, h1, h2, h3, h4') && isLine(el, size) && !touchesEmbed(el),
  );
  const seen = new Map<string, Element[]>();
  for (const el of lines) {
    const text = textOf(el).toLowerCase();
    if (!text || text.length > MAX_REPEATED) continue;
    const same = seen.get(text);
    if (same) same.push(el);
    else seen.set(text, [el]);
  }
  for (const group of seen.values()) {
    // The same line nested in itself (`<p><span>x</span></p>`) is one line, not a repeat.
    const outer = group.filter((el) => !group.some((other) => other !== el && other.contains(el)));
    if (outer.length >= 2) for (const el of outer) el.remove();
  }
  for (const el of lines) if (el !== root && root.contains(el) && metaLine(el)) el.remove();
}
