// The consent sniff, in the page (serialised into the consent init script): consentSniffer is
// self-contained, using nothing from this module's scope but types; sniffLookups runs in node.
import type { SniffPlan } from './consent-sniff.js';

/**
 * How far the heuristic check looks for a fixed or sticky element: this many levels under <body>
 * (banners sit near the top of the tree), reading the style of at most this many elements.
 */
export const HEURISTIC_LIMITS = { depth: 3, elements: 400 };

/**
 * The sniff plan's selectors sorted by how the page looks each up, done once in node (not by
 * three regular expressions per selector in every document): a lone id, class or tag needs no
 * selector parsed (the browser keeps only 256 parsed ones per document).
 */
export interface SniffLookups {
  ids: string[];
  classes: string[];
  tags: string[];
  selectors: string[];
}

/** Sorts `css` (SniffPlan.css) into SniffLookups. */
export function sniffLookups(css: readonly string[]): SniffLookups {
  const lookups: SniffLookups = { ids: [], classes: [], tags: [], selectors: [] };
  for (const selector of css) {
    if (/^#[\w-]+$/.test(selector)) lookups.ids.push(selector.slice(1));
    else if (/^\.[\w-]+$/.test(selector)) lookups.classes.push(selector.slice(1));
    else if (/^[a-z][\w-]*$/.test(selector)) lookups.tags.push(selector);
    else lookups.selectors.push(selector);
  }
  return lookups;
}

/**
 * Returns the sniff of one document: true when the page shows something some rule, code rule or
 * the heuristic pass could detect a CMP by (consent-sniff.ts), so autoconsent is worth starting.
 * Each call reads the DOM afresh: the selectors one by one (one the browser rejects counts as
 * no match; lone ids, classes and tags by the DOM's own lookups), the XPath expressions, a few
 * globals and the coded checks.
 */
export function consentSniffer(plan: Omit<SniffPlan, 'css'> & SniffLookups, limits: typeof HEURISTIC_LIMITS): () => boolean {
  const scope = window as unknown as Record<string, unknown>;
  const { ids, classes, tags, selectors } = plan;
  const top = window === window.top;

  const found = (selector: string): boolean => {
    try {
      return document.querySelector(selector) !== null;
    } catch {
      return false;
    }
  };
  const evaluates = (xpath: string): boolean => {
    try {
      return document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== null;
    } catch {
      return false;
    }
  };
  const shown = (element: Element, positions: string[]): boolean => {
    const style = getComputedStyle(element);
    return style.display !== 'none' && positions.includes(style.position);
  };
  const checks: Record<string, () => boolean> = {
    // Sourcepoint's consent frames are known by their URL (the package's sourcepoint-frame.ts).
    'sourcepoint-frame-url': () => {
      const { hostname, pathname, searchParams } = new URL(location.href);
      if (hostname === 'ccpa-notice.sp-prod.net' || hostname === 'ccpa-pm.sp-prod.net') return true;
      const paths = ['/index.html', '/privacy-manager/index.html', '/ccpa_pm/index.html', '/us_pm/index.html'];
      return paths.includes(pathname) && ['message_id', 'requestUUID', 'consentUUID'].some((name) => searchParams.has(name));
    },
    // Admiral's notice: a fixed <div> under <body> naming Admiral (any case: innerText follows text-transform).
    'admiral-notice': () =>
      Array.from(document.querySelectorAll('body > div')).some((element) => shown(element, ['fixed']) && /admiral/i.test(element.textContent ?? '')),
    // The heuristic pass (top document only) reads the text of visible fixed, sticky or dialog-like elements.
    'heuristic-popup': () => {
      if (!top || !document.body) return false;
      if (found('dialog[open], [role="dialog"], [aria-modal="true"]')) return true;
      let budget = limits.elements;
      const look = (element: Element, depth: number): boolean => {
        for (let child = element.firstElementChild; child && budget > 0; child = child.nextElementSibling) {
          budget--;
          if (shown(child, ['fixed', 'sticky'])) return true;
          if (depth < limits.depth && look(child, depth + 1)) return true;
        }
        return false;
      };
      return look(document.body, 1);
    },
  };

  return () => {
    if (ids.some((id) => document.getElementById(id) !== null) || selectors.some(found)) return true;
    if (classes.some((name) => document.getElementsByClassName(name).item(0) !== null)) return true;
    if (tags.some((name) => document.getElementsByTagName(name).item(0) !== null)) return true;
    if (plan.xpath.some(evaluates)) return true;
    if (plan.globals.some((name) => Boolean(scope[name]))) return true;
    return plan.special.some((name) => checks[name]?.() === true);
  };
}
