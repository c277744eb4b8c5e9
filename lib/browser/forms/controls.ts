// What fill_form needs to know about a form control, read in the page (these functions are
// serialised into it: each one is self-contained), and how a checkbox or radio is set like a
// person sets it, including the common "input hidden behind a styled label" pattern.
import type { ElementHandle } from 'playwright';
import { StepError } from '../../contract/errors.js';
import { ACTION_TIMEOUT_MS, perform } from '../act/targeting/index.js';
import type { OptionInfo } from '../injected/target/options.js';

/** The kind of control fill_form found for a label. */
export type ControlInfo =
  | { kind: 'text' }
  | { kind: 'select'; options: OptionInfo[] }
  | { kind: 'checkbox' }
  | { kind: 'radio' }
  | { kind: 'file' }
  | { kind: 'button' };

/** Runs in the page: what kind of control `el` is. */
export function describeControl(el: Element): ControlInfo {
  const role = (el.getAttribute('role') ?? '').trim().toLowerCase();
  if (el instanceof HTMLInputElement) {
    const type = el.type;
    if (type === 'checkbox') return { kind: 'checkbox' };
    if (type === 'radio') return { kind: 'radio' };
    if (type === 'file') return { kind: 'file' };
    if (['submit', 'button', 'reset', 'image'].includes(type)) return { kind: 'button' };
    return { kind: 'text' };
  }
  if (el instanceof HTMLSelectElement) {
    const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();
    return { kind: 'select', options: Array.from(el.options, (o) => ({ value: o.value, text: squash(o.label || o.text) })) };
  }
  if (role === 'checkbox' || role === 'switch' || role === 'menuitemcheckbox') return { kind: 'checkbox' };
  if (role === 'radio' || role === 'menuitemradio') return { kind: 'radio' };
  return { kind: 'text' };
}

/** Runs in the page: the checked state of a native or ARIA checkbox, switch or radio. */
export function readChecked(el: Element): boolean {
  if (el instanceof HTMLInputElement) return el.checked;
  return el.getAttribute('aria-checked') === 'true';
}

/**
 * Runs in the page: the radio of `el`'s group (same name in the same form, or the same ARIA
 * radiogroup) whose label, aria-label or value is `wanted`: exact first (case and spacing
 * ignored), then a label starting with it. Null when none matches.
 */
export function radioOfGroup(el: Element, wanted: string): Element | null {
  const norm = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  let group: Element[] = [el];
  if (el instanceof HTMLInputElement) {
    const root = el.getRootNode() as Document | ShadowRoot;
    if (el.name) {
      group = Array.from(root.querySelectorAll('input[type="radio"]')).filter(
        (r) => r instanceof HTMLInputElement && r.name === el.name && r.form === el.form,
      );
    }
  } else {
    const container = el.closest('[role="radiogroup"]');
    if (container) group = Array.from(container.querySelectorAll('[role="radio"], [role="menuitemradio"]'));
  }
  const target = norm(wanted);
  const labelOf = (r: Element): string[] => {
    const labels = r instanceof HTMLInputElement && r.labels ? Array.from(r.labels, (l) => norm(l.textContent)) : [];
    const own = r instanceof HTMLInputElement ? [] : [norm(r.textContent)];
    return [...labels, ...own, norm(r.getAttribute('aria-label'))].filter(Boolean);
  };
  const valueOf = (r: Element): string => (r instanceof HTMLInputElement ? norm(r.value) : '');
  return (
    group.find((r) => labelOf(r).includes(target)) ??
    group.find((r) => valueOf(r) === target) ??
    group.find((r) => labelOf(r).some((l) => l.startsWith(target))) ??
    null
  );
}

/** How a checkbox or radio gets clicked: itself, at its place through what covers it, through its label, or by script. */
type ToggleRoute = 'direct' | 'covered' | 'label' | 'script';

/** Runs in the page: how a person would toggle `el` (brought into view first, for the hit test). */
function toggleRoute(el: Element): ToggleRoute {
  const labels = el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : [];
  const shown = (e: Element): boolean => {
    const r = e.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1 && e.checkVisibility({ checkOpacity: true, visibilityProperty: true });
  };
  const box = el.getBoundingClientRect();
  if (box.width >= 1 && box.height >= 1 && el.checkVisibility({ visibilityProperty: true })) {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const r = el.getBoundingClientRect();
    const root = el.getRootNode() as Document | ShadowRoot;
    const hit = root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && (hit === el || el.contains(hit))) return 'direct';
    if (hit && labels.some((label) => label.contains(hit))) return 'covered';
  }
  if (labels.some(shown)) return 'label';
  return 'script';
}

/** Runs in the page: the first of `el`'s labels that shows. */
function shownLabel(el: Element): Element | null {
  const labels = el instanceof HTMLInputElement && el.labels ? Array.from(el.labels) : [];
  return labels.find((label) => label.getClientRects().length > 0 && label.checkVisibility({ checkOpacity: true, visibilityProperty: true })) ?? null;
}

/** Runs in the page: the fallback a person cannot do, for a radio to become unchecked. */
function uncheckRadio(el: Element): void {
  if (!(el instanceof HTMLInputElement)) return;
  el.checked = false;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Sets a checkbox, switch or radio to `want`. A control the pointer can reach is clicked through
 * Playwright (which checks the state changed); one hidden behind a styled label is clicked at its
 * place or through its label; the last resort is the element's own click() in the page. A radio
 * cannot be unchecked by clicking, so that one is done by script.
 */
export async function setToggle(handle: ElementHandle<Element>, want: boolean, label: string): Promise<void> {
  if ((await handle.evaluate(readChecked)) === want) return;
  const kind = await handle.evaluate((el) => (el instanceof HTMLInputElement ? el.type : el.getAttribute('role') ?? ''));
  if (!want && kind === 'radio') {
    await handle.evaluate(uncheckRadio);
    return;
  }
  const route = await handle.evaluate(toggleRoute);
  const what = want ? 'check' : 'uncheck';
  if (route === 'direct') {
    await perform(what, () => handle.setChecked(want, { timeout: ACTION_TIMEOUT_MS }));
    return;
  }
  if (route === 'covered') {
    // The click lands on what covers the input inside its label: the label passes it on.
    await perform(what, () => handle.click({ force: true, timeout: ACTION_TIMEOUT_MS }));
  } else if (route === 'label') {
    const target = (await handle.evaluateHandle(shownLabel)).asElement();
    if (target) await perform(what, () => target.click({ timeout: ACTION_TIMEOUT_MS }));
    await target?.dispose();
  } else {
    await handle.evaluate((el) => (el as HTMLElement).click());
  }
  if ((await handle.evaluate(readChecked)) !== want) {
    throw new StepError('action_failed', `${what} of "${label}" did not change its state`, { reason: 'state_unchanged' });
  }
}
