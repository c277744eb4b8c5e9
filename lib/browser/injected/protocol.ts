// The injected program as node calls it: the one API object it installs in a document, under one
// name (./names.ts), and every method on it. Free of the DOM, so node code imports it; lib/browser/program.ts
// is the one typed helper that calls these, ./api.ts the page's side that answers them.
import type { ConsentOutcome, OverlayFound } from './blockers/types.js';
import type { PageSignals, ProbeLimits, Solvable, WidgetInfo } from './captcha/types.js';
import type { FieldQuery, FieldValues } from './extract/types.js';
import type { AriaOption, ControlKind, CustomSelectKind, SelectState, ToggleRoute } from './forms/types.js';
import type { ClickAim, ClickPoint, FieldState, FillAim, FindQuery, FindResult, Gone, Landing, SelectDone } from './target/types.js';
import type { SavedOrigin } from './storage/types.js';
import type { DomQuiet, LightRead, ScrollBox, WalkLook, WalkOptions, WalkResult } from './walk/types.js';

declare const element: unique symbol;
/** An element on the page's side of a call: a Playwright ElementHandle where node holds it, an Element in the page. */
export interface ElementRef {
  readonly [element]: true;
}

/** What node may call on a document: each method runs in it, its arguments and answer plain data (or ElementRef). */
export interface PageCalls {
  // The walker (./walk).
  /** One walk of the document (same-origin iframes and open shadow roots walked inline). */
  walk(options: WalkOptions): WalkResult;
  /** The document's quiet and, when it has loaded, shows its root and has been quiet `walkIfQuietFor` ms (null: at once), a walk. */
  look(options: WalkOptions, walkIfQuietFor: number | null): WalkLook;
  /** The document's content as a walk renders it, and the next ref number; no observation is made. */
  content(options: WalkOptions): { content: string; nextRef: number };
  /** Which of the last walk's cross-origin frames each iframe element is (-1: none). */
  foreignSlots(owners: ElementRef[]): number[];
  /** Title and scroll position only. */
  light(): LightRead;

  // The document's own state (./document.ts).
  /** Its quiet now, or a task from now (at most `turnMs`). */
  quiet(turnMs: number): DomQuiet | Promise<DomQuiet>;
  /** Resolves after the next frame and a task after it, or after `capMs`. */
  nextTurn(capMs: number): Promise<void>;
  /** The HTTP status of the document's response, from Navigation Timing; null when it does not say. */
  documentStatus(): number | null;
  /** The browser's User-Agent, as requests of this document send it. */
  userAgent(): string;
  /** Whether the window is closing (its script called window.close()), before the browser has closed it. */
  closing(): boolean;
  /** The tab's sessionStorage as [key, value] pairs (what a fork copies). */
  sessionEntries(): Array<[string, string]>;
  /** Writes pairs into the tab's sessionStorage; how many were written. */
  restoreSessionEntries(entries: Array<[string, string]>): number;
  /** Restores an origin's saved localStorage and IndexedDB in this (fresh) document of it; how many items and databases. */
  restoreOrigin(saved: SavedOrigin): Promise<number>;
  /** `<html>`, for Playwright to ready its own actions on. */
  root(): ElementRef;
  /** Null when `selector` is valid and matches something; otherwise what is wrong with it. */
  selectorProblem(selector: string): string | null;

  // Finding a step's element and acting on it (./target).
  /** Finds a step's target by text or label and gives it a ref. */
  find(query: FindQuery): FindResult;
  /** Ref's element when the top document itself holds it; null when it is gone or in an iframe. */
  refElement(ref: string): ElementRef | null;
  /** How many iframes deep ref's element is (0: the top document); -1 when it is gone. */
  refDepth(ref: string): number;
  /** The `index`th iframe element on the way to ref's element, outermost first. */
  refFrame(ref: string, index: number): ElementRef | null;
  /** In a same-origin iframe: ref's element, through the top window's numbering. */
  refFromTop(ref: string): ElementRef | null;
  /** Readies a click on ref's element in the top document and watches its events. */
  aimClick(ref: string): Promise<ClickAim | Gone>;
  /** Where the watched click landed. */
  clickLanded(): Landing;
  /** Focuses ref's field and selects its content, for the keyboard to replace. */
  aimFill(ref: string): FillAim | Gone;
  /** Takes the focus from ref's field, so it fires `change` as it does for a person; false when the ref is gone. */
  leaveField(ref: string): boolean;
  /** Ref's field once the page has reacted to a fill. */
  fieldAfter(ref: string): Promise<FieldState | Gone>;
  /** Chooses the options `wanted` names in ref's <select>, if it is ready for it (`many`: the step gave an array). */
  chooseOptions(ref: string, wanted: readonly string[], many: boolean): SelectDone | Gone;

