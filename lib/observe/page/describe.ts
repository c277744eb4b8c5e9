import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import type { WalkContext } from './context.js';
import { cleanLabel, truncate, visibleText } from './text.js';
import { roleAttr } from './tree.js';

const LABEL_MAX = 120;
const VALUE_MAX = 500;
/** Input types whose value is their caption, not something typed. */
const BUTTON_TYPES = new Set(['submit', 'button', 'reset', 'image']);
/** Roles that carry a checked state in aria-checked. */
const CHECKABLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

/** The element's role: its explicit role, else the implicit one, else its tag name. */
export function roleOf(el: Element): string {
  const explicit = roleAttr(el);
  if (explicit) return explicit;
  try {
    return getRole(el) ?? el.localName;
  } catch {
    return el.localName;
  }
}

/** The accessible name ('' if the computation fails on an odd tree). */
function accessibleName(ctx: WalkContext, el: Element): string {
  try {
    return computeAccessibleName(el, { getComputedStyle: ctx.computedStyle, computedStyleSupportsPseudoElements: false });
  } catch {
    return '';
  }
}

/**
 * The element's label: its accessible name; when that is empty, its placeholder, title, visible
 * text or name attribute. Icon-font glyphs dropped, at most 120 characters.
 */
export function labelOf(ctx: WalkContext, el: Element): string {
  let label = cleanLabel(accessibleName(ctx, el), LABEL_MAX);
  if (label) return label;
  for (const attr of ['placeholder', 'aria-placeholder', 'title']) {
    label = cleanLabel(el.getAttribute(attr) ?? '', LABEL_MAX);
    if (label) return label;
  }
  label = cleanLabel(visibleText(ctx, el, LABEL_MAX), LABEL_MAX);
  if (label) return label;
  return cleanLabel(el.getAttribute('name') ?? '', LABEL_MAX);
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
