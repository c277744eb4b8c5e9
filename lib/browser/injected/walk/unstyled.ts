// What a page's stylesheet would have hidden. When a stylesheet fails to load (a blocked CDN, a
// saved page, a slow network) every print-only header, screen-reader line and hover card shows
// in the flow, and the visibility checks cannot tell them from text: their names still can.
// Whether a sheet loaded cannot be asked (a failed cross-origin sheet looks like a loaded one:
// a sheet object whose rules are unreadable), and need not be: an element named print-only that
// is shown at all is shown only because the rule hiding it is missing.
import { sacred } from './boilerplate.js';
import { nameTokens, namedAs, sizeOf, textOf } from './class-words.js';
import { squash } from '../strings.js';

/** Class tokens that only show on paper. */
const PRINT_ONLY =
  /^(print-?only|only-?print|printonly|onlyprint|(visible|show|display)-?(for-?)?print(-(block|inline|inline-block|flex))?|print-(header|footer|logo|title|masthead|url|info|copyright|banner|version|block)|d-print-(block|inline|inline-block|flex|table|grid))$/;
/** `something-print` names a print-only copy of something, unless it is a control or the opposite. */
const PRINT_SUFFIX = /^[a-z]+-print$/;
const PRINT_CONTROL = /^(btn|button|link|icon|share|no|hide|hidden|not|js|do|tool|tools)-print$/;
/** Class tokens of text kept for screen readers only (clipped to a pixel by the stylesheet). */
const SCREEN_READER_ONLY =
  /^(sr-only|sr-text|screen-reader-text|screen-reader-only|screenreader-only|visually-hidden|visuallyhidden|u-visually-hidden|is-visually-hidden|hidden-visually|element-invisible|a11y-hidden|assistive-text|show-for-sr|offscreen|skip-link|skip-to-content|skiplink)$/;
/** Class tokens that hide an element on a desktop-sized screen. */
const HIDDEN_ON_DESKTOP = /^(hidden|hide|is-hidden|u-hidden|display-none|d-none|hidden-desktop|hide-desktop|hide-on-desktop|mobile-only|visible-xs|visible-sm|show-for-small-only|hidden-lg|hidden-md)$/;
/** Bootstrap's `d-md-block` or Tailwind's `md:block`, which show a `d-none` or `hidden` element again on wider screens. */
const SHOWN_AGAIN = /^(d-(sm|md|lg|xl|xxl)-|(sm|md|lg|xl|2xl):)(block|inline|inline-block|flex|inline-flex|grid|table)$/;

/** Names that may hold one of the tokens above: the rest are passed over unsplit. */
const HIDDEN_HINT = /print|sr-|screen|hid|visual|invisible|a11y|assistive|offscreen|skip|none|mobile|visible|show/i;

/** How the names say the stylesheet hides `el` on screen: as a copy for paper, as text for screen readers, or on desktops; null when they do not. */
function hiddenByName(el: Element): 'print' | 'reader' | 'desktop' | null {
  if (!HIDDEN_HINT.test(`${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`)) return null;
  const tokens = nameTokens(el);
  let hidden = false;
  for (const token of tokens) {
    if (PRINT_ONLY.test(token) || (PRINT_SUFFIX.test(token) && !PRINT_CONTROL.test(token))) return 'print';
    if (SCREEN_READER_ONLY.test(token)) return 'reader';
    if (HIDDEN_ON_DESKTOP.test(token)) hidden = true;
  }
  return hidden && !tokens.some((token) => SHOWN_AGAIN.test(token)) ? 'desktop' : null;
}

/** Most characters of an element a print rule may show: a header, a URL line, a copyright line; never the article. */
const MAX_PRINT_TEXT = 300;

/** Each document's print selectors, read again only when its number of sheets changes (reading every rule costs milliseconds). */
const printCache = new WeakMap<Document, { sheets: number; selectors: string[] }>();

/** Selectors the page's readable stylesheets show only when printing (`display` set inside `@media print` or a print sheet). */
function printSelectors(doc: Document): string[] {
  const cached = printCache.get(doc);
  if (cached && cached.sheets === doc.styleSheets.length) return cached.selectors;
  const selectors = readPrintSelectors(doc);
  printCache.set(doc, { sheets: doc.styleSheets.length, selectors });
  return selectors;
}

