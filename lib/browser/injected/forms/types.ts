// What the form controls answer, as node sees it: free of the DOM, so node code imports it (the
// page's side is ./controls.ts).
import type { OptionText } from '../strings.js';

/** What fill_form finds a label names: a text-like field, a select (native, or an ARIA listbox or combobox), a checkbox, a radio, a file input or a button. */
export type ControlKind = 'text' | 'select' | 'checkbox' | 'radio' | 'file' | 'button';

/** How a checkbox or radio gets clicked: itself, at its place through what covers it, through its label, or by script. */
export type ToggleRoute = 'direct' | 'covered' | 'label' | 'script';

/** Whether an element is an ARIA listbox, a combobox that opens one, or neither. */
export type CustomSelectKind = 'listbox' | 'combobox' | null;

/** An ARIA option as the page shows it: its text, value (data-value, else id) and selected state. */
export interface AriaOption extends OptionText {
  selected: boolean;
}

/** A native <select>: whether it takes several options, and its options as select matches them. */
export interface SelectState {
  multiple: boolean;
  options: OptionText[];
}
