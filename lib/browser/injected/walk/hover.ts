// Sites often give a clickable its pointer cursor only under `:hover` (a feed's like and reply
// spans): the computed cursor of an element the mouse is not over says nothing. The style sheets'
// `:hover` rules that set `cursor: pointer`, with `:hover` taken out, say which elements would show it.

/** A document's selector, kept while its style sheets and their rule counts stay the same. */
const cache = new WeakMap<Document, { signature: string; selector: string | null }>();
const HOVER = /:hover\b/g;
/** Rules looked at per document, at most: a huge generated sheet is not read to the end. */
const MAX_RULES = 50_000;

/** The rule lists of `sheet` and its @media, @supports and @layer blocks, in order. */
function* styleRules(rules: CSSRuleList, budget: { left: number }): Generator<CSSStyleRule> {
  for (let i = 0; i < rules.length && budget.left > 0; i++) {
    budget.left--;
    const rule = rules[i]!;
    if ((rule as CSSStyleRule).selectorText !== undefined) yield rule as CSSStyleRule;
    const inner = (rule as CSSGroupingRule).cssRules;
    if (inner) yield* styleRules(inner, budget);
  }
}

function readableRules(sheet: CSSStyleSheet): CSSRuleList | null {
  try {
    return sheet.cssRules;
  } catch {
    // A cross-origin sheet cannot be read.
    return null;
  }
}

function sheetsOf(doc: Document): CSSStyleSheet[] {
  const sheets = Array.from(doc.styleSheets);
  try {
    sheets.push(...(doc.adoptedStyleSheets ?? []));
  } catch {
    // Older engines have no adopted sheets.
  }
  return sheets;
}

/** One selector matching every element some `:hover` rule gives a pointer cursor, or null when none does. */
function hoverSelector(doc: Document): string | null {
  const sheets = sheetsOf(doc);
  const signature = sheets.map((sheet) => readableRules(sheet)?.length ?? -1).join(',');
  const known = cache.get(doc);
  if (known && known.signature === signature) return known.selector;
  const found: string[] = [];
  const budget = { left: MAX_RULES };
  for (const sheet of sheets) {
    const rules = readableRules(sheet);
    if (!rules) continue;
    for (const rule of styleRules(rules, budget)) {
      if (!rule.selectorText.includes(':hover') || rule.style.cursor !== 'pointer') continue;
      for (const part of rule.selectorText.split(',')) {
        if (!part.includes(':hover')) continue;
        const plain = part.replace(HOVER, '').trim();
        if (!plain) continue;
        try {
          doc.querySelector(plain);
          found.push(plain);
        } catch {
          // A selector that needs :hover to parse (or a piece of an :is() list) is left out.
        }
      }
    }
  }
  const selector = found.length ? found.join(', ') : null;
  cache.set(doc, { signature, selector });
  return selector;
}

/**
 * A test for one walk: true when a `:hover` rule of the element's document would give it a
 * pointer cursor. Each document's rules are looked at once per walk (and read again only when
 * its sheets changed).
 */
export function hoverPointerTest(): (el: Element) => boolean {
  const selectors = new Map<Document, string | null>();
  return (el) => {
    const doc = el.ownerDocument;
    let selector = selectors.get(doc);
    if (selector === undefined) {
      selector = hoverSelector(doc);
      selectors.set(doc, selector);
    }
    if (!selector) return false;
    try {
      return el.matches(selector);
    } catch {
      return false;
    }
  };
}
