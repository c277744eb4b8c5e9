// In the page: a form field as fill sees it, leaving it, and a <select>'s option as select matches it.
// Node asks these of an element handle (lib/browser/forms/fill.ts), the plain fill of a ref (./act.ts) directly.
import { squash, type OptionText } from '../strings.js';
import type { FieldState } from './types.js';

/** The field's kind, value, language and state. */
export function fieldState(el: Element): FieldState {
  const text = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : null;
  const kind = el instanceof HTMLInputElement ? el.type : el instanceof HTMLTextAreaElement ? 'textarea' : (el as HTMLElement).isContentEditable ? 'editable' : 'other';
  const value = text ? text.value : ((el as HTMLElement).innerText ?? el.textContent ?? '');
  const lang = el.closest('[lang]')?.getAttribute('lang')?.trim() || navigator.language || '';
  const readOnly = !!text?.readOnly;
  return { kind, value, lang, disabled: el.matches(':disabled'), readOnly, connected: el.isConnected, maxLength: text ? text.maxLength : -1 };
}

/** Takes the focus from a filled field, so it fires `change` as it does for a person. */
export function leaveField(element: Element): void {
  (element as HTMLElement).blur();
}

/** A <select>'s option as select shows and matches it (its label, else its text). */
export function optionText(option: HTMLOptionElement): OptionText {
  return { value: option.value, text: squash(option.label || option.text) };
}
