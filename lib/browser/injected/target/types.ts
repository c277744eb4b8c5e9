// What finding and acting on a step's element answer, as node sees it: free of the DOM, so node
// code imports it (the page's side is ./find.ts, ./act.ts, ./click-point.ts and ./field.ts).

/** What to find: by visible text or by label, for which kind of action. */
export interface FindQuery {
  by: 'text' | 'label';
  value: string;
  /** What the step will do: narrows `label` to controls that can take it. */
  purpose: 'click' | 'input' | 'select' | 'check' | 'upload' | 'scroll';
  nextRef: number;
}

/** The match's ref, or the nearest candidates to offer in element_not_found. */
export interface FindResult {
  ref: string | null;
  candidates: Array<{ ref: string; label: string }>;
  nextRef: number;
}

/** A point in the element's document's viewport, in CSS pixels. */
export interface ViewportPoint {
  x: number;
  y: number;
}

/** What a click at the element's points would reach. */
export type ClickPoint =
  /** The centre reaches the element itself (or plain content of it); `at` is that point in the viewport. */
  | { kind: 'centre'; at: ViewportPoint }
  /** This point (from the element's padding box corner) does, and the centre does not; `at` is the same point in the viewport. */
  | { kind: 'point'; x: number; y: number; at: ViewportPoint }
  /** Every point that reaches the element lands on other controls inside it, named here. */
  | { kind: 'nested'; controls: string[] }
  /** No point reaches it (covered, out of view, no box): Playwright's own wait decides. */
  | { kind: 'unknown' };

/** A ref the page no longer holds. */
export interface Gone {
  state: 'gone';
}

/** Why the plain path does not apply; the node side then acts through Playwright. */
export interface Slow {
  state: 'slow';
}

/** The element is ready for a click at `at`, and the click's events are watched (clickLanded). */
export type ClickAim = { state: 'ready'; at: ViewportPoint } | { state: 'nested'; controls: string[] } | Slow;

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

/** The field has the focus and its whole content selected, so typed text replaces it. */
export type FillAim = { state: 'ready'; field: FieldState } | Slow;

/**
 * A plain select's outcome: the options are chosen; or what the node side reports as the
 * step's error (an array for a select that takes one option, an option it does not offer, with
 * the values it does, which the node side cuts to the error's bound).
 */
export type SelectDone = { state: 'chosen' } | { state: 'single' } | { state: 'missing'; wanted: string; values: string[] } | Slow;

/** Where a watched click's first event landed: on the element, elsewhere (the click was stopped there), or nothing came. */
export type Landing = 'hit' | 'missed' | 'none';
