// In the page: the consent sniff, whether a document shows anything a consent rule could detect
// a CMP by, so that autoconsent is worth starting in it (../boot/blockers.ts asks it).
import type { SniffTargets } from './types.js';

/**
 * How far the heuristic check looks for a fixed or sticky element: this many levels under <body>
 * (banners sit near the top of the tree), reading the style of at most this many elements.
 */
const HEURISTIC_LIMITS = { depth: 3, elements: 400 };

/**
 * Returns the sniff of one document: true when the page shows something some rule, code rule or
 * the heuristic pass could detect a CMP by (lib/browser/blockers/consent-sniff.ts), so autoconsent is worth starting.
 * Each call reads the DOM afresh: the selectors one by one (one the browser rejects counts as
 * no match; lone ids, classes and tags by the DOM's own lookups), the XPath expressions, a few
 * globals and the coded checks.
 */
export function consentSniffer(win: Window, plan: SniffTargets): () => boolean {
  const scope = win as unknown as Record<string, unknown>;
  const doc = win.document;
  const limits = HEURISTIC_LIMITS;
  const { ids, classes, tags, selectors } = plan;
  const top = win === win.top;

  const found = (selector: string): boolean => {
    try {
      return doc.querySelector(selector) !== null;
    } catch {
      return false;
    }
  };
  const evaluates = (xpath: string): boolean => {
    try {
      return doc.evaluate(xpath, doc, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue !== null;
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
      const { hostname, pathname, searchParams } = new URL(win.location.href);
      if (hostname === 'ccpa-notice.sp-prod.net' || hostname === 'ccpa-pm.sp-prod.net') return true;
      const paths = ['/index.html', '/privacy-manager/index.html', '/ccpa_pm/index.html', '/us_pm/index.html'];
      return paths.includes(pathname) && ['message_id', 'requestUUID', 'consentUUID'].some((name) => searchParams.has(name));
    },
    // Admiral's notice: a fixed <div> under <body> naming Admiral (any case: innerText follows text-transform).
    'admiral-notice': () =>
      Array.from(doc.querySelectorAll('body > div')).some((element) => shown(element, ['fixed']) && /admiral/i.test(element.textContent ?? '')),
    // The heuristic pass (top doc only) reads the text of visible fixed, sticky or dialog-like elements.
    'heuristic-popup': () => {
      if (!top || !doc.body) return false;
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
      return look(doc.body, 1);
    },
  };

  return () => {
    if (ids.some((id) => doc.getElementById(id) !== null) || selectors.some(found)) return true;
    if (classes.some((name) => doc.getElementsByClassName(name).item(0) !== null)) return true;
    if (tags.some((name) => doc.getElementsByTagName(name).item(0) !== null)) return true;
    if (plan.xpath.some(evaluates)) return true;
    if (plan.globals.some((name) => Boolean(scope[name]))) return true;
    return plan.special.some((name) => checks[name]?.() === true);
  };
}