  // Scrolling (./scrolling.ts).
  /** Where the page scrolls and how far. */
  scrollBox(): ScrollBox;
  /** Moves what scrolls to `top` px (or the bottom) at once, then lets two frames pass. */
  jump(top: number | 'bottom'): Promise<ScrollBox>;
  /** Waits until the page stops moving (a wheel scroll animates), at most `capMs`; the final y. */
  settleScroll(capMs: number): Promise<number>;

  // Blockers (./blockers).
  /** The overlay covering the page, closed by its close control when one is safe to click; null when there is none. */
  closeOverlay(minTextBehind: number): OverlayFound | null;
  /** Whether the overlay being closed is gone, waiting at most `ms`. */
  overlayGone(ms: number): Promise<boolean>;
  /** Marks (or unmarks) the pass's own key presses, which are not the agent's input. */
  markOwnInput(own: boolean): void;
  /** Leaves the overlay being closed alone for the rest of the document's life. */
  giveUpOverlay(): void;
  /** Lifts a scroll lock an overlay left on the page; true when there was one. */
  unlockScroll(): boolean;
  /** Waits (at most `budgetMs`) until autoconsent has nothing left to do in this document. */
  consentOutcome(budgetMs: number, startGraceMs: number): Promise<ConsentOutcome>;

  // CAPTCHA (./captcha).
  /** What the document shows of challenges and block pages. */
  probe(limits: ProbeLimits): PageSignals;
  /** The first widget of `vendor` with a site key, or the key in its iframe's URL. */
  captchaWidget(vendor: Solvable): WidgetInfo | null;
  /** Puts a solver's `token` where the site's form and script read it. */
  applyToken(vendor: Solvable, token: string, index: number): void;

  // Extraction (./extract) and the AI's view of the page (./outline.ts).
  /** Every field of an extract step, resolved in one pass. */
  extract(fields: Array<[string, FieldQuery]>): FieldValues;
  /** A compact outline of the document within `budget` characters. */
  outline(budget: number): string;
}

/** What node may call on an element it holds: each method runs in the element's document, with the element first. */
export interface ElementCalls {
  /** Where to click the element so that the click reaches it and nothing else. */
  clickPoint(): ClickPoint;
  /** The field as fill sees it. */
  fieldState(): FieldState;
  /** Takes the focus from the field, so it fires `change`. */
  leaveField(): void;
  /** The field once the page has had a frame and a task to react to a fill. */
  fieldAfter(): Promise<FieldState>;
  /** What fill_form finds the element to be. */
  controlKind(): ControlKind;
  /** The checked state of a native or ARIA checkbox, switch or radio. */
  checked(): boolean;
  /** An input's type, else its role. */
  inputKind(): string;
  /** How a person would toggle it (brought into view first, for the hit test). */
  toggleRoute(): ToggleRoute;
  /** The first of its labels that shows. */
  shownLabel(): ElementRef | null;
  /** The radio of its group whose label, aria-label or value is `wanted`. */
  radioOfGroup(wanted: string): ElementRef | null;
  /** Unchecks a radio by script, with input and change. */
  uncheckRadio(): void;
  /** The element's own click(). */
  scriptClick(): void;
  /** A native <select>'s state; null for any other element. */
  selectState(): SelectState | null;
  /** Whether it is an ARIA listbox, a combobox that opens one, or neither. */
  customSelectKind(): CustomSelectKind;
  /** The listbox a combobox controls, or the one shown in the document; null while none shows. */
  controlledListbox(): ElementRef | null;
  /** Whether a listbox takes several options. */
  multiselectable(): boolean;
  /** A listbox's options. */
  ariaOptions(): AriaOption[];
  /** A listbox's `index`th option. */
  ariaOption(index: number): ElementRef | null;
  /** What submits the form of `fields`: its submit control, the form itself, or a nearby submit button. */
  submitTarget(fields: ElementRef[]): ElementRef | null;
  /** Whether the element is a <form>. */
  isForm(): boolean;
  /** Submits a <form> as its submit button would. */
  requestSubmit(): void;
  /** Whether the element is a file input, and whether it takes several files; null when it is not one. */
  fileInput(): { multiple: boolean } | null;
}

/** Node's name for a call's arguments: an ElementRef is an element handle of Playwright's. */
export type NodeSide<T, Handle> = T extends ElementRef ? Handle : T extends readonly unknown[] ? { -readonly [K in keyof T]: NodeSide<T[K], Handle> } : T;

/** What a call answers, once it settled. */
export type Answer<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** The methods of `Calls` that answer an element. */
export type ElementAnswering<Calls> = { [M in keyof Calls]: Answer<Calls[M]> extends ElementRef | null ? M : never }[keyof Calls];

/** The methods of `Calls` that answer plain data. */
export type DataAnswering<Calls> = Exclude<keyof Calls, ElementAnswering<Calls>>;
