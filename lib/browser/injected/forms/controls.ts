// In the page: what the form steps ask of a control node holds (lib/browser/forms): what kind it
// is, its state, and the elements around it a person would use (its label, its radio group, the
// listbox a combobox opens, the form's submit control).
import { squash } from '../strings.js';
import { optionText } from '../target/field.js';
import type { AriaOption, ControlKind, CustomSelectKind, SelectState, ToggleRoute } from './types.js';

/** Shown: a box of at least a pixel, and visible (opacity and visibility counted). */
export const shows = (el: Element): boolean => {
  const box = el.getBoundingClientRect();
  return box.width >= 1 && box.height >= 1 && el.checkVisibility({ checkOpacity: true, visibilityProperty: true });
};

/** Drawn at all: a rendered box, and visible (opacity and visibility counted). */
const drawn = (el: Element): boolean => el.getClientRects().length > 0 && el.checkVisibility({ checkOpacity: true, visibilityProperty: true });

const roleOf = (el: Element): string => (el.getAttribute('role') ?? '').trim().toLowerCase();

/** Whether `el` is an ARIA listbox, a combobox that opens one, or neither. */
export function customSelectKind(el: Element): CustomSelectKind {
  const role = roleOf(el);
  if (role === 'listbox') return 'listbox';
  if (role === 'combobox' || el.getAttribute('aria-haspopup') === 'listbox') return 'combobox';
  return null;
}

/** What fill_form finds a label names; a text-like element that is no input or textarea but an ARIA listbox or combobox is chosen in like a select. */
export function controlKind(el: Element): ControlKind {
  const role = roleOf(el);
  if (el instanceof HTMLInputElement) {
    const type = el.type;
    if (type === 'checkbox') return 'checkbox';
    if (type === 'radio') return 'radio';
    if (type === 'file') return 'file';
    if (['submit', 'button', 'reset', 'image'].includes(type)) return 'button';
    return 'text';
  }
  if (el instanceof HTMLSelectElement) return 'select';
  if (role === 'checkbox' || role === 'switch' || role === 'menuitemcheckbox') return 'checkbox';
  if (role === 'radio' || role === 'menuitemradio') return 'radio';
  if (!(el instanceof HTMLTextAreaElement) && customSelectKind(el)) return 'select';
  return 'text';
}

/** The checked state of a native or ARIA checkbox, switch or radio. */
export const checked = (el: Element): boolean => (el instanceof HTMLInputElement ? el.checked : el.getAttribute('aria-checked') === 'true');

/** An input's type, else its role attribute as written. */
export const inputKind = (el: Element): string => (el instanceof HTMLInputElement ? el.type : (el.getAttribute('role') ?? ''));

/** The labels of an input, none for any other element. */
const labelsOf = (el: Element): HTMLLabelElement[] => (el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : []);

/**
 * The radio of `el`'s group (same name in the same form, or the same ARIA radiogroup) whose
 * label, aria-label or value is `wanted`: exact first (case and spacing ignored), then a label
 * starting with it. Null when none matches.
 */
export function radioOfGroup(el: Element, wanted: string): Element | null {
  const norm = (s: string | null | undefined): string => squash(s ?? '').toLowerCase();
  let group: Element[] = [el];
  if (el instanceof HTMLInputElement) {
    const root = el.getRootNode() as Document | ShadowRoot;
    if (el.name) {
      group = Array.from(root.querySelectorAll('input[type="radio"]')).filter((r) => r instanceof HTMLInputElement && r.name === el.name && r.form === el.form);
    }
  } else {
    const container = el.closest('[role="radiogroup"]');
    if (container) group = Array.from(container.querySelectorAll('[role="radio"], [role="menuitemradio"]'));
  }
  const target = norm(wanted);
  const labelOf = (r: Element): string[] => {
    const own = r instanceof HTMLInputElement ? [] : [norm(r.textContent)];
    return [...labelsOf(r).map((l) => norm(l.textContent)), ...own, norm(r.getAttribute('aria-label'))].filter(Boolean);
  };
  const valueOf = (r: Element): string => (r instanceof HTMLInputElement ? norm(r.value) : '');
  return group.find((r) => labelOf(r).includes(target)) ?? group.find((r) => valueOf(r) === target) ?? group.find((r) => labelOf(r).some((l) => l.startsWith(target))) ?? null;
}

/** How a person would toggle `el` (brought into view first, for the hit test). */
export function toggleRoute(el: Element): ToggleRoute {
  const labels = labelsOf(el);
  const box = el.getBoundingClientRect();
  if (box.width >= 1 && box.height >= 1 && el.checkVisibility({ visibilityProperty: true })) {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    const root = el.getRootNode() as Document | ShadowRoot;
    const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) return 'direct';
    if (hit && labels.some((label) => label.contains(hit))) return 'covered';
  }
  if (labels.some(shows)) return 'label';
  return 'script';
}

/** The first of `el`'s labels that shows. */
export const shownLabel = (el: Element): Element | null => labelsOf(el).find(drawn) ?? null;

/** The fallback a person cannot do, for a radio to become unchecked. */
export function uncheckRadio(el: Element): void {
  if (!(el instanceof HTMLInputElement)) return;
  el.checked = false;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A native <select>'s state; null for any other element. */
export const selectState = (el: Element): SelectState | null =>
  el instanceof HTMLSelectElement ? { multiple: el.multiple, options: Array.from(el.options, optionText) } : null;

/** The listbox a combobox controls (aria-controls, aria-owns), else the one shown in the document; null while none shows. */
export function controlledListbox(el: Element): Element | null {
  const doc = el.ownerDocument;
  for (const attribute of ['aria-controls', 'aria-owns']) {
    for (const id of (el.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean)) {
      const found = doc.getElementById(id);
      const box = found?.getAttribute('role') === 'listbox' ? found : found?.querySelector('[role="listbox"]');
      if (box && drawn(box)) return box;
    }
  }
  const inside = el.querySelector('[role="listbox"]');
  if (inside && drawn(inside)) return inside;
  return Array.from(doc.querySelectorAll('[role="listbox"]')).find(drawn) ?? null;
}

/** The options of listbox `box`, with their text, value (data-value, else id) and selected state. */
export const ariaOptions = (box: Element): AriaOption[] =>
  Array.from(box.querySelectorAll('[role="option"]'), (o) => ({
    text: squash(o.textContent ?? ''),
    value: o.getAttribute('data-value') ?? o.id ?? '',
    selected: o.getAttribute('aria-selected') === 'true' || o.getAttribute('aria-checked') === 'true',
  }));

/** Listbox `box`'s `index`th option. */
export const ariaOption = (box: Element, index: number): Element | null => box.querySelectorAll('[role="option"]')[index] ?? null;

/** Whether `el` is a file input, and whether it takes several files; null when it is not one. */
export const fileInput = (el: Element): { multiple: boolean } | null => (el instanceof HTMLInputElement && el.type === 'file' ? { multiple: el.multiple } : null);
