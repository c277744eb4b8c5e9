import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import type { WalkCache } from './cache.js';
import { iconName } from './icons.js';
import { cleanLabel, squash, truncate } from '../strings.js';
import { visibleText } from './text.js';
import { roleAttr } from './tree.js';

const LABEL_MAX = 120;
const VALUE_MAX = 500;
/** Options listed per select or listbox, at most: a country list stays readable. */
const OPTIONS_MAX = 100;
const OPTION_LABEL_MAX = 80;
/** Input types whose value is their caption, not something typed. */
const BUTTON_TYPES = new Set(['submit', 'button', 'reset', 'image']);
/** Roles that carry a checked state in aria-checked. */
const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
/** Roles that carry a selected state in aria-selected. */
const SELECTABLE_ROLES = new Set(['option', 'tab', 'treeitem', 'row', 'gridcell', 'columnheader', 'rowheader']);
/**
 * Inputs that have no ARIA role of their own (dom-accessibility-api gives none): a password is
 * typed like any text, the date and time kinds are told apart by `input_type`, a colour is picked
 * with a button.
 */
const INPUT_ROLES: Record<string, string> = {
  password: 'textbox',
  date: 'textbox',
  'datetime-local': 'textbox',
  month: 'textbox',
  week: 'textbox',
  time: 'textbox',
  color: 'button',
  file: 'button',
};

/** The element's role: its explicit role, else the implicit ARIA one, else `generic` (never a tag name). */
export function roleOf(el: Element): string {
  const explicit = roleAttr(el);
  if (explicit && explicit !== 'none' && explicit !== 'presentation') return explicit;
  if (el.localName === 'input') {
    const mapped = INPUT_ROLES[(el as HTMLInputElement).type];
    if (mapped) return mapped;
  }
  let role: string | null;
  try {
    role = getRole(el);
  } catch {
    role = null;
  }
  if (role && role !== 'none' && role !== 'presentation') return role;
  if ((el as HTMLElement).isContentEditable) return 'textbox';
  return 'generic';
}

/** The accessible name ('' if the computation fails on an odd tree). */
function accessibleName(cache: WalkCache, el: Element): string {
  try {
    return computeAccessibleName(el, { getComputedStyle: cache.computedStyle, computedStyleSupportsPseudoElements: false });
  } catch {
    return '';
  }
}

/**
 * The element's label: its accessible name; when that is empty, its placeholder, title, visible
 * text, name attribute, or as a last resort what its icon is called (file or class name). Icon-font
 * glyphs dropped, at most 120 characters.
 */
export function labelOf(cache: WalkCache, el: Element): string {
  let label = cleanLabel(accessibleName(cache, el), LABEL_MAX);
  if (label) {
    // The name computation joins inline pieces without their spaces ("Twitter<span> (@x)</span>" gives
    // "Twitter(@x)"): when the visible text is the same words, it reads as the page shows them.
    const shown = cleanLabel(visibleText(cache, el, LABEL_MAX), LABEL_MAX);
    return shown && shown.replace(/\s+/g, '') === label.replace(/\s+/g, '') ? shown : label;
  }
  for (const attr of ['placeholder', 'aria-placeholder', 'title']) {
    label = cleanLabel(el.getAttribute(attr) ?? '', LABEL_MAX);
    if (label) return label;
  }
  label = cleanLabel(visibleText(cache, el, LABEL_MAX), LABEL_MAX);
  if (label) return label;
  label = cleanLabel(el.getAttribute('name') ?? '', LABEL_MAX);
  if (label) return label;
  return cleanLabel(iconName(cache, el), LABEL_MAX);
}

/**
 * The element's current value: typed text, the selected option's text, `checked`/`unchecked`.
 * Never a password's. Undefined when the element has none.
 */
export function valueOf(el: Element): string | undefined {
  const tag = el.localName;
  let value: string | undefined;
  if (tag === 'input') {
    const input = el as HTMLInputElement;
    const type = input.type;
    if (type === 'password' || BUTTON_TYPES.has(type)) return undefined;
    if (type === 'checkbox' || type === 'radio') return input.checked ? 'checked' : 'unchecked';
    if (type === 'file') value = Array.from(input.files ?? []).map((file) => file.name).join(', ');
    else value = input.value;
  } else if (tag === 'textarea') {
    value = (el as HTMLTextAreaElement).value;
  } else if (tag === 'select') {
    value = Array.from((el as HTMLSelectElement).selectedOptions, (option) => option.text.trim()).join(', ');
  } else {
    const role = roleAttr(el);
    const checked = el.getAttribute('aria-checked');
    if (checked !== null && CHECKABLE_ROLES.has(role)) {
      return checked === 'true' ? 'checked' : checked === 'mixed' ? 'mixed' : 'unchecked';
    }
    if (role === 'slider' || role === 'spinbutton') value = el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow') ?? '';
  }
  return value ? truncate(value, VALUE_MAX) : undefined;
}

