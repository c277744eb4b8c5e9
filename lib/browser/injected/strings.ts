// Rules on plain strings that the page and node apply alike: how text is spaced, cut and compared,
// and which option a select step names. Free of the DOM, so node code imports them too.

/** Runs of whitespace collapsed to one space, ends trimmed. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `text` cut to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Private-use characters: icon-font glyphs, meaningless as text. */
const ICON_GLYPHS = /[\uE000-\uF8FF]/g;

/** Squashed, icon glyphs removed, cut to `max`. */
export function cleanLabel(text: string, max: number): string {
  return truncate(squash(text.replace(ICON_GLYPHS, ' ')), max);
}

/**
 * `text` cut to at most `max` characters at the last block boundary (a blank line) before the
 * limit; at a line boundary when that would keep less than half; mid-line (at a space) only when a
 * single line is longer than half the limit.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = max / 2;
  const block = text.lastIndexOf('\n\n', max);
  if (block >= half) return text.slice(0, block).trimEnd();
  const line = text.lastIndexOf('\n', max);
  if (line >= half) return text.slice(0, line).trimEnd();
  if (block > 0) return text.slice(0, block).trimEnd();
  if (line > 0) return text.slice(0, line).trimEnd();
  const space = text.lastIndexOf(' ', max);
  return text.slice(0, space >= half ? space : max).trimEnd();
}

/** An option as select matches it: its value attribute (or an ARIA option's data-value or id) and its shown text. */
export interface OptionText {
  value: string;
  text: string;
}

/** True when two option texts are the same, case and spacing ignored. */
export const sameText = (a: string, b: string): boolean => squash(a).toLowerCase() === squash(b).toLowerCase();

/**
 * The index of the <select> option `wanted` names, or -1: by value exactly, else by its text
 * (case and spacing ignored). The walker's plain select and the node side's path through
 * Playwright pick by this one rule, so an option chosen one way is the one chosen the other.
 */
export function pickOptionIndex(options: readonly OptionText[], wanted: string): number {
  const byValue = options.findIndex((o) => o.value === wanted);
  return byValue >= 0 ? byValue : options.findIndex((o) => sameText(o.text, wanted));
}

/**
 * The index of the ARIA listbox option `wanted` names, or -1: by its text first (case and spacing
 * ignored), else by its value (data-value or id), which nobody reading the page sees.
 */
export function pickAriaOptionIndex(options: readonly OptionText[], wanted: string): number {
  const byText = options.findIndex((o) => sameText(o.text, wanted));
  return byText >= 0 ? byText : options.findIndex((o) => o.value !== '' && o.value === wanted);
}
