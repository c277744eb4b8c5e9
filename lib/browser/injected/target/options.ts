// In the page and in node alike: how select names an option. The walker's plain select
// (./act.ts) and the node side's path through Playwright (lib/steps/select.ts) pick by the same
// rule, so an option chosen one way is the option chosen the other.
import { squash } from '../walk/text.js';

/** An option as select matches it: its value attribute and its shown text. */
export interface OptionInfo {
  value: string;
  text: string;
}

/** True when two option texts are the same, case and spacing ignored. */
export const sameText = (a: string, b: string): boolean => squash(a).toLowerCase() === squash(b).toLowerCase();

/** The index of the option `wanted` names: by value exactly, else by its text (case and spacing ignored); -1 when none. */
export function pickOptionIndex(options: readonly OptionInfo[], wanted: string): number {
  const byValue = options.findIndex((o) => o.value === wanted);
  return byValue >= 0 ? byValue : options.findIndex((o) => sameText(o.text, wanted));
}

/** A <select>'s option as select shows and matches it (its label, else its text). */
export function optionInfo(option: HTMLOptionElement): OptionInfo {
  return { value: option.value, text: squash(option.label || option.text) };
}
