// In the page: a form field as fill sees it, and leaving it. Self-contained: the node side serialises fieldState
// onto an element handle (lib/steps/fill-value.ts), and the walker's bundle calls it for a ref (./act.ts).

/** A field as fill sees it: its kind (input type, textarea, editable, other), value, language and state. */
export interface FieldState {
  kind: string;
  value: string;
  /** The nearest `lang` attribute, else the browser's language (the session's locale). */
  lang: string;
  disabled: boolean;
  readOnly: boolean;
  /** Still in its document (a re-render may have replaced it). */
  connected: boolean;
  /** The maxlength it enforces, or -1. */
  maxLength: number;
}

/** Runs in the page: the field's kind, value, language and state. */
export function fieldState(el: Element): FieldState {
  const text = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : null;
  const kind = el instanceof HTMLInputElement ? el.type : el instanceof HTMLTextAreaElement ? 'textarea' : (el as HTMLElement).isContentEditable ? 'editable' : 'other';
  const value = text ? text.value : ((el as HTMLElement).innerText ?? el.textContent ?? '');
  const lang = el.closest('[lang]')?.getAttribute('lang')?.trim() || navigator.language || '';
  const readOnly = !!text?.readOnly;
  return { kind, value, lang, disabled: el.matches(':disabled'), readOnly, connected: el.isConnected, maxLength: text ? text.maxLength : -1 };
}

/** Runs in the page: takes the focus from a filled field, so it fires `change` as it does for a person. */
export function leaveField(element: Element): void {
  (element as HTMLElement).blur();
}