/** One choice of a select or listbox. */
export interface OptionInfo {
  value: string;
  label: string;
  selected: boolean;
}

/** What an agent needs to know of a control's state; each field only where it applies. */
export interface ControlState {
  input_type?: string;
  disabled?: boolean;
  checked?: boolean;
  mixed?: boolean;
  expanded?: boolean;
  selected?: boolean;
  required?: boolean;
  multiple?: boolean;
  options?: OptionInfo[];
}

const ariaTrue = (el: Element, name: string): boolean => el.getAttribute(name) === 'true';

/** The disabled state: the element's own, a disabled fieldset's, or aria-disabled on it or an ancestor. */
function disabled(el: Element): boolean {
  if ((el as HTMLButtonElement).disabled === true) return true;
  try {
    if (el.matches(':disabled')) return true;
  } catch {
    // Not a form control: only ARIA says.
  }
  return el.closest('[aria-disabled="true"]') !== null;
}

/** The options of a select (its option elements) or a listbox (its role=option descendants). */
function optionsOf(el: Element, role: string): OptionInfo[] | undefined {
  if (el.localName === 'select') {
    const options = Array.from((el as HTMLSelectElement).options).slice(0, OPTIONS_MAX);
    return options.map((option) => ({ value: option.value, label: truncate(squash(option.label || option.text), OPTION_LABEL_MAX), selected: option.selected }));
  }
  if (role !== 'listbox') return undefined;
  const options = Array.from(el.querySelectorAll('[role="option"]')).slice(0, OPTIONS_MAX);
  return options.map((option) => {
    const label = truncate(squash(option.getAttribute('aria-label') ?? option.textContent ?? ''), OPTION_LABEL_MAX);
    return { value: option.getAttribute('data-value') ?? option.getAttribute('value') ?? label, label, selected: ariaTrue(option, 'aria-selected') };
  });
}

/**
 * The state of a control with role `role`: input type, disabled, checked (and mixed), expanded
 * (present only on what can expand: a tree item with children, a menu button, a details summary),
 * selected, required, multiple, and the options of a select or listbox.
 */
export function stateOf(el: Element, role: string): ControlState {
  const state: ControlState = {};
  const tag = el.localName;
  if (tag === 'input') state.input_type = (el as HTMLInputElement).type;
  if (disabled(el)) state.disabled = true;
  if (tag === 'input' && ((el as HTMLInputElement).type === 'checkbox' || (el as HTMLInputElement).type === 'radio')) {
    state.checked = (el as HTMLInputElement).checked;
    if ((el as HTMLInputElement).indeterminate) state.mixed = true;
  } else if (CHECKABLE_ROLES.has(role) || el.hasAttribute('aria-pressed')) {
    const checked = el.getAttribute('aria-checked') ?? el.getAttribute('aria-pressed');
    if (checked !== null) state.checked = checked === 'true';
    if (checked === 'mixed') state.mixed = true;
  }
  const expanded = el.getAttribute('aria-expanded');
  if (expanded === 'true' || expanded === 'false') state.expanded = expanded === 'true';
  else if (tag === 'summary' && el.parentElement?.localName === 'details') state.expanded = (el.parentElement as HTMLDetailsElement).open;
  else if (role === 'treeitem' && el.querySelector('[role="group"]')) state.expanded = true;
  if (SELECTABLE_ROLES.has(role) && el.hasAttribute('aria-selected')) state.selected = ariaTrue(el, 'aria-selected');
  else if (tag === 'option') state.selected = (el as HTMLOptionElement).selected;
  if ((el as HTMLInputElement).required === true || ariaTrue(el, 'aria-required')) state.required = true;
  if ((tag === 'select' && (el as HTMLSelectElement).multiple) || ariaTrue(el, 'aria-multiselectable')) state.multiple = true;
  const options = optionsOf(el, role);
  if (options) state.options = options;
  return state;
}