function readPrintSelectors(doc: Document): string[] {
  const found: string[] = [];
  const visit = (rules: CSSRuleList, print: boolean): void => {
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i]!;
      if (rule instanceof CSSMediaRule) visit(rule.cssRules, print || /\bprint\b/i.test(rule.conditionText) && !/\bscreen\b/i.test(rule.conditionText));
      else if (print && rule instanceof CSSStyleRule) {
        const display = rule.style.getPropertyValue('display');
        if (display && display !== 'none') found.push(rule.selectorText);
      }
    }
  };
  for (const sheet of Array.from(doc.styleSheets)) {
    const media = sheet.media.mediaText;
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue; // a cross-origin sheet: unreadable, and it loaded, so it hides what it means to
    }
    visit(rules, /\bprint\b/i.test(media) && !/\bscreen\b/i.test(media));
  }
  return found;
}

/**
 * Removes from the shown copy what a stylesheet would have hidden on screen had it loaded:
 * elements named print-only, screen-reader-only or hidden on desktop, and short elements that
 * the page's readable print rules show when printing.
 */
export function removeUnstyled(live: Document, copy: Element): void {
  // A page that names its article container so (an id of print, a hidden class its own script
  // lifts) keeps it: never a landmark, the main heading, or half the text.
  const most = sizeOf(copy) / 2;
  for (const el of Array.from(copy.querySelectorAll('[class], [id]'))) {
    const hidden = hiddenByName(el);
    if (!hidden || !copy.contains(el) || sizeOf(el) > most || sacred(el, copy)) continue;
    // What is printed is a header, a URL, a copyright line: a long block named print-only is the
    // article itself on a site that names its one copy so (`entry-content print-only`).
    if (hidden === 'print' && textOf(el).length > MAX_PRINT_TEXT) continue;
    el.remove();
  }
  for (const selector of printSelectors(live)) {
    let matches: Element[];
    try {
      matches = Array.from(copy.querySelectorAll(selector));
    } catch {
      continue;
    }
    for (const el of matches) if (copy.contains(el) && sizeOf(el) <= MAX_PRINT_TEXT * 2 && textOf(el).length <= MAX_PRINT_TEXT) el.remove();
  }
}

/** Words of class names of hover cards and tooltips. */
const TOOLTIP_WORDS = new Set(['tooltip', 'tooltiptext', 'hovercard', 'popover', 'tippy', 'tooltipster']);
/** ...unless the token names the thing that opens one (`has-tooltip`, `tooltip-trigger`). */
const TOOLTIP_TRIGGER = new Set(['has', 'trigger', 'toggle', 'anchor', 'wrapper', 'term', 'link', 'target', 'container']);
/** Shortest text of a title attribute whose copy in the flow counts as a rendered tooltip. */
const MIN_TITLE_TEXT = 20;

/**
 * Removes tooltip text from the copy: elements with role tooltip or named as tooltips and hover
 * cards, and text inside an element with a title that only repeats that title (the tooltip a
 * script built from it). A shown tooltip is still not text of the page it sits on.
 */
export function removeTooltips(copy: Element): void {
  for (const el of Array.from(copy.querySelectorAll('[role="tooltip" i], [class]'))) {
    if (!copy.contains(el)) continue;
    if (el.getAttribute('role')?.toLowerCase() === 'tooltip' || namedAs(el, TOOLTIP_WORDS, TOOLTIP_TRIGGER)) el.remove();
  }
  for (const owner of Array.from(copy.querySelectorAll('[title]'))) {
    const title = squashLower(owner.getAttribute('title') ?? '');
    if (title.length < MIN_TITLE_TEXT) continue;
    for (const child of Array.from(owner.children)) {
      const text = squashLower(child.textContent ?? '');
      if (text.length >= MIN_TITLE_TEXT / 2 && title.includes(text) && squashLower(owner.textContent ?? '') !== text) child.remove();
    }
  }
}

const squashLower = (text: string): string => squash(text).toLowerCase();
