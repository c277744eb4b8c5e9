// The names a page gives its elements (class tokens and id), read as words: the signal most
// boilerplate rules start from, since CMS templates name their blocks after what they hold.

import { squash } from '../strings.js';

/** The class tokens and id of `el`, lower-cased. */
export function nameTokens(el: Element): string[] {
  const tokens: string[] = [];
  const cls = el.getAttribute('class');
  if (cls) for (const token of cls.split(/\s+/)) if (token) tokens.push(token.toLowerCase());
  const id = el.getAttribute('id');
  if (id) tokens.push(id.toLowerCase());
  return tokens;
}

/** One class token or id split into its words: `post-comments`, `postComments`, `post_comments` give post, comments. */
export function tokenWords(token: string): string[] {
  return token
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Per word set, a test any name holding one of its words passes: most names fail it at once, unsplit. */
const quickTests = new WeakMap<ReadonlySet<string>, RegExp>();

function quickTest(wanted: ReadonlySet<string>): RegExp {
  let test = quickTests.get(wanted);
  if (!test) quickTests.set(wanted, (test = new RegExp([...wanted].join('|'), 'i')));
  return test;
}

/** True when a token of `el`'s class or id has one of `wanted` among its words and none of `unless`. */
export function namedAs(el: Element, wanted: ReadonlySet<string>, unless: ReadonlySet<string> = EMPTY): boolean {
  const names = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
  if (!quickTest(wanted).test(names)) return false;
  for (const token of names.split(/\s+/)) {
    if (!token) continue;
    const words = tokenWords(token);
    if (words.some((word) => wanted.has(word)) && !words.some((word) => unless.has(word))) return true;
  }
  return false;
}

const EMPTY: ReadonlySet<string> = new Set();

/** The text of a copied element, whitespace squashed (the copy holds only what was shown). */
export const textOf = (el: Element): string => squash(el.textContent ?? '');

/** Characters of link text in `el`: its links' text, or all of it when `el` is a link. */
export const linkChars = (el: Element): number =>
  el.localName === 'a' ? textOf(el).length : Array.from(el.getElementsByTagName('a')).reduce((n, a) => n + textOf(a).length, 0);

/** Characters of text under `el`, whitespace included: a cheap size for the guards (no squashing of big subtrees). */
export const sizeOf = (el: Element): number => (el.textContent ?? '').length;

/**
 * The text size of every element under `root`, measured in one pass, so that rules asking the
 * size of thousands of nested blocks do not read each subtree again. Sizes are not updated when
 * a rule removes something: an ancestor's size then errs high, the safe side for the guards.
 */
export function textSizes(root: Element): (el: Element) => number {
  const sizes = new WeakMap<Element, number>();
  const measure = (el: Element): number => {
    let size = 0;
    for (let child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) size += (child as Text).data.length;
      else if (child.nodeType === 1) size += measure(child as Element);
    }
    sizes.set(el, size);
    return size;
  };
  measure(root);
  return (el) => sizes.get(el) ?? sizeOf(el);
}

/** The number of words in a text. */
export const wordCount = (text: string): number => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
