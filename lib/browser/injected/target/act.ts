// In the page: the halves of click, fill and select that run on a ref's element in the top document. Each answers in one round trip what Playwright's element
// actions learn in a dozen (and without its 345 KB injected script, which a document otherwise
// compiles in two worlds): whether the element is ready for the action now, and where to act.
// Anything but the plain case answers `slow`, and the node side hands the element to
// Playwright's own action, which waits for it as it always has.
import { pickOptionIndex } from '../strings.js';
import { clickPointOf, drawnPart } from './click-point.js';
import { fieldState, optionText } from './field.js';
import type { ClickAim, ClickPoint, FieldState, FillAim, Landing, SelectDone, Slow } from './types.js';

/** Fields whose value the keyboard writes (Playwright's fill types into these too); the others are set by Playwright. */
const TYPED_KINDS = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'textarea']);
/** The events of one click, or of one tap (its touch events come first), watched from the window's capture phase. */
const CLICK_EVENTS = ['pointerdown', 'touchstart', 'mousedown', 'pointerup', 'touchend', 'mouseup', 'click'];
// Not passive: the window's touch listeners are passive by default, and a tap that missed must be cancelled.
const LISTENING = { capture: true, passive: false } as const;
/** How long a watch waits for the click it was set for; a click that never comes must not hold later ones. */
const WATCH_MS = 3_000;
/** How long the box gets to show it stands still: one frame, or this on a page that paints none. */
const FRAME_MS = 100;

const SLOW: Slow = { state: 'slow' };

/** Enabled, shown and not covered by a disabled ancestor: what Playwright would otherwise wait for. */
function actionable(el: Element): boolean {
  if (!el.isConnected || el.matches(':disabled') || el.closest('[aria-disabled="true"]')) return false;
  const box = drawnPart(el).getBoundingClientRect();
  return box.width >= 1 && box.height >= 1 && getComputedStyle(el).visibility === 'visible';
}

const sameBox = (a: DOMRect, b: DOMRect): boolean => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

const nextFrame = (win: Window): Promise<void> =>
  new Promise((resolve) => {
    win.requestAnimationFrame(() => resolve());
    win.setTimeout(resolve, FRAME_MS);
  });

/** The element that holds the focus, through open shadow roots. */
function focused(doc: Document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** One document's watch on the next click: its events must reach `el`, or they are stopped before the page sees them. */
export class ClickWatch {
  private landing: Landing = 'none';
  private stop: (() => void) | null = null;

  constructor(private readonly win: Window) {}

  /**
   * Readies a click on `el` (in this document): enabled, shown, standing still over a frame, and
   * a point of its own box that reaches it (clickPointOf); then watches the click's events.
   */
  async aim(el: Element): Promise<ClickAim> {
    if (!actionable(el)) return SLOW;
    const point: ClickPoint = clickPointOf(el);
    if (point.kind === 'nested') return { state: 'nested', controls: point.controls };
    if (point.kind === 'unknown') return SLOW;
    const { at } = point;
    if (at.x < 0 || at.y < 0 || at.x >= this.win.innerWidth || at.y >= this.win.innerHeight) return SLOW;
    const before = el.getBoundingClientRect();
    await nextFrame(this.win);
    if (!el.isConnected || !sameBox(before, el.getBoundingClientRect())) return SLOW;
    this.watch(el);
    return { state: 'ready', at };
  }

  /** Where the watched click landed; ends the watch. */
  landed(): Landing {
    const landing = this.landing;
    this.stop?.();
    return landing;
  }

  private watch(el: Element): void {
    this.stop?.();
    this.landing = 'none';
    // The first event decides: one that does not reach el (something moved over it since the
    // point was read) is stopped with the rest of that click, as Playwright's own check does.
    const listener = (event: Event): void => {
      if (!event.isTrusted) return;
      if (this.landing === 'none') this.landing = event.composedPath().includes(el) ? 'hit' : 'missed';
      if (this.landing === 'missed') {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
      if (event.type === 'click') end();
    };
    const timer = this.win.setTimeout(() => end(), WATCH_MS);
    const end = (): void => {
      this.win.clearTimeout(timer);
      for (const type of CLICK_EVENTS) this.win.removeEventListener(type, listener, LISTENING);
      if (this.stop === end) this.stop = null;
    };
    for (const type of CLICK_EVENTS) this.win.addEventListener(type, listener, LISTENING);
    this.stop = end;
  }
}

/**
 * Readies a fill of `el`: a field the keyboard writes, enabled, editable and shown, gets the
 * focus and its content selected (what Playwright's fill does before it types), and says what
 * it held. A field that refuses the focus is left to Playwright.
 */
export function aimFill(el: Element): FillAim {
  const field = fieldState(el);
  if (!TYPED_KINDS.has(field.kind) || field.readOnly || !actionable(el)) return SLOW;
  const input = el as HTMLInputElement | HTMLTextAreaElement;
  input.focus();
  if (focused(el.ownerDocument) !== el) return SLOW;
  input.select();
  return { state: 'ready', field };
}

/** After a fill: the field once the page has had a frame and a task to react to it (a reset after validation). */
export async function fieldAfter(el: Element): Promise<FieldState> {
  const win = el.ownerDocument.defaultView ?? window;
  await new Promise<void>((resolve) => {
    win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
    win.setTimeout(resolve, 250);
  });
  return fieldState(el);
}

/**
 * Chooses exactly the options `wanted` names (../strings.ts) in a <select> that is
 * ready for it (enabled and shown, what Playwright's selectOption waits for), then fires input
 * and change as a person's choice does. `many`: the step gave an array, which a select that is
 * not multiple refuses. A disabled option, or anything but a plain <select>, is left to Playwright.
 */
export function chooseInSelect(el: Element, wanted: readonly string[], many: boolean): SelectDone {
  if (!(el instanceof HTMLSelectElement) || !actionable(el)) return SLOW;
  if (many && !el.multiple) return { state: 'single' };
  const options = Array.from(el.options);
  const infos = options.map(optionText);
  const chosen = new Set<HTMLOptionElement>();
  for (const one of wanted) {
    const option = options[pickOptionIndex(infos, one)];
    if (!option) return { state: 'missing', wanted: one, values: infos.map((o) => o.value) };
    if (option.matches(':disabled')) return SLOW;
    chosen.add(option);
  }
  if (el.multiple) for (const option of options) option.selected = chosen.has(option);
  else el.selectedIndex = options.indexOf([...chosen][0]!);
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return { state: 'chosen' };
}
