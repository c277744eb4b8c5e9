import { computeAccessibleName } from 'dom-accessibility-api';
import type { WalkCache } from './cache.js';
import { cleanLabel } from '../strings.js';
import { visibleText } from './text.js';

const ROLE_LANDMARKS: Record<string, string> = {
  banner: 'header',
  navigation: 'nav',
  main: 'main',
  complementary: 'aside',
  contentinfo: 'footer',
  form: 'form',
  dialog: 'dialog',
  alertdialog: 'dialog',
};

const TAG_LANDMARKS: Record<string, string> = {
  header: 'header',
  nav: 'nav',
  main: 'main',
  aside: 'aside',
  footer: 'footer',
  form: 'form',
  dialog: 'dialog',
};

/** Sectioning ancestors that make a header or footer local to them rather than the page's. */
const SECTIONING = 'article, aside, main, nav, section, [role=article], [role=complementary], [role=main], [role=navigation], [role=region]';

/** The landmark an element opens for an element's `in` (header, nav, main, aside, footer, form, dialog), by role or tag. */
export function landmarkOf(el: Element, tag: string, role: string): string | null {
  if (role) {
    const byRole = ROLE_LANDMARKS[role];
    if (byRole) return byRole;
  }
  if (el.hasAttributes() && el.getAttribute('aria-modal') === 'true') return 'dialog';
  return TAG_LANDMARKS[tag] ?? null;
}

/**
 * The page region an element opens (full mode and the section map): header, nav, main, aside,
 * footer or dialog. A header or footer inside an article or section belongs to it, not the page.
 */
export function regionOf(el: Element, tag: string, role: string): string | null {
  const kind = landmarkOf(el, tag, role);
  if (!kind || kind === 'form') return null;
  if ((kind === 'header' || kind === 'footer') && !role && el.parentElement?.closest(SECTIONING)) return null;
  return kind;
}

/** A region's label: its accessible name, or for a dialog its first heading; at most 80 characters. */
export function regionLabel(cache: WalkCache, el: Element, kind: string): string {
  let label = '';
  if (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) {
    try {
      label = computeAccessibleName(el, { getComputedStyle: cache.computedStyle, computedStyleSupportsPseudoElements: false });
    } catch {
      label = el.getAttribute('aria-label') ?? '';
    }
  }
  if (!label && kind === 'dialog') {
    const heading = el.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]');
    if (heading && cache.shown(heading)) label = visibleText(cache, heading, 80);
  }
  return cleanLabel(label, 80);
}
