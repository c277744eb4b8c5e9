import type { InteractiveElement } from '../../../contract/response/page.js';
import { truncate } from '../strings.js';
import { NO_CONTENT_TAGS } from './tree.js';

/** A control whose own text is longer than this is a container (a card, a row): its content is rendered after its marker. */
export const MARK_TEXT_MAX = 100;
/** Listed controls inside a control whose content is not rendered, written after its marker, at most. */
export const INNER_MARKS_MAX = 50;

/**
 * True when a listed control's content is rendered after its marker (a card, a row); otherwise
 * its marker stands for it, and the controls listed inside it (a folder item's toggle) follow
 * the marker. A field, a select or a list box never opens: its options are in its entry.
 */
export const opensContent = (live: Element): boolean => !NO_CONTENT_TAGS.has(live.localName) && (live.textContent ?? '').length > MARK_TEXT_MAX;
const LABEL_MAX = 80;

/** The states worth reading in the text, in the order they are written. */
function states(item: InteractiveElement): string[] {
  const found: string[] = [];
  if (item.disabled) found.push('disabled');
  if (item.checked !== undefined) found.push(item.mixed ? 'mixed' : item.checked ? 'checked' : 'unchecked');
  if (item.expanded !== undefined) found.push(item.expanded ? 'expanded' : 'collapsed');
  if (item.selected) found.push('selected');
  if (item.required) found.push('required');
  return found;
}

/**
 * A control as it reads in place: `[e12: textbox "Email"]`, `[e3: button "Send" disabled]`,
 * `[e7: textbox "Name" = "Ada"]`; the label and value cut short (the element list has them whole).
 */
export function controlMark(item: InteractiveElement): string {
  let mark = `${item.ref}: ${item.role}`;
  if (item.label) mark += ` ${JSON.stringify(truncate(item.label, LABEL_MAX))}`;
  const extra = states(item);
  if (extra.length) mark += ` ${extra.join(' ')}`;
  if (item.value !== undefined && item.checked === undefined) mark += ` = ${JSON.stringify(truncate(item.value, LABEL_MAX))}`;
  return `[${mark}]`;
}
