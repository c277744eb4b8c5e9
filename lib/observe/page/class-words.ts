// The names a page gives its elements (class tokens and id), read as words: the signal most
// boilerplate rules start from, since CMS templates name their blocks after what they hold.

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

/** True when a token of `el`'s class or id has one of `wanted` among its words and none of `unless`. */
export function namedAs(el: Element, wanted: ReadonlySet<string>, unless: ReadonlySet<string> = EMPTY): boolean {
  const cls = el.getAttribute('class');
  const id = el.getAttribute('id');
  if (!cls && !id) return false;
  for (const token of `${cls ?? ''} ${id ?? ''}`.split(/\s+/)) {
    if (!token) continue;
    const words = tokenWords(token);
    if (words.some((word) => wanted.has(word)) && !words.some((word) => unless.has(word))) return true;
  }
  return false;
}

const EMPTY: ReadonlySet<string> = new Set();

/** The text of a copied element, whitespace squashed (the copy holds only what was shown). */
export const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The number of words in a text. */
export const wordCount = (text: string): number => (text.match(/[\p{L}\p{N}]+/gu) ?? []).length;
